//===- Raise.cpp - The glu-raise pass -------------------------------------===//
//
// Frontends do not emit glu ops: torch-mlir lowers F.silu(x) * g to three
// linalg.generics, StableHLO's logistic/multiply to two, JAX's tanh-GELU to
// a dozen arith ops on tensors. glu-raise reads each float tensor value as
// an elementwise EXPRESSION over tensor leaves - looking through
// identity-map generics, linalg.map, elementwise ops on tensors and splat
// constants - and replaces it with glu.glu when the expression is
// act(x) * g for a variant's act with the constants of docs/semantics.md
// section 2.
//
// The expression graph is hash-consed, so the x inside exp(-x) and the x
// multiplied outside are the same node even when they come from different
// generics. Products are flattened into numerator and denominator factors
// and one constant (association, commutation and constant placement do not
// matter); arguments of exp/erf are read as k*x, and that of tanh as a
// polynomial in x, whose coefficients are compared with the f32
// constants bit for bit after rounding to f32. A candidate that gets as far
// as a variant-specific check and fails it is a near miss; with
// emit-remarks it is reported.
//
// Beyond act(x) * g: swiglu_oai's min(x, limit) and clamp(g) + 1 (min and
// clamp only in forms that propagate NaN, as docs/semantics.md section 5 has
// them), the two_round multiply done in the storage type (exact: see
// docs/embedding.md), and ggml's f16 table (f32 code rounding x and act(x)
// through f16, with geglu's +-10 cut-offs).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Dialect/GluOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <map>

namespace mlir::glu {
#define GEN_PASS_DEF_GLURAISE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {

// docs/semantics.md section 2's constants, as f32.
constexpr float kCA = 0.044715f;
constexpr float kSqrt2OverPi = 0.79788456080286535587989211986876f;
constexpr float kSqrt2Inv = 0.70710678118654752440084436210484f;
constexpr float kQuick = 1.702f;

/// At most this many nodes are built for one candidate: the graph of a GLU
/// has a few dozen; a bound keeps hostile inputs linear.
constexpr unsigned kNodeBudget = 256;

//===----------------------------------------------------------------------===//
// The elementwise expression graph
//===----------------------------------------------------------------------===//

using NodeId = unsigned;

struct Node {
  enum class Kind { Leaf, Constant, Op };
  Kind kind = Kind::Leaf;
  /// The element type of the values the node stands for.
  Type type;
  /// Op: the operation's name and, for arith.cmpf, its predicate (-1 else).
  StringRef name;
  int64_t predicate = -1;
  SmallVector<NodeId, 3> operands;
  /// Constant: the value (exact for f32).
  double value = 0;
  /// Leaf: the tensor. Any kind: a tensor holding the node's values, when
  /// the expression has one (the raised op's operands are these).
  Value leaf, tensor;
};

class ExpressionGraph {
public:
  /// The node of a tensor value, or nullopt past the budget.
  std::optional<NodeId> ofTensor(Value tensor);

  const Node &operator[](NodeId id) const { return nodes[id]; }
  bool isOp(NodeId id, StringRef name) const {
    return nodes[id].kind == Node::Kind::Op && nodes[id].name == name;
  }
  std::optional<double> constant(NodeId id) const {
    if (nodes[id].kind != Node::Kind::Constant)
      return std::nullopt;
    return nodes[id].value;
  }

private:
  /// How the block arguments of a generic's body map to nodes.
  struct Body {
    Block *block;
    SmallVector<std::optional<NodeId>> arguments; // per input; nullopt: none
  };

  std::optional<NodeId> buildTensor(Value tensor);
  std::optional<NodeId> viewGeneric(Operation *op, Block &block,
                                    ValueRange inputs,
                                    ArrayRef<AffineMap> inputMaps,
                                    Value yielded);
  std::optional<NodeId> ofScalar(Value scalar, Body &body);
  std::optional<NodeId> makeOp(Operation *op, ArrayRef<NodeId> operands);
  std::optional<NodeId> constantOf(Value scalar);
  NodeId leaf(Value tensor);
  NodeId makeConstant(Type type, double value);
  NodeId intern(Node node);

  using Key = std::tuple<int, const void *, const void *, int64_t,
                         std::vector<NodeId>, uint64_t, const void *>;
  std::vector<Node> nodes;
  std::map<Key, NodeId> interned;
  DenseMap<Value, NodeId> memo;
  unsigned built = 0;
};

NodeId ExpressionGraph::intern(Node node) {
  uint64_t bits;
  std::memcpy(&bits, &node.value, sizeof(bits));
  Key key{int(node.kind),
          node.type.getAsOpaquePointer(),
          node.name.data(),
          node.predicate,
          std::vector<NodeId>(node.operands.begin(), node.operands.end()),
          bits,
          node.leaf.getAsOpaquePointer()};
  auto [it, inserted] = interned.try_emplace(key, NodeId(nodes.size()));
  if (inserted)
    nodes.push_back(std::move(node));
  return it->second;
}

NodeId ExpressionGraph::leaf(Value tensor) {
  Node node;
  node.kind = Node::Kind::Leaf;
  node.type = getElementTypeOrSelf(tensor.getType());
  node.leaf = tensor;
  return intern(std::move(node));
}

NodeId ExpressionGraph::makeConstant(Type type, double value) {
  Node node;
  node.kind = Node::Kind::Constant;
  node.type = type;
  node.value = value;
  return intern(std::move(node));
}

/// A scalar float or integer constant (arith.constant), as a node.
std::optional<NodeId> ExpressionGraph::constantOf(Value scalar) {
  Attribute attr;
  if (!matchPattern(scalar, m_Constant(&attr)))
    return std::nullopt;
  if (auto f = dyn_cast<FloatAttr>(attr))
    return makeConstant(f.getType(), f.getValueAsDouble());
  if (auto i = dyn_cast<IntegerAttr>(attr);
      i && i.getType().isSignlessInteger() &&
      i.getType().getIntOrFloatBitWidth() <= 64)
    return makeConstant(i.getType(), double(i.getValue().getSExtValue()));
  return std::nullopt;
}

/// An op node, with f32 constant operands folded: frontends write
/// sqrt(2.0), -(c) and 1.0 / c where a constant is meant.
std::optional<NodeId> ExpressionGraph::makeOp(Operation *op,
                                              ArrayRef<NodeId> operands) {
  Type type = getElementTypeOrSelf(op->getResult(0).getType());
  bool allConstant = llvm::all_of(operands, [&](NodeId id) {
    return nodes[id].kind == Node::Kind::Constant && nodes[id].type.isF32();
  });
  if (allConstant && type.isF32() && !operands.empty()) {
    float a = float(nodes[operands[0]].value);
    float b = operands.size() > 1 ? float(nodes[operands[1]].value) : 0.0f;
    std::optional<float> folded =
        llvm::TypeSwitch<Operation *, std::optional<float>>(op)
            .Case([&](math::SqrtOp) { return std::sqrt(a); })
            .Case([&](arith::NegFOp) { return -a; })
            .Case([&](arith::AddFOp) { return a + b; })
            .Case([&](arith::SubFOp) { return a - b; })
            .Case([&](arith::MulFOp) { return a * b; })
            .Case([&](arith::DivFOp) { return a / b; })
            .Default([](Operation *) { return std::nullopt; });
    if (folded)
      return makeConstant(type, double(*folded));
  }
  Node node;
  node.kind = Node::Kind::Op;
  node.type = type;
  node.name = op->getName().getStringRef();
  if (auto cmp = dyn_cast<arith::CmpFOp>(op))
    node.predicate = int64_t(cmp.getPredicate());
  // A truncf with an explicit rounding mode is another operation.
  if (auto trunc = dyn_cast<arith::TruncFOp>(op);
      trunc && trunc.getRoundingmodeAttr())
    node.predicate = int64_t(*trunc.getRoundingmode());
  node.operands.assign(operands.begin(), operands.end());
  return intern(std::move(node));
}

std::optional<NodeId> ExpressionGraph::ofTensor(Value tensor) {
  if (auto it = memo.find(tensor); it != memo.end())
    return it->second;
  if (++built > kNodeBudget)
    return std::nullopt;
  std::optional<NodeId> id = buildTensor(tensor);
  if (!id)
    return std::nullopt;
  if (!nodes[*id].tensor)
    nodes[*id].tensor = tensor;
  memo[tensor] = *id;
  return id;
}

/// An op whose result is its operands' elementwise function: an Elementwise
/// op on tensors of the result's shape, with no effects and no regions.
static bool isElementwiseOnTensors(Operation *op, RankedTensorType type) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 || op->getNumOperands() == 0 ||
      !isMemoryEffectFree(op))
    return false;
  return llvm::all_of(op->getOperandTypes(), [&](Type t) {
    auto operand = dyn_cast<RankedTensorType>(t);
    return operand && operand.getShape() == type.getShape();
  });
}

