//===- GluOps.cpp - glu dialect operations
//---------------------------------===//
//
// Custom assembly, verifiers, builders, folders and shape reification of
// glu.glu, glu.glu_back and glu.round.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluOps.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

using namespace mlir;
using namespace mlir::glu;

RankedTensorType mlir::glu::inferGluResultType(RankedTensorType aType,
                                               bool fused) {
  if (!fused || aType.getRank() == 0)
    return aType;
  SmallVector<int64_t> shape(aType.getShape());
  if (!ShapedType::isDynamic(shape.back()))
    shape.back() /= 2;
  return RankedTensorType::get(shape, aType.getElementType());
}

//===----------------------------------------------------------------------===//
// Custom assembly
//===----------------------------------------------------------------------===//

static ParseResult parseGluVariant(OpAsmParser &parser, VariantAttr &variant) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<Variant> value = symbolizeVariant(keyword);
  if (!value) {
    InFlightDiagnostic diag = parser.emitError(loc, "unknown glu variant '")
                              << keyword << "'; expected one of ";
    llvm::interleaveComma(allVariants(), diag,
                          [&](Variant v) { diag << stringifyVariant(v); });
    return diag;
  }
  variant = VariantAttr::get(parser.getContext(), *value);
  return success();
}

static void printGluVariant(OpAsmPrinter &p, Operation *, VariantAttr variant) {
  p << stringifyVariant(variant.getValue());
}

/// Parses `(keyword)` into an enum attribute.
template <typename AttrT, typename SymbolizeFn>
static ParseResult parseEnumClause(OpAsmParser &parser, StringRef clause,
                                   SymbolizeFn symbolize, AttrT &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (result)
    return parser.emitError(loc, "duplicate '") << clause << "' clause";
  StringRef keyword;
  if (parser.parseLParen() || parser.parseKeyword(&keyword) ||
      parser.parseRParen())
    return failure();
  auto value = symbolize(keyword);
  if (!value)
    return parser.emitError(loc, "unknown ")
           << clause << " '" << keyword << "'";
  result = AttrT::get(parser.getContext(), *value);
  return success();
}

/// The length of the decimal number at `text`, C's syntax without a sign:
/// digits, an optional fraction, an optional exponent (`7`, `1.702`, `1e39`,
/// `2.5E-3`); 0 if none starts there.
static size_t scanDecimal(const char *text) {
  size_t n = 0;
  while (llvm::isDigit(text[n]))
    ++n;
  if (n == 0)
    return 0;
  if (text[n] == '.')
    for (++n; llvm::isDigit(text[n]);)
      ++n;
  if (text[n] == 'e' || text[n] == 'E') {
    size_t digits = n + 1 + (text[n + 1] == '-' || text[n + 1] == '+');
    if (llvm::isDigit(text[digits])) {
      n = digits;
      while (llvm::isDigit(text[n]))
        ++n;
    }
  }
  return n;
}

/// Consumes the tokens MLIR's lexer makes of the decimal number of `length`
/// characters at the current location. A float literal needs a `.` there,
/// so `1e39` is the integer `1` and the identifier `e39`, and `1e-5` is
/// `1`, `e`, `-`, `5`; failure if a word runs past the number (`1e5x`).
/// (Numbers and signs are the same tokens for the lexer as for the scan.)
static ParseResult consumeDecimal(OpAsmParser &parser, size_t length) {
  const char *end = parser.getCurrentLocation().getPointer() + length;
  while (parser.getCurrentLocation().getPointer() < end) {
    const char *at = parser.getCurrentLocation().getPointer();
    if (llvm::isDigit(*at)) {
      const char *digits = at;
      while (llvm::isDigit(*digits))
        ++digits;
      if (*digits == '.') {
        double ignored;
        if (parser.parseFloat(ignored))
          return failure();
      } else {
        APInt ignored;
        if (!parser.parseOptionalInteger(ignored).has_value())
          return failure();
      }
    } else if (*at == '-' || *at == '+') {
      if (failed(*at == '-' ? parser.parseOptionalMinus()
                            : parser.parseOptionalPlus()))
        return failure();
    } else {
      StringRef word;
      if (failed(parser.parseOptionalKeyword(&word)) || at + word.size() > end)
        return failure();
    }
  }
  return success();
}

