// RUN: glu-opt %s -glu-expand-ops="test-inject-defect=typo" -verify-diagnostics

// expected-error @below {{unknown test-inject-defect 'typo'}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = glu.glu swiglu(%x, %x) : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