std::optional<NodeId> ExpressionGraph::buildTensor(Value tensor) {
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  Operation *def = tensor.getDefiningOp();
  if (!type || !def)
    return leaf(tensor);
  Type element = type.getElementType();

  // Splat constants, however spelled.
  DenseElementsAttr dense;
  if (matchPattern(tensor, m_Constant(&dense)) && dense.isSplat()) {
    if (auto f = dyn_cast<FloatType>(element))
      return makeConstant(element,
                          dense.getSplatValue<APFloat>().convertToDouble());
    return leaf(tensor);
  }
  if (auto fill = dyn_cast<linalg::FillOp>(def);
      fill && fill.hasPureTensorSemantics())
    if (std::optional<NodeId> c = constantOf(fill.getInputs()[0]))
      return c;
  if (auto splat = dyn_cast<tensor::SplatOp>(def))
    if (std::optional<NodeId> c = constantOf(splat.getInput()))
      return c;

  unsigned index = cast<OpResult>(tensor).getResultNumber();
  if (auto generic = dyn_cast<linalg::GenericOp>(def)) {
    auto identity = [](AffineMap map) { return map.isIdentity(); };
    if (generic.hasPureTensorSemantics() &&
        generic.getNumLoops() == generic.getNumParallelLoops() &&
        llvm::all_of(generic.getIndexingMapsArray(),
                     [&](AffineMap map) {
                       return map.isIdentity() || map.getNumResults() == 0;
                     }) &&
        llvm::all_of(generic.getDpsInitsMutable(), [&](OpOperand &init) {
          return identity(generic.getMatchingIndexingMap(&init));
        })) {
      SmallVector<AffineMap> inputMaps;
      for (OpOperand *input : generic.getDpsInputOperands())
        inputMaps.push_back(generic.getMatchingIndexingMap(input));
      auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
      if (std::optional<NodeId> id =
              viewGeneric(generic, *generic.getBody(), generic.getDpsInputs(),
                          inputMaps, yield.getOperand(index)))
        return id;
    }
    return leaf(tensor);
  }
  if (auto map = dyn_cast<linalg::MapOp>(def)) {
    if (map.hasPureTensorSemantics()) {
      SmallVector<AffineMap> inputMaps(
          map.getInputs().size(),
          AffineMap::getMultiDimIdentityMap(type.getRank(), map.getContext()));
      auto yield =
          cast<linalg::YieldOp>(map.getMapper().front().getTerminator());
      if (std::optional<NodeId> id =
              viewGeneric(map, map.getMapper().front(), map.getInputs(),
                          inputMaps, yield.getOperand(0)))
        return id;
    }
    return leaf(tensor);
  }
  if (isElementwiseOnTensors(def, type)) {
    SmallVector<NodeId> operands;
    for (Value operand : def->getOperands()) {
      std::optional<NodeId> id = ofTensor(operand);
      if (!id)
        return std::nullopt;
      operands.push_back(*id);
    }
    return makeOp(def, operands);
  }
  return leaf(tensor);
}

/// The node of the value a generic (or map) yields, its block arguments
/// standing for its inputs' nodes. nullopt where the body is not a pure
/// elementwise function of the inputs (it reads an init, an index, a
/// non-constant captured value, or a broadcast non-constant input).
std::optional<NodeId>
ExpressionGraph::viewGeneric(Operation *op, Block &block, ValueRange inputs,
                             ArrayRef<AffineMap> inputMaps, Value yielded) {
  Body body{&block, {}};
  for (auto [input, map] : llvm::zip(inputs, inputMaps)) {
    std::optional<NodeId> node;
    if (map.isIdentity() && isa<RankedTensorType>(input.getType())) {
      node = ofTensor(input);
      if (!node)
        return std::nullopt;
    } else if (map.getNumResults() == 0) {
      // A broadcast scalar: only a constant is understood.
      if (auto t = dyn_cast<RankedTensorType>(input.getType())) {
        DenseElementsAttr dense;
        if (t.getRank() == 0 && matchPattern(input, m_Constant(&dense)) &&
            isa<FloatType>(t.getElementType()))
          node = makeConstant(t.getElementType(),
                              dense.getSplatValue<APFloat>().convertToDouble());
      } else {
        node = constantOf(input);
      }
    }
    body.arguments.push_back(node);
  }
  return ofScalar(yielded, body);
}