/// Parses `(float)` into an f32 attribute.
static ParseResult parseFloatClause(OpAsmParser &parser, StringRef clause,
                                    FloatAttr &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (result)
    return parser.emitError(loc, "duplicate '") << clause << "' clause";
  APFloat value(0.0f);
  if (parser.parseLParen())
    return failure();
  // A hexadecimal integer is the f32 bit pattern, as in MLIR's float
  // attributes (`0x40E00000` is 7.0, `0x7F800000` is inf), never the
  // integer's value; a decimal integer (`limit(7)`) is as good as `7.0`.
  auto atHex = [&] {
    const char *text = parser.getCurrentLocation().getPointer();
    return text && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  };
  if (atHex()) {
    // 1 to 8 significant hex digits (leading zeros allowed, as in
    // arith.constant): the lexer's messages for others name neither the
    // clause nor the pattern (`0x`: "add a trailing dot").
    SMLoc hexLoc = parser.getCurrentLocation();
    const char *digits = hexLoc.getPointer() + 2;
    size_t count = 0, leadingZeros = 0;
    while (digits[leadingZeros] == '0')
      ++leadingZeros;
    while (llvm::isHexDigit(digits[count]))
      ++count;
    if (count == 0 || count - std::min(count, leadingZeros) > 8 ||
        digits[count] == '.')
      return parser.emitError(hexLoc, "a hexadecimal literal in '")
             << clause << "(...)' is an f32 bit pattern of 1 to 8 hex digits";
    if (parser.parseFloat(APFloat::IEEEsingle(), value))
      return failure();
  } else {
    bool negative = succeeded(parser.parseOptionalMinus());
    SMLoc numberLoc = parser.getCurrentLocation();
    if (negative && atHex())
      return parser.emitError(numberLoc,
                              "a hexadecimal float literal is a bit pattern; "
                              "it takes no sign");
    // A decimal number in C's syntax (MLIR's float literals need a `.`;
    // `1e39` is as good as `1.0e39`), rounded to the nearest f32. One that
    // rounds to infinity or, not being zero, to zero is not the number
    // written: an error here, where the text still is.
    StringRef text(numberLoc.getPointer(), scanDecimal(numberLoc.getPointer()));
    if (text.empty()) {
      StringRef word;
      if (succeeded(parser.parseOptionalKeyword(&word)))
        return parser.emitError(numberLoc, "expected a number in '")
               << clause << "(...)', got '" << word << "'"
               << (word == "inf" || word == "nan"
                       ? " (infinities and NaN are written as hexadecimal "
                         "bit patterns, and the verifier rejects them)"
                       : "");
      return parser.emitError(numberLoc, "expected a number in '")
             << clause << "(...)'";
    }
    // `alpha(1.0.)`: lexing the second `.`, MLIR speaks of ellipses.
    if (numberLoc.getPointer()[text.size()] == '.')
      return parser.emitError(numberLoc, "expected ')' after the number in '")
             << clause << "(...)'";
    if (failed(consumeDecimal(parser, text.size())))
      return parser.emitError(numberLoc, "expected a number in '")
             << clause << "(...)'";
    value = APFloat(APFloat::IEEEsingle());
    auto status = value.convertFromString(text, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return parser.emitError(numberLoc, "'")
             << text << "' is not a number in '" << clause << "(...)'";
    }
    if (*status & APFloat::opOverflow)
      return parser.emitError(numberLoc, "'")
             << clause << "' value " << (negative ? "-" : "") << text
             << " is out of f32 range (largest finite magnitude "
                "3.40282347e+38)";
    if (value.isZero() && (*status & APFloat::opInexact))
      return parser.emitError(numberLoc, "'")
             << clause << "' value " << (negative ? "-" : "") << text
             << " is out of f32 range (it rounds to 0; the smallest "
                "magnitude is 1.40129846e-45)";
    if (negative)
      value.changeSign();
  }
  if (parser.parseRParen())
    return failure();
  result = FloatAttr::get(Float32Type::get(parser.getContext()), value);
  return success();
}

