// Element-wise float32 loops of the training lab that are hot enough to write with v128 (at
// d_model = 32 the ReLU pair took 15 % of a step as scalar code: the compiler kept a branch per
// element, and the signs of pre-activations are random). Generic twins are the plain loops and
// give the same bits.
//   relu_forward:   y = x > 0 ? x : 0
//   relu_backward:  dx = x > 0 ? dy : 0          (dx may be dy: in place)
#pragma once

namespace posenc::kernels {

void relu_forward_generic(long n, const float* x, float* y);
void relu_forward_simd(long n, const float* x, float* y);
void relu_backward_generic(long n, const float* x, const float* dy, float* dx);
void relu_backward_simd(long n, const float* x, const float* dy, float* dx);

}  // namespace posenc::kernels