std::optional<NodeId> ExpressionGraph::ofScalar(Value scalar, Body &body) {
  if (auto it = memo.find(scalar); it != memo.end())
    return it->second;
  if (++built > kNodeBudget)
    return std::nullopt;
  if (auto arg = dyn_cast<BlockArgument>(scalar)) {
    if (arg.getOwner() != body.block ||
        arg.getArgNumber() >= body.arguments.size())
      return std::nullopt; // an init, or another region's argument
    return body.arguments[arg.getArgNumber()];
  }
  if (std::optional<NodeId> c = constantOf(scalar))
    return c;
  Operation *def = scalar.getDefiningOp();
  if (def->getBlock() != body.block || def->getNumResults() != 1 ||
      def->getNumRegions() != 0 || !isMemoryEffectFree(def) ||
      isa<linalg::IndexOp>(def))
    return std::nullopt;
  SmallVector<NodeId> operands;
  for (Value operand : def->getOperands()) {
    std::optional<NodeId> id = ofScalar(operand, body);
    if (!id)
      return std::nullopt;
    operands.push_back(*id);
  }
  std::optional<NodeId> id = makeOp(def, operands);
  if (id)
    memo[scalar] = *id;
  return id;
}

//===----------------------------------------------------------------------===//
// Reading expressions
//===----------------------------------------------------------------------===//

static std::string print(double value) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.9g", value);
  return s;
}

/// A product: numerator and denominator factors and one constant.
struct Product {
  SmallVector<NodeId> num, den;
  double scale = 1.0;
  /// Set when flattening gave up (a product of more than kMaxFactors
  /// factors, which no GLU is): such a product matches nothing.
  bool tooLarge = false;
};

/// A GLU's product has at most four factors and one constant; flattening
/// stops well beyond (and does not blow up on shared subtrees).
constexpr unsigned kMaxFactors = 16;

class Reader {
public:
  explicit Reader(const ExpressionGraph &g) : g(g) {}

  /// Flattens f32 mulf/divf/negf trees into factors.
  Product product(NodeId id) const {
    Product p;
    flatten(id, /*inDenominator=*/false, p);
    return p;
  }

  /// Reads `id` as k * base (k a constant, base not a constant multiple).
  std::pair<NodeId, double> linear(NodeId id) const {
    double k = 1.0;
    while (true) {
      const Node &n = g[id];
      auto c0 =
          n.operands.size() > 0 ? g.constant(n.operands[0]) : std::nullopt;
      auto c1 =
          n.operands.size() > 1 ? g.constant(n.operands[1]) : std::nullopt;
      if (g.isOp(id, "arith.mulf") && c0) {
        k *= *c0;
        id = n.operands[1];
      } else if (g.isOp(id, "arith.mulf") && c1) {
        k *= *c1;
        id = n.operands[0];
      } else if (g.isOp(id, "arith.divf") && c1) {
        k /= *c1;
        id = n.operands[0];
      } else if (g.isOp(id, "arith.negf")) {
        k = -k;
        id = n.operands[0];
      } else if ((g.isOp(id, "arith.subf") || g.isOp(id, "arith.addf")) && c1 &&
                 *c1 == 0.0) {
        id = n.operands[0]; // x - 0 and x + 0: x, up to the sign of zero
      } else {
        return {id, k};
      }
    }
  }

  /// Reads `id` as a polynomial of degree <= 4 in `x`.
  std::optional<std::array<double, 5>> polynomial(NodeId id, NodeId x) const {
    auto key = std::make_pair(id, x);
    if (auto it = polynomials.find(key); it != polynomials.end())
      return it->second;
    std::optional<std::array<double, 5>> p = readPolynomial(id, x);
    polynomials[key] = p;
    return p;
  }

private:
  std::optional<std::array<double, 5>> readPolynomial(NodeId id,
                                                      NodeId x) const {
    std::array<double, 5> p{};
    if (id == x) {
      p[1] = 1;
      return p;
    }
    if (std::optional<double> c = g.constant(id)) {
      p[0] = *c;
      return p;
    }
    const Node &n = g[id];
    if (n.kind != Node::Kind::Op || !n.type.isF32())
      return std::nullopt;
    auto operand = [&](unsigned i) { return polynomial(n.operands[i], x); };
    if (n.name == "arith.negf") {
      auto a = operand(0);
      if (!a)
        return std::nullopt;
      for (double &c : *a)
        c = -c;
      return a;
    }
    if (n.name == "arith.addf" || n.name == "arith.subf") {
      auto a = operand(0), b = operand(1);
      if (!a || !b)
        return std::nullopt;
      double sign = n.name == "arith.addf" ? 1 : -1;
      for (unsigned i = 0; i < 5; ++i)
        p[i] = (*a)[i] + sign * (*b)[i];
      return p;
    }
    if (n.name == "arith.mulf") {
      auto a = operand(0), b = operand(1);
      if (!a || !b)
        return std::nullopt;
      return multiply(*a, *b);
    }
    if (n.name == "arith.divf") {
      std::optional<double> c = g.constant(n.operands[1]);
      auto a = operand(0);
      if (!a || !c)
        return std::nullopt;
      for (double &coefficient : *a)
        coefficient /= *c;
      return a;
    }
    if (n.name == "math.fpowi" || n.name == "math.powf") {
      std::optional<double> e = g.constant(n.operands[1]);
      auto a = operand(0);
      if (!a || !e || *e != std::floor(*e) || *e < 0 || *e > 4)
        return std::nullopt;
      std::array<double, 5> r{};
      r[0] = 1;
      for (int i = 0; i < int(*e); ++i) {
        auto next = multiply(r, *a);
        if (!next)
          return std::nullopt;
        r = *next;
      }
      return r;
    }
    return std::nullopt;
  }

public:
  /// `1 + F(arg)` (either order) with F the op `name`: arg. Sets `why` for
  /// `c + F(arg)` with another constant c.
  std::optional<NodeId> onePlus(NodeId id, StringRef name,
                                std::string &why) const {
    if (!g.isOp(id, "arith.addf"))
      return std::nullopt;
    NodeId a = g[id].operands[0], b = g[id].operands[1];
    if (g.constant(b))
      std::swap(a, b);
    std::optional<double> c = g.constant(a);
    if (!c || !g.isOp(b, name))
      return std::nullopt;
    if (*c != 1.0) {
      why = print(*c) + " + " + name.drop_front(5).str() + "(...) is not 1 + " +
            name.drop_front(5).str() + "(...)";
      return std::nullopt;
    }
    return g[b].operands[0];
  }