/// Optional clauses, in any order: `packing(p) rounding(r) alpha(f) limit(f)`.
static ParseResult parseGluOptions(OpAsmParser &parser, PackingAttr &packing,
                                   RoundingAttr &rounding, FloatAttr &alpha,
                                   FloatAttr &limit) {
  while (true) {
    if (succeeded(parser.parseOptionalKeyword("packing"))) {
      if (parseEnumClause(
              parser, "packing",
              [](StringRef s) { return symbolizePacking(s); }, packing))
        return failure();
    } else if (succeeded(parser.parseOptionalKeyword("rounding"))) {
      if (parseEnumClause(
              parser, "rounding",
              [](StringRef s) { return symbolizeRounding(s); }, rounding))
        return failure();
    } else if (succeeded(parser.parseOptionalKeyword("alpha"))) {
      if (parseFloatClause(parser, "alpha", alpha))
        return failure();
    } else if (succeeded(parser.parseOptionalKeyword("limit"))) {
      if (parseFloatClause(parser, "limit", limit))
        return failure();
    } else {
      return success();
    }
  }
}

/// The attribute dictionary of an op with clauses: only discardable
/// attributes. An inherent attribute there would silently override its
/// clause (`swiglu(...) {variant = #glu.variant<reglu>}`); it is an error.
static ParseResult parseAttrDictWithout(OpAsmParser &parser,
                                        NamedAttrList &attrs,
                                        ArrayRef<StringRef> clauses) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  for (StringRef clause : clauses)
    if (attrs.get(clause))
      return parser.emitError(loc, "'")
             << clause
             << "' is written as a clause, not in the attribute dictionary";
  return success();
}

/// The clauses of glu.glu and glu.glu_back.
static constexpr StringLiteral kGluClauses[] = {"variant", "rounding",
                                                "packing", "alpha", "limit"};

static ParseResult parseGluAttrDict(OpAsmParser &parser, NamedAttrList &attrs) {
  return parseAttrDictWithout(
      parser, attrs,
      SmallVector<StringRef>(std::begin(kGluClauses), std::end(kGluClauses)));
}

static void printGluAttrDict(OpAsmPrinter &p, Operation *,
                             DictionaryAttr attrs) {
  p.printOptionalAttrDict(
      attrs.getValue(),
      SmallVector<StringRef>(std::begin(kGluClauses), std::end(kGluClauses)));
}

static ParseResult parseRoundAttrDict(OpAsmParser &parser,
                                      NamedAttrList &attrs) {
  return parseAttrDictWithout(parser, attrs, {"to"});
}

static void printRoundAttrDict(OpAsmPrinter &p, Operation *,
                               DictionaryAttr attrs) {
  p.printOptionalAttrDict(attrs.getValue(), {"to"});
}

/// Prints the clauses that differ from their defaults.
static void printGluOptions(OpAsmPrinter &p, Operation *, PackingAttr packing,
                            RoundingAttr rounding, FloatAttr alpha,
                            FloatAttr limit) {
  if (packing && packing.getValue() != Packing::halves)
    p << " packing(" << stringifyPacking(packing.getValue()) << ")";
  if (rounding && rounding.getValue() != Rounding::two_round)
    p << " rounding(" << stringifyRounding(rounding.getValue()) << ")";
  if (alpha && alpha.getValueAsDouble() != double(kDefaultAlpha)) {
    p << " alpha(";
    p.printFloat(alpha.getValue());
    p << ")";
  }
  if (limit && limit.getValueAsDouble() != double(kDefaultLimit)) {
    p << " limit(";
    p.printFloat(limit.getValue());
    p << ")";
  }
}

/// Trailing types: either one type that every operand and result has, or the
/// operand types `->` the result types. `types` lists the slots to fill, in
/// order (operands first); `numOperands` says where the results start.
static ParseResult parseTypeSlots(OpAsmParser &parser,
                                  ArrayRef<Type *> operandSlots,
                                  ArrayRef<Type *> resultSlots) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> operandTypes, resultTypes;
  if (parser.parseTypeList(operandTypes))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    if (parser.parseTypeList(resultTypes))
      return failure();
  } else if (operandTypes.size() == 1) {
    operandTypes.assign(operandSlots.size(), operandTypes.front());
    resultTypes.assign(resultSlots.size(), operandTypes.front());
  }
  if (operandTypes.size() != operandSlots.size() ||
      resultTypes.size() != resultSlots.size())
    return parser.emitError(loc, "expected one type for every operand and "
                                 "result, or ")
           << operandSlots.size() << " operand type(s) `->` "
           << resultSlots.size() << " result type(s)";
  for (auto [slot, type] : llvm::zip(operandSlots, operandTypes))
    *slot = type;
  for (auto [slot, type] : llvm::zip(resultSlots, resultTypes))
    *slot = type;
  return success();
}

static void printTypeSlots(OpAsmPrinter &p, TypeRange operandTypes,
                           TypeRange resultTypes) {
  Type first = operandTypes.front();
  if (llvm::all_equal(operandTypes) && llvm::all_equal(resultTypes) &&
      resultTypes.front() == first) {
    p << first;
    return;
  }
  llvm::interleaveComma(operandTypes, p);
  p << " -> ";
  llvm::interleaveComma(resultTypes, p);
}

static ParseResult
parseGluTypes(OpAsmParser &parser,
              std::optional<OpAsmParser::UnresolvedOperand> b, Type &aType,
              Type &bType, Type &yType) {
  SmallVector<Type *> operands = {&aType};
  if (b)
    operands.push_back(&bType);
  return parseTypeSlots(parser, operands, {&yType});
}

static void printGluTypes(OpAsmPrinter &p, Operation *op, Value b, Type aType,
                          Type bType, Type yType) {
  SmallVector<Type> operands = {aType};
  if (b)
    operands.push_back(bType);
  printTypeSlots(p, operands, yType);
}

static ParseResult
parseGluBackTypes(OpAsmParser &parser,
                  std::optional<OpAsmParser::UnresolvedOperand> b, Type &dyType,
                  Type &aType, Type &bType, Type &daType, Type &dbType) {
  SmallVector<Type *> operands = {&dyType, &aType};
  SmallVector<Type *> results = {&daType};
  if (b) {
    operands.push_back(&bType);
    results.push_back(&dbType);
  }
  return parseTypeSlots(parser, operands, results);
}

static void printGluBackTypes(OpAsmPrinter &p, Operation *op, Value b,
                              Type dyType, Type aType, Type bType, Type daType,
                              Type dbType) {
  SmallVector<Type> operands = {dyType, aType};
  SmallVector<Type> results = {daType};
  if (b)
    operands.push_back(bType);
  if (dbType)
    results.push_back(dbType);
  printTypeSlots(p, operands, results);
}

//===----------------------------------------------------------------------===//
// Verification shared by glu.glu and glu.glu_back
//===----------------------------------------------------------------------===//

/// A float for a diagnostic: `inf`, `-inf` and `nan` spelled plainly.
static std::string formatFloat(const APFloat &value) {
  if (value.isNaN())
    return "nan";
  if (value.isInfinity())
    return value.isNegative() ? "-inf" : "inf";
  SmallString<16> text;
  value.toString(text);
  return std::string(text);
}