  /// relu(x): select(x > 0, x, 0) (also >=, and unordered forms),
  /// select(x < 0, 0, x), maximumf/maxnumf(x, 0). Sets `why` on a
  /// relu-shaped node with another threshold or fill value.
  std::optional<NodeId> relu(NodeId id, std::string &why) const {
    const Node &n = g[id];
    if (g.isOp(id, "arith.maximumf") || g.isOp(id, "arith.maxnumf")) {
      NodeId a = n.operands[0], b = n.operands[1];
      if (g.constant(a))
        std::swap(a, b);
      std::optional<double> c = g.constant(b);
      if (!c || g.constant(a))
        return std::nullopt;
      if (*c != 0.0) {
        why = "max(x, " + print(*c) + ") is not relu";
        return std::nullopt;
      }
      return a;
    }
    if (!g.isOp(id, "arith.select") || !g.isOp(n.operands[0], "arith.cmpf"))
      return std::nullopt;
    const Node &cmp = g[n.operands[0]];
    NodeId lhs = cmp.operands[0], rhs = cmp.operands[1];
    auto predicate = arith::CmpFPredicate(cmp.predicate);
    using P = arith::CmpFPredicate;
    bool greater =
        llvm::is_contained({P::OGT, P::OGE, P::UGT, P::UGE}, predicate);
    bool less = llvm::is_contained({P::OLT, P::OLE, P::ULT, P::ULE}, predicate);
    if (g.constant(lhs)) { // 0 < x
      std::swap(lhs, rhs);
      std::swap(greater, less);
    }
    std::optional<double> threshold = g.constant(rhs);
    NodeId onTrue = n.operands[1], onFalse = n.operands[2];
    if (less)
      std::swap(onTrue, onFalse);
    if (!threshold || (!greater && !less) || onTrue != lhs ||
        !g.constant(onFalse))
      return std::nullopt;
    if (*threshold != 0.0 || *g.constant(onFalse) != 0.0) {
      why = "select(x > " + print(*threshold) + ", x, " +
            print(*g.constant(onFalse)) + ") is not relu";
      return std::nullopt;
    }
    return lhs;
  }

  /// min(a, c) (`upper`) or max(a, c) with c a constant, in the forms that
  /// propagate a NaN a as docs/semantics.md section 5 wants: minimumf/maximumf
  /// (either order), and select(cmp(a, c), ...) whose NaN path yields a
  /// (ordered predicates pick c, unordered ones pick a). minnumf/maxnumf and
  /// selects that send NaN to the bound compute something else: not read.
  std::optional<std::pair<NodeId, double>> bound(NodeId id, bool upper) const {
    const Node &n = g[id];
    if (g.isOp(id, upper ? "arith.minimumf" : "arith.maximumf")) {
      NodeId a = n.operands[0], b = n.operands[1];
      if (g.constant(a))
        std::swap(a, b);
      std::optional<double> c = g.constant(b);
      if (!c || g.constant(a))
        return std::nullopt;
      return std::pair(a, *c);
    }
    if (!g.isOp(id, "arith.select") || !g.isOp(n.operands[0], "arith.cmpf"))
      return std::nullopt;
    const Node &cmp = g[n.operands[0]];
    using P = arith::CmpFPredicate;
    auto predicate = P(cmp.predicate);
    NodeId a = cmp.operands[0], b = cmp.operands[1];
    if (g.constant(a)) { // c < a is a > c
      std::swap(a, b);
      static const std::pair<P, P> mirrored[] = {
          {P::OGT, P::OLT}, {P::OGE, P::OLE}, {P::UGT, P::ULT},
          {P::UGE, P::ULE}, {P::OLT, P::OGT}, {P::OLE, P::OGE},
          {P::ULT, P::UGT}, {P::ULE, P::UGE}};
      bool found = false;
      for (auto [from, to] : mirrored)
        if (!found && predicate == from) {
          predicate = to;
          found = true;
        }
      if (!found)
        return std::nullopt;
    }
    std::optional<double> c = g.constant(b);
    if (!c || g.constant(a))
      return std::nullopt;
    NodeId onTrue = n.operands[1], onFalse = n.operands[2];
    // min: c where a > c (ordered), or a where a < c (unordered).
    bool takesBound = upper ? llvm::is_contained({P::OGT, P::OGE}, predicate)
                            : llvm::is_contained({P::OLT, P::OLE}, predicate);
    bool takesValue = upper ? llvm::is_contained({P::ULT, P::ULE}, predicate)
                            : llvm::is_contained({P::UGT, P::UGE}, predicate);
    if (takesBound && g.constant(onTrue) == *c && onFalse == a)
      return std::pair(a, *c);
    if (takesValue && onTrue == a && g.constant(onFalse) == *c)
      return std::pair(a, *c);
    return std::nullopt;
  }

  /// clamp(a, lo, hi): min(max(a, lo), hi) or max(min(a, hi), lo).
  std::optional<std::tuple<NodeId, double, double>> clamp(NodeId id) const {
    if (auto hi = bound(id, /*upper=*/true))
      if (auto lo = bound(hi->first, /*upper=*/false))
        return std::tuple(lo->first, lo->second, hi->second);
    if (auto lo = bound(id, /*upper=*/false))
      if (auto hi = bound(lo->first, /*upper=*/true))
        return std::tuple(hi->first, lo->second, hi->second);
    return std::nullopt;
  }

private:
  void flatten(NodeId id, bool inDenominator, Product &p) const {
    if (p.tooLarge || p.num.size() + p.den.size() >= kMaxFactors) {
      p.tooLarge = true;
      return;
    }
    const Node &n = g[id];
    if (n.kind == Node::Kind::Constant && n.type.isF32()) {
      p.scale = inDenominator ? p.scale / n.value : p.scale * n.value;
      return;
    }
    if (n.kind == Node::Kind::Op && n.type.isF32()) {
      if (n.name == "arith.mulf") {
        flatten(n.operands[0], inDenominator, p);
        flatten(n.operands[1], inDenominator, p);
        return;
      }
      if (n.name == "arith.divf") {
        flatten(n.operands[0], inDenominator, p);
        flatten(n.operands[1], !inDenominator, p);
        return;
      }
      if (n.name == "arith.negf") {
        p.scale = -p.scale;
        flatten(n.operands[0], inDenominator, p);
        return;
      }
    }
    (inDenominator ? p.den : p.num).push_back(id);
  }

  static std::optional<std::array<double, 5>>
  multiply(const std::array<double, 5> &a, const std::array<double, 5> &b) {
    std::array<double, 5> r{};
    for (unsigned i = 0; i < 5; ++i)
      for (unsigned j = 0; j < 5; ++j) {
        if (a[i] == 0 || b[j] == 0)
          continue;
        if (i + j > 4)
          return std::nullopt;
        r[i + j] += a[i] * b[j];
      }
    return r;
  }

  const ExpressionGraph &g;
  mutable std::map<std::pair<NodeId, NodeId>,
                   std::optional<std::array<double, 5>>>
      polynomials;
};

/// `value`, rounded to f32, is `want` bit for bit.
static bool isF32(double value, float want) {
  float f = float(value);
  return std::memcmp(&f, &want, sizeof(f)) == 0;
}

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

struct Activation {
  Variant variant;
  NodeId x;
};