/// The attribute rules of docs/semantics.md ("Attributes", "Variants",
/// "Rounding plans", "Legal combinations").
template <typename OpT> static LogicalResult verifyConfig(OpT op) {
  Variant variant = op.getVariant();
  if (!op.isFused() && op.getPacking())
    return op.emitOpError("'packing' is only allowed on the fused "
                          "(single-operand) form");
  for (auto [name, value] : {std::make_pair("alpha", op.getAlpha()),
                             std::make_pair("limit", op.getLimit())}) {
    if (value && variant != Variant::swiglu_oai)
      return op.emitOpError("'")
             << name << "' is only allowed on variant swiglu_oai, not "
             << stringifyVariant(variant);
  }
  if (std::optional<APFloat> alpha = op.getAlpha(); alpha && !alpha->isFinite())
    return op.emitOpError("'alpha' must be finite, got ")
           << formatFloat(*alpha);
  if (std::optional<APFloat> limit = op.getLimit();
      limit && (!limit->isFinite() || !(limit->convertToFloat() > 0.0f)))
    return op.emitOpError("'limit' must be finite and > 0, got ")
           << formatFloat(*limit);
  Rounding rounding = op.getRounding();
  if (!isLegalCombination(variant, rounding, op.getPacking(),
                          op.getStorageType())) {
    // Storage types and packings are legal with every variant (ODS checks the
    // types), so the plan is what is wrong: name the variants that have it.
    SmallVector<StringRef> defined;
    for (Variant v : allVariants())
      if (isLegalRounding(v, rounding))
        defined.push_back(stringifyVariant(v));
    InFlightDiagnostic diag = op.emitOpError("rounding plan '")
                              << stringifyRounding(rounding)
                              << "' is only defined for ";
    for (auto [i, name] : llvm::enumerate(defined))
      diag << (i == 0 ? "" : i + 1 == defined.size() ? " and " : ", ") << name;
    return diag << ", not " << stringifyVariant(variant);
  }
  return success();
}

/// Element types, ranks and the shapes of the forward operands; returns the
/// forward result type implied by them.
static FailureOr<RankedTensorType> verifyForwardOperands(Operation *op, Value a,
                                                         Value b) {
  auto aType = cast<RankedTensorType>(a.getType());
  Type element = aType.getElementType();
  for (Type type :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes())) {
    Type other = cast<RankedTensorType>(type).getElementType();
    if (other != element)
      return op->emitOpError("all operands and results must share one "
                             "element type, got ")
             << element << " and " << other;
  }
  if (aType.getRank() == 0)
    return op->emitOpError("operands must have rank >= 1 (the GLU axis is "
                           "the last dimension)");
  if (b) {
    auto bType = cast<RankedTensorType>(b.getType());
    if (failed(verifyCompatibleShape(aType, bType)))
      return op->emitOpError("split operands must have the same shape, got ")
             << aType << " and " << bType;
  } else {
    int64_t n = aType.getShape().back();
    if (!ShapedType::isDynamic(n) && n < 2)
      return op->emitOpError("fused operand's last dimension must be >= 2 "
                             "(it holds both halves), got ")
             << n;
  }
  return inferGluResultType(aType, !b);
}

/// `actual` must be shape-compatible with `expected`.
static LogicalResult verifyShapeOf(Operation *op, StringRef what, Type actual,
                                   RankedTensorType expected,
                                   StringRef because) {
  if (succeeded(verifyCompatibleShape(actual, expected)))
    return success();
  return op->emitOpError() << what << " must have shape compatible with "
                           << expected << " (" << because << "), got "
                           << actual;
}

LogicalResult GluOp::verify() {
  if (failed(verifyConfig(*this)))
    return failure();
  FailureOr<RankedTensorType> expected =
      verifyForwardOperands(*this, getA(), getB());
  if (failed(expected))
    return failure();
  return verifyShapeOf(*this, "result", getY().getType(), *expected,
                       isFused() ? "fused: last size floor(n/2)"
                                 : "split: the operands' shape");
}