/// What the rest of a product is, once g is taken out: act(x), or (with
/// `why` set) a near miss of one.
static std::optional<Activation>
matchActivation(const ExpressionGraph &g, const Reader &r, ArrayRef<NodeId> num,
                ArrayRef<NodeId> den, double scale, std::string &why) {
  // x * sigmoid(k*x) = x / (1 + exp(-k*x)): swiglu (k = 1), geglu_quick.
  if (den.size() == 1) {
    std::optional<NodeId> arg = r.onePlus(den[0], "math.exp", why);
    if (!arg)
      return std::nullopt;
    auto [base, k] = r.linear(*arg);
    if (num.size() != 1 || num[0] != base)
      return std::nullopt; // not x * sigmoid(k*x), or not with this g

    if (!isF32(scale, 1.0f)) {
      why = "constant factor " + print(scale) + " in x*sigmoid(k*x)";
      return std::nullopt;
    }
    if (isF32(-k, 1.0f))
      return Activation{Variant::swiglu, base};
    if (isF32(-k, kQuick))
      return Activation{Variant::geglu_quick, base};
    why = "sigmoid scale " + print(-k) +
          " is neither 1 (swiglu) nor 1.702 (geglu_quick)";
    return std::nullopt;
  }
  if (!den.empty())
    return std::nullopt;

  // relu(x).
  if (num.size() == 1) {
    std::optional<NodeId> x = r.relu(num[0], why);
    if (!x)
      return std::nullopt;
    if (!isF32(scale, 1.0f)) {
      why = "constant factor " + print(scale) + " in relu(x)";
      return std::nullopt;
    }
    return Activation{Variant::reglu, *x};
  }

  // 0.5 * x * (1 + tanh(u)), 0.5 * x * (1 + erf(k*x)).
  if (num.size() != 2)
    return std::nullopt;
  for (auto [t, x] : {std::pair(num[0], num[1]), std::pair(num[1], num[0])}) {
    if (std::optional<NodeId> u = r.onePlus(t, "math.tanh", why)) {
      std::optional<std::array<double, 5>> p = r.polynomial(*u, x);
      if (!p)
        continue;
      double a = (*p)[1], b = (*p)[3];
      if ((*p)[0] != 0 || (*p)[2] != 0 || (*p)[4] != 0 || a == 0 ||
          !isF32(a, kSqrt2OverPi) || !isF32(b / a, kCA)) {
        why = "tanh argument " + print(a) + "*x + " + print(b) +
              "*x^3 is not SQRT_2_OVER_PI*(x + C_A*x^3)";
        if ((*p)[0] != 0 || (*p)[2] != 0 || (*p)[4] != 0)
          why = "tanh argument is not an odd cubic in x";
        return std::nullopt;
      }
      if (!isF32(scale, 0.5f)) {
        why = "constant factor " + print(scale) + " in GELU, not 0.5";
        return std::nullopt;
      }
      return Activation{Variant::geglu, x};
    }
    if (std::optional<NodeId> v = r.onePlus(t, "math.erf", why)) {
      auto [base, k] = r.linear(*v);
      if (base != x)
        continue;
      if (!isF32(k, kSqrt2Inv)) {
        why = "erf argument scale " + print(k) + " is not SQRT_2_INV";
        return std::nullopt;
      }
      if (!isF32(scale, 0.5f)) {
        why = "constant factor " + print(scale) + " in GELU, not 0.5";
        return std::nullopt;
      }
      return Activation{Variant::geglu_erf, x};
    }
  }
  return std::nullopt;
}

struct Raised {
  Variant variant;
  Rounding rounding;
  Value x, g;
  /// swiglu_oai's parameters.
  std::optional<float> alpha = std::nullopt, limit = std::nullopt;
};

/// A float that is `value` exactly, finite.
static std::optional<float> exactF32(double value) {
  float f = float(value);
  if (!std::isfinite(f) || double(f) != value)
    return std::nullopt;
  return f;
}

/// swiglu_oai's activation xc * sigmoid(alpha*xc), xc = min(x, limit), in
/// the product num / den * scale: x and alpha. Sets `why` on a near miss.
static std::optional<std::pair<NodeId, float>>
matchOaiActivation(const ExpressionGraph &g, const Reader &r,
                   ArrayRef<NodeId> num, ArrayRef<NodeId> den, double scale,
                   float limit, std::string &why) {
  if (den.size() != 1 || num.size() != 1)
    return std::nullopt;
  std::optional<NodeId> arg = r.onePlus(den[0], "math.exp", why);
  if (!arg)
    return std::nullopt;
  auto [base, k] = r.linear(*arg);
  if (num[0] != base)
    return std::nullopt;
  auto xc = r.bound(base, /*upper=*/true);
  if (!xc) {
    why = "swiglu_oai's gate is not min(x, limit)";
    return std::nullopt;
  }
  if (!isF32(xc->second, limit) || xc->second != double(limit)) {
    why = "gate bound " + print(xc->second) + " is not the up clamp's " +
          print(limit);
    return std::nullopt;
  }
  std::optional<float> alpha = exactF32(-k);
  if (!alpha) {
    why = "sigmoid scale " + print(-k) + " is not a finite f32";
    return std::nullopt;
  }
  if (!isF32(scale, 1.0f)) {
    why = "constant factor " + print(scale) + " in swiglu_oai";
    return std::nullopt;
  }
  return std::pair(xc->first, *alpha);
}

class Matcher {
public:
  Matcher(Value root) : root(root), r(g) {}

  /// The raised form of `root`, or nullopt (with `why` for a near miss).
  std::optional<Raised> match(std::string &why);

private:
  /// The storage tensor a factor reads: for f32, a tensor holding it; for
  /// f16/bf16, the tensor an arith.extf of it widens.
  Value storageTensor(NodeId id) const {
    auto rootType = cast<RankedTensorType>(root.getType());
    if (!rootType.getElementType().isF32()) {
      if (!g.isOp(id, "arith.extf") || !g[id].type.isF32())
        return {};
      id = g[id].operands[0];
    }
    Value t = g[id].tensor;
    return t && t.getType() == rootType ? t : Value();
  }

  /// reglu as ggml writes it: y = select(x > 0, x * g, 0).
  std::optional<Raised> matchSelectReglu(NodeId p, Rounding rounding) const;
  /// act(x) * g with act's factors in one product (f32, one_round).
  std::optional<Raised> matchProduct(NodeId p, Rounding rounding,
                                     std::string &why) const;
  /// round(act(x)) * g (two_round).
  std::optional<Raised> matchTwoRound(NodeId p, Type storage,
                                      std::string &why) const;
  /// round(act(x)) * g multiplied in the storage type, as frontends write
  /// `act(x).to(bf16) * g`: the two_round plan, whose f32 product of two
  /// storage values is exact (see docs/embedding.md).
  std::optional<Raised> matchStorageProduct(NodeId p, Type storage,
                                            std::string &why) const;
  /// The two_round tail both forms share: `act` (what was rounded to the
  /// storage type) is one variant's activation of a storage tensor, and
  /// `gs` the up tensor.
  std::optional<Raised> raiseRoundedActivation(const Product &act, Value gs,
                                               std::string &why) const;
  /// The up factor `id` of a product: swiglu_oai's
  /// clamp(g, -limit, limit) + 1 (g's storage and limit). Sets `why` on a
  /// near miss.
  std::optional<std::pair<Value, float>> oaiUp(NodeId id,
                                               std::string &why) const;
  /// `inner` where `id` is extf(truncf(inner)) through f16 (the table's
  /// rounding). Sets `why` for a rounding through another type.
  std::optional<NodeId> roundedF16(NodeId id, std::string &why) const;
  /// The f16_table plan's activation (f32 storage, ggml's GEGLU and
  /// GEGLU_QUICK): the variant and x.
  std::optional<Activation> matchTable(NodeId act, std::string &why) const;
  /// act(x) * up with the up factor num[j]: swiglu_oai's or a plain g.
  std::optional<Raised> matchFactor(const Product &prod, unsigned j,
                                    Rounding rounding, std::string &why) const;

  Value root;
  ExpressionGraph g;
  Reader r;
};

std::optional<Raised> Matcher::match(std::string &why) {
  auto type = dyn_cast<RankedTensorType>(root.getType());
  if (!type || type.getRank() == 0)
    return std::nullopt;
  Type storage = type.getElementType();
  if (!storage.isF32() && !storage.isF16() && !storage.isBF16())
    return std::nullopt;
  std::optional<NodeId> top = g.ofTensor(root);
  if (!top)
    return std::nullopt;

  if (storage.isF32()) {
    if (auto raised = matchSelectReglu(*top, Rounding::two_round))
      return raised;
    return matchProduct(*top, Rounding::two_round, why);
  }
  if (auto raised = matchStorageProduct(*top, storage, why))
    return raised;
  // f16/bf16: the f32 program ends with one truncf to storage.
  if (!g.isOp(*top, "arith.truncf") || g[*top].predicate != -1) {
    if (why.empty() &&
        (g.isOp(*top, "arith.mulf") || g.isOp(*top, "arith.divf")))
      why = "arithmetic in " + std::string(storage.isF16() ? "f16" : "bf16") +
            ", not in f32 (no rounding plan computes so)";
    return std::nullopt;
  }
  NodeId p = g[*top].operands[0];
  if (!g[p].type.isF32())
    return std::nullopt;
  if (auto raised = matchSelectReglu(p, Rounding::one_round))
    return raised;
  if (auto raised = matchTwoRound(p, storage, why))
    return raised;
  return matchProduct(p, Rounding::one_round, why);
}

std::optional<Raised> Matcher::matchSelectReglu(NodeId p,
                                                Rounding rounding) const {
  if (!g.isOp(p, "arith.select") || !g.isOp(g[p].operands[0], "arith.cmpf"))
    return std::nullopt;
  const Node &cmp = g[g[p].operands[0]];
  NodeId product = g[p].operands[1];
  if (arith::CmpFPredicate(cmp.predicate) != arith::CmpFPredicate::OGT ||
      g.constant(cmp.operands[1]) != 0.0 || !g.isOp(product, "arith.mulf"))
    return std::nullopt;
  std::optional<double> zero = g.constant(g[p].operands[2]);
  if (!zero || *zero != 0.0 || std::signbit(*zero))
    return std::nullopt;
  NodeId x = cmp.operands[0];
  NodeId a = g[product].operands[0], b = g[product].operands[1];
  if (b == x)
    std::swap(a, b);
  Value xs = storageTensor(x), gs = storageTensor(b);
  if (a != x || !xs || !gs)
    return std::nullopt;
  return Raised{Variant::reglu, rounding, xs, gs};
}

std::optional<Raised> Matcher::matchProduct(NodeId p, Rounding rounding,
                                            std::string &why) const {
  Product prod = r.product(p);
  if (prod.tooLarge)
    return std::nullopt;
  // The activation alone is not a gated unit.
  std::string ignored;
  if (auto act =
          matchActivation(g, r, prod.num, prod.den, prod.scale, ignored)) {
    why = "computes " + stringifyVariant(act->variant).str() +
          "'s activation alone, with no up factor g";
    return std::nullopt;
  }
  for (unsigned j = 0; j < prod.num.size(); ++j)
    if (auto raised = matchFactor(prod, j, rounding, why))
      return raised;
  return std::nullopt;
}

std::optional<Raised> Matcher::matchStorageProduct(NodeId p, Type storage,
                                                   std::string &why) const {
  if (!g.isOp(p, "arith.mulf") || g[p].type != storage)
    return std::nullopt;
  auto rootType = cast<RankedTensorType>(root.getType());
  for (auto [rounded, up] : {std::pair(g[p].operands[0], g[p].operands[1]),
                             std::pair(g[p].operands[1], g[p].operands[0])}) {
    if (!g.isOp(rounded, "arith.truncf") ||
        !g[g[rounded].operands[0]].type.isF32())
      continue;
    if (g[rounded].predicate != -1) {
      why = "the activation is rounded with an explicit rounding mode, not "
            "to nearest even";
      continue;
    }
    Value gs = g[up].tensor;
    if (!gs || gs.getType() != rootType)
      continue;
    Product act = r.product(g[rounded].operands[0]);
    if (act.tooLarge)
      continue;
    if (auto raised = raiseRoundedActivation(act, gs, why))
      return raised;
  }
  return std::nullopt;
}

std::optional<Raised> Matcher::raiseRoundedActivation(const Product &act,
                                                      Value gs,
                                                      std::string &why) const {
  std::optional<Activation> a =
      matchActivation(g, r, act.num, act.den, act.scale, why);
  if (!a)
    return std::nullopt;
  if (Value xs = storageTensor(a->x))
    return Raised{a->variant, Rounding::two_round, xs, gs};
  return std::nullopt;
}

std::optional<std::pair<Value, float>> Matcher::oaiUp(NodeId id,
                                                      std::string &why) const {
  if (!g.isOp(id, "arith.addf"))
    return std::nullopt;
  NodeId a = g[id].operands[0], b = g[id].operands[1];
  if (g.constant(a))
    std::swap(a, b);
  std::optional<double> one = g.constant(b);
  auto clamp = r.clamp(a);
  if (!one || !clamp)
    return std::nullopt;
  auto [up, lo, hi] = *clamp;
  Value gs = storageTensor(up);
  if (!gs)
    return std::nullopt;
  if (*one != 1.0) {
    why = "clamp(g) + " + print(*one) + " is not swiglu_oai's clamp(g) + 1";
    return std::nullopt;
  }
  std::optional<float> limit = exactF32(hi);
  if (!limit || !(*limit > 0) || lo != -hi) {
    why = "up clamp [" + print(lo) + ", " + print(hi) +
          "] is not [-limit, limit] with a finite limit > 0";
    return std::nullopt;
  }
  return std::pair(gs, *limit);
}