LogicalResult GluBackOp::verify() {
  if (failed(verifyConfig(*this)))
    return failure();
  FailureOr<RankedTensorType> expected =
      verifyForwardOperands(*this, getA(), getB());
  if (failed(expected))
    return failure();
  if (failed(verifyShapeOf(*this, "'dy'", getDy().getType(), *expected,
                           "the forward result's shape")))
    return failure();
  if (isFused() && getDb())
    return emitOpError("the fused form returns one gradient (d_a), not two");
  if (!isFused() && !getDb())
    return emitOpError("the split form returns two gradients (d_a, d_b)");
  auto aType = cast<RankedTensorType>(getA().getType());
  if (failed(verifyShapeOf(*this, "'d_a'", getDa().getType(), aType,
                           "the shape of 'a'")))
    return failure();
  if (getDb())
    return verifyShapeOf(*this, "'d_b'", getDb().getType(),
                         cast<RankedTensorType>(getB().getType()),
                         "the shape of 'b'");
  return success();
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// Sets the attributes shared by both ops.
template <typename PropertiesT>
static void setConfig(OpBuilder &builder, PropertiesT &props, Variant variant,
                      Rounding rounding, std::optional<Packing> packing,
                      std::optional<float> alpha, std::optional<float> limit) {
  MLIRContext *ctx = builder.getContext();
  props.variant = VariantAttr::get(ctx, variant);
  props.rounding = RoundingAttr::get(ctx, rounding);
  if (packing)
    props.packing = PackingAttr::get(ctx, *packing);
  if (alpha)
    props.alpha = builder.getF32FloatAttr(*alpha);
  if (limit)
    props.limit = builder.getF32FloatAttr(*limit);
}

void GluOp::build(OpBuilder &builder, OperationState &state, Variant variant,
                  Value a, Value b, Rounding rounding,
                  std::optional<Packing> packing, std::optional<float> alpha,
                  std::optional<float> limit) {
  state.addOperands(a);
  if (b)
    state.addOperands(b);
  setConfig(builder, state.getOrAddProperties<Properties>(), variant, rounding,
            packing, alpha, limit);
  state.addTypes(inferGluResultType(cast<RankedTensorType>(a.getType()), !b));
}

void GluBackOp::build(OpBuilder &builder, OperationState &state,
                      Variant variant, Value dy, Value a, Value b,
                      Rounding rounding, std::optional<Packing> packing,
                      std::optional<float> alpha, std::optional<float> limit) {
  state.addOperands({dy, a});
  state.addTypes(a.getType());
  if (b) {
    state.addOperands(b);
    state.addTypes(b.getType());
  }
  setConfig(builder, state.getOrAddProperties<Properties>(), variant, rounding,
            packing, alpha, limit);
}

//===----------------------------------------------------------------------===//
// Folding and canonicalization
//===----------------------------------------------------------------------===//

/// True when `gate` is a constant splat whose value is not > 0 (NaN
/// included): reglu then yields 0, and zero gradients, whatever `g` is.
static bool isNonPositiveSplat(Attribute gate) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(gate);
  if (!splat)
    return false;
  APFloat value = splat.getSplatValue<APFloat>();
  return !(value.isNonZero() && !value.isNegative() && !value.isNaN());
}

static Attribute zerosOf(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape())
    return {};
  auto element = cast<FloatType>(tensorType.getElementType());
  return DenseElementsAttr::get(tensorType,
                                APFloat::getZero(element.getFloatSemantics()));
}

OpFoldResult GluOp::fold(FoldAdaptor adaptor) {
  if (getVariant() == Variant::reglu && !isFused() &&
      isNonPositiveSplat(adaptor.getA()))
    return zerosOf(getType());
  return {};
}

LogicalResult GluBackOp::fold(FoldAdaptor adaptor,
                              SmallVectorImpl<OpFoldResult> &results) {
  if (getVariant() != Variant::reglu || isFused() ||
      !isNonPositiveSplat(adaptor.getA()))
    return failure();
  Attribute da = zerosOf(getDa().getType());
  Attribute db = zerosOf(getDb().getType());
  if (!da || !db)
    return failure();
  results.push_back(da);
  results.push_back(db);
  return success();
}