std::optional<NodeId> Matcher::roundedF16(NodeId id, std::string &why) const {
  if (!g.isOp(id, "arith.extf") || !g[id].type.isF32())
    return std::nullopt;
  NodeId trunc = g[id].operands[0];
  if (!g.isOp(trunc, "arith.truncf") || !g[g[trunc].operands[0]].type.isF32())
    return std::nullopt;
  if (!g[trunc].type.isF16() || g[trunc].predicate != -1) {
    why = "the table rounds through another type or rounding mode than f16 "
          "to nearest even";
    return std::nullopt;
  }
  return g[trunc].operands[0];
}

std::optional<Activation> Matcher::matchTable(NodeId act,
                                              std::string &why) const {
  // ggml's cut-offs: select(x <= -10, 0, select(x >= 10, x, table)), either
  // nesting, in the forms whose NaN x reaches the table (as glu's does).
  struct Cut {
    bool low;
    NodeId x, rest;
    double bound;
  };
  auto cut = [&](NodeId id) -> std::optional<Cut> {
    if (!g.isOp(id, "arith.select") || !g.isOp(g[id].operands[0], "arith.cmpf"))
      return std::nullopt;
    const Node &cmp = g[g[id].operands[0]];
    using P = arith::CmpFPredicate;
    auto predicate = P(cmp.predicate);
    NodeId x = cmp.operands[0];
    std::optional<double> c = g.constant(cmp.operands[1]);
    if (!c || g.constant(x))
      return std::nullopt;
    NodeId onTrue = g[id].operands[1], onFalse = g[id].operands[2];
    auto isZero = [&](NodeId n) {
      std::optional<double> z = g.constant(n);
      return z && *z == 0.0 && !std::signbit(*z);
    };
    if (predicate == P::OLE && isZero(onTrue))
      return Cut{true, x, onFalse, *c};
    if (predicate == P::UGT && isZero(onFalse))
      return Cut{true, x, onTrue, *c};
    if (predicate == P::OGE && onTrue == x)
      return Cut{false, x, onFalse, *c};
    if (predicate == P::ULT && onFalse == x)
      return Cut{false, x, onTrue, *c};
    return std::nullopt;
  };
  NodeId table = act;
  std::optional<NodeId> cutX;
  std::optional<double> low, high;
  for (int i = 0; i < 2; ++i) {
    std::optional<Cut> c = cut(table);
    if (!c || (cutX && *cutX != c->x) || (c->low ? low : high))
      break;
    cutX = c->x;
    (c->low ? low : high) = c->bound;
    table = c->rest;
  }
  std::optional<NodeId> inner = roundedF16(table, why);
  if (!inner)
    return std::nullopt;
  if (cutX && !(low && high)) {
    why = "f16 table with one cut-off, not both of +-10";
    return std::nullopt;
  }
  Product prod = r.product(*inner);
  if (prod.tooLarge)
    return std::nullopt;
  std::optional<Activation> a =
      matchActivation(g, r, prod.num, prod.den, prod.scale, why);
  if (!a)
    return std::nullopt;
  std::optional<NodeId> x = roundedF16(a->x, why);
  if (!x) {
    if (why.empty())
      why = "the table's activation reads x not rounded to f16";
    return std::nullopt;
  }
  if (a->variant == Variant::geglu_quick && !cutX)
    return Activation{Variant::geglu_quick, *x};
  if (a->variant != Variant::geglu) {
    why = "f16 table of " + stringifyVariant(a->variant).str() +
          " (only geglu and geglu_quick have one)";
    return std::nullopt;
  }
  if (!cutX) {
    why = "f16 table geglu without the +-10 cut-offs";
    return std::nullopt;
  }
  if (*cutX != *x || *low != -10.0 || *high != 10.0) {
    why = "cut-offs at " + print(*low) + " and " + print(*high) +
          " on x are not ggml's -10 and 10";
    return std::nullopt;
  }
  return Activation{Variant::geglu, *x};
}

std::optional<Raised> Matcher::matchFactor(const Product &prod, unsigned j,
                                           Rounding rounding,
                                           std::string &why) const {
  SmallVector<NodeId> rest(prod.num);
  rest.erase(rest.begin() + j);
  std::string reason;
  if (auto up = oaiUp(prod.num[j], reason)) {
    auto act = matchOaiActivation(g, r, rest, prod.den, prod.scale, up->second,
                                  reason);
    if (why.empty())
      why = reason;
    if (!act)
      return std::nullopt;
    if (Value xs = storageTensor(act->first))
      return Raised{Variant::swiglu_oai, rounding,    xs,
                    up->first,           act->second, up->second};
    return std::nullopt;
  }
  if (why.empty())
    why = reason;
  Value gs = storageTensor(prod.num[j]);
  if (!gs)
    return std::nullopt;
  if (cast<RankedTensorType>(root.getType()).getElementType().isF32() &&
      rest.size() == 1 && prod.den.empty() && isF32(prod.scale, 1.0f)) {
    std::string tableWhy;
    if (auto act = matchTable(rest[0], tableWhy)) {
      if (Value xs = storageTensor(act->x))
        return Raised{act->variant, Rounding::f16_table, xs, gs};
      return std::nullopt;
    }
    if (!tableWhy.empty()) {
      why = tableWhy;
      return std::nullopt;
    }
  }
  std::optional<Activation> act =
      matchActivation(g, r, rest, prod.den, prod.scale, reason);
  if (why.empty())
    why = reason;
  if (!act)
    return std::nullopt;
  if (Value xs = storageTensor(act->x))
    return Raised{act->variant, rounding, xs, gs};
  return std::nullopt;
}