namespace {
/// A fused glu.glu whose operand is the concatenation, along the last
/// dimension, of two equally sized tensors is the split form on them:
///   glu.glu V(tensor.concat dim(last) %p, %q) -> glu.glu V(%p, %q)
/// (`swapped` packing takes them in the other order).
struct FoldConcatIntoSplit : OpRewritePattern<GluOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GluOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.isFused())
      return rewriter.notifyMatchFailure(op, "already split");
    Packing packing = op.getPackingOrDefault();
    if (packing == Packing::interleaved)
      return rewriter.notifyMatchFailure(op, "interleaved halves");
    auto concat = op.getA().getDefiningOp<tensor::ConcatOp>();
    if (!concat || concat.getInputs().size() != 2)
      return rewriter.notifyMatchFailure(op, "operand is not a 2-way concat");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    if (concat.getDim() != uint64_t(aType.getRank() - 1))
      return rewriter.notifyMatchFailure(op, "concat not along the last dim");
    Value first = concat.getInputs()[0], second = concat.getInputs()[1];
    if (first.getType() != second.getType() ||
        first.getType() != op.getType() ||
        cast<RankedTensorType>(first.getType())
            .isDynamicDim(aType.getRank() - 1))
      return rewriter.notifyMatchFailure(
          op, "halves differ from each other or from the result type");
    if (packing == Packing::swapped)
      std::swap(first, second);
    rewriter.replaceOpWithNewOp<GluOp>(
        op, op.getVariant(), first, second, op.getRounding(), std::nullopt,
        op.getAlpha() ? std::optional(op.getAlpha()->convertToFloat())
                      : std::nullopt,
        op.getLimit() ? std::optional(op.getLimit()->convertToFloat())
                      : std::nullopt);
    return success();
  }
};
} // namespace

void GluOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<FoldConcatIntoSplit>(context);
}

OpFoldResult RoundOp::fold(FoldAdaptor adaptor) {
  // Rounding is idempotent.
  if (auto inner = getInput().getDefiningOp<RoundOp>();
      inner && inner.getTo() == getTo())
    return getInput();
  const llvm::fltSemantics &narrow =
      cast<FloatType>(getTo()).getFloatSemantics();
  return constFoldUnaryOp<FloatAttr, APFloat, void>(
      adaptor.getOperands(), [&](const APFloat &value) {
        APFloat rounded = value;
        bool losesInfo;
        rounded.convert(narrow, APFloat::rmNearestTiesToEven, &losesInfo);
        rounded.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                        &losesInfo);
        return rounded;
      });
}

//===----------------------------------------------------------------------===//
// Shape reification
//===----------------------------------------------------------------------===//

/// The sizes of `resultType`, taken from `source` (whose last size is halved
/// when `halveLast`) where the result type does not know them.
static SmallVector<OpFoldResult> reifyLike(OpBuilder &builder, Location loc,
                                           Type resultType, Value source,
                                           bool halveLast) {
  auto type = cast<RankedTensorType>(resultType);
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
    if (!type.isDynamicDim(i)) {
      sizes.push_back(builder.getIndexAttr(type.getDimSize(i)));
      continue;
    }
    Value size = builder.createOrFold<tensor::DimOp>(loc, source, i);
    if (halveLast && i == e - 1)
      size = builder.createOrFold<arith::DivUIOp>(
          loc, size, arith::ConstantIndexOp::create(builder, loc, 2));
    sizes.push_back(size);
  }
  return sizes;
}

LogicalResult
GluOp::reifyResultShapes(OpBuilder &builder,
                         ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  reifiedReturnShapes.push_back(
      reifyLike(builder, getLoc(), getType(), getA(), isFused()));
  return success();
}

LogicalResult
GluBackOp::reifyResultShapes(OpBuilder &builder,
                             ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  reifiedReturnShapes.push_back(
      reifyLike(builder, getLoc(), getDa().getType(), getA(), false));
  if (getDb())
    reifiedReturnShapes.push_back(
        reifyLike(builder, getLoc(), getDb().getType(), getB(), false));
  return success();
}

#define GET_OP_CLASSES
#include "GluDialect/Dialect/GluOps.cpp.inc"