std::optional<Raised> Matcher::matchTwoRound(NodeId p, Type storage,
                                             std::string &why) const {
  Product prod = r.product(p);
  if (prod.tooLarge || prod.num.size() != 2 || !prod.den.empty() ||
      !isF32(prod.scale, 1.0f))
    return std::nullopt;
  for (auto [rounded, up] : {std::pair(prod.num[0], prod.num[1]),
                             std::pair(prod.num[1], prod.num[0])}) {
    // extf(truncf(act)): act rounded to storage.
    if (!g.isOp(rounded, "arith.extf"))
      continue;
    NodeId trunc = g[rounded].operands[0];
    if (!g.isOp(trunc, "arith.truncf"))
      continue;
    if (g[trunc].type != storage || g[trunc].predicate != -1) {
      why = g[trunc].type != storage
                ? "the activation is rounded to another type than the storage"
                : "the activation is rounded with an explicit rounding mode, "
                  "not to nearest even";
      continue;
    }
    Product act = r.product(g[trunc].operands[0]);
    if (act.tooLarge)
      continue;
    std::string reason;
    if (auto oai = oaiUp(up, reason)) {
      auto a = matchOaiActivation(g, r, act.num, act.den, act.scale,
                                  oai->second, why);
      if (!a)
        continue;
      if (Value xs = storageTensor(a->first))
        return Raised{Variant::swiglu_oai, Rounding::two_round, xs,
                      oai->first,          a->second,           oai->second};
      continue;
    }
    if (why.empty())
      why = reason;
    Value gs = storageTensor(up);
    if (!gs)
      continue;
    if (auto raised = raiseRoundedActivation(act, gs, why))
      return raised;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// When `x` and `g` are slices of one tensor along its last dimension that
/// glu's packings describe, that tensor and the packing.
static std::optional<std::pair<Value, Packing>>
fusedOperand(Value x, Value g, RankedTensorType resultType) {
  auto xs = x.getDefiningOp<tensor::ExtractSliceOp>();
  auto gs = g.getDefiningOp<tensor::ExtractSliceOp>();
  if (!xs || !gs || xs.getSource() != gs.getSource())
    return std::nullopt;
  Value source = xs.getSource();
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  if (xs.getType() != resultType || gs.getType() != resultType ||
      resultType.getRank() != rank ||
      inferGluResultType(sourceType, /*fused=*/true) != resultType)
    return std::nullopt;
  int64_t n = sourceType.getShape().back();
  if (ShapedType::isDynamic(n))
    return std::nullopt;
  int64_t h = n / 2;
  // Whole along every other dimension.
  for (tensor::ExtractSliceOp slice : {xs, gs}) {
    for (int64_t d = 0; d + 1 < rank; ++d) {
      OpFoldResult size = slice.getMixedSizes()[d];
      bool whole = false;
      if (std::optional<int64_t> s = getConstantIntValue(size))
        whole = !sourceType.isDynamicDim(d) && *s == sourceType.getDimSize(d);
      else if (auto dim = dyn_cast<Value>(size).getDefiningOp<tensor::DimOp>())
        whole = dim.getSource() == source &&
                getConstantIntValue(dim.getIndex()) == d;
      if (!whole || !isConstantIntValue(slice.getMixedOffsets()[d], 0) ||
          !isConstantIntValue(slice.getMixedStrides()[d], 1))
        return std::nullopt;
    }
    if (getConstantIntValue(slice.getMixedSizes().back()) != h)
      return std::nullopt;
  }
  auto at = [&](tensor::ExtractSliceOp slice) {
    return std::pair(getConstantIntValue(slice.getMixedOffsets().back()),
                     getConstantIntValue(slice.getMixedStrides().back()));
  };
  auto [xOffset, xStride] = at(xs);
  auto [gOffset, gStride] = at(gs);
  if (xStride == 1 && gStride == 1 && xOffset == 0 && gOffset == h)
    return std::pair(source, Packing::halves);
  if (xStride == 1 && gStride == 1 && xOffset == h && gOffset == 0)
    return std::pair(source, Packing::swapped);
  if (xStride == 2 && gStride == 2 && xOffset == 0 && gOffset == 1)
    return std::pair(source, Packing::interleaved);
  return std::nullopt;
}

/// A value some non-elementwise op uses: the root of an expression, not a
/// part of a bigger one (near misses are reported at roots only).
static bool isExpressionRoot(Value value) {
  return llvm::any_of(value.getUsers(), [](Operation *user) {
    if (auto generic = dyn_cast<linalg::GenericOp>(user))
      return !generic.hasPureTensorSemantics();
    if (auto map = dyn_cast<linalg::MapOp>(user))
      return !map.hasPureTensorSemantics();
    auto type = user->getNumResults() == 1
                    ? dyn_cast<RankedTensorType>(user->getResult(0).getType())
                    : RankedTensorType();
    return !type || !isElementwiseOnTensors(user, type);
  });
}

/// Records the ops a rewriter erases: candidates collected before must not
/// be visited once erased.
struct ErasureTracker : RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  DenseSet<Operation *> erased;
};

/// Erases `op` if dead, then the producers only it kept alive, and so on.
static void eraseDeadProducers(RewriterBase &rewriter, Operation *op) {
  llvm::SetVector<Operation *> worklist;
  worklist.insert(op);
  while (!worklist.empty()) {
    Operation *next = worklist.pop_back_val();
    if (!isOpTriviallyDead(next))
      continue;
    SmallVector<Operation *> producers;
    for (Value operand : next->getOperands())
      if (Operation *def = operand.getDefiningOp())
        producers.push_back(def);
    rewriter.eraseOp(next);
    worklist.insert_range(producers);
  }
}

struct GluRaisePass : glu::impl::GluRaiseBase<GluRaisePass> {
  using GluRaiseBase::GluRaiseBase;

  void runOnOperation() override {
    // Candidates: float tensor results, the last first, so that an
    // expression is raised whole before its parts are tried.
    SmallVector<Operation *> candidates;
    getOperation()->walk([&](Operation *op) {
      if (op == getOperation() || isa<GluOp, GluBackOp>(op))
        return;
      if (llvm::any_of(op->getResultTypes(), [](Type t) {
            auto tensor = dyn_cast<RankedTensorType>(t);
            return tensor && isa<FloatType>(tensor.getElementType());
          }))
        candidates.push_back(op);
    });
    ErasureTracker tracker;
    IRRewriter rewriter(&getContext(), &tracker);
    for (Operation *op : llvm::reverse(candidates)) {
      if (tracker.erased.contains(op))
        continue;
      bool raisedAny = false;
      for (Value result : op->getResults()) {
        if (result.use_empty() || !isa<RankedTensorType>(result.getType()))
          continue;
        std::string why;
        Matcher matcher(result);
        std::optional<Raised> raised = matcher.match(why);
        if (!raised) {
          if (emitRemarks && !why.empty() && isExpressionRoot(result))
            op->emitRemark("not raised: ") << why;
          continue;
        }
        rewriter.setInsertionPoint(op);
        auto type = cast<RankedTensorType>(result.getType());
        Value a = raised->x, b = raised->g;
        std::optional<Packing> packing;
        if (auto fused = fusedOperand(a, b, type)) {
          a = fused->first;
          b = Value();
          if (fused->second != Packing::halves)
            packing = fused->second;
        }
        auto glu = GluOp::create(rewriter, op->getLoc(), raised->variant, a, b,
                                 raised->rounding, packing, raised->alpha,
                                 raised->limit);
        rewriter.replaceAllUsesWith(result, glu.getResult());
        raisedAny = true;
      }
      if (raisedAny)
        eraseDeadProducers(rewriter, op);
    }
  }
};
} // namespace
