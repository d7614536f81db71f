// Small dense float32 matrix products for the training lab (cpp/src/lab_*.cpp), all row-major
// with explicit leading dimensions so a head's columns inside a wider [tokens, 3·d] buffer can be
// used in place:
//
//   NN   C (+)= A · B      A: m × k (lda),  B: k × n (ldb)
//   NT   C (+)= A · Bᵀ     A: m × k (lda),  B: n × k (ldb)
//   TN   C (+)= Aᵀ · B     A: k × m (lda),  B: k × n (ldb)
//                           C: m × n (ldc); accumulate adds to C instead of overwriting it.
//
// matmul_generic is the plain triple loop (the reference, and the float64 path the lab's gradient
// checks run). matmul_simd (float32 only) computes 4 rows × 8 columns of C per block: each step
// along k broadcasts four elements of A and multiplies them into two 4-wide pieces of one row of B,
// so a block keeps 8 accumulators in registers and reads every element of A and B once per block.
// NT packs an 8-column panel of Bᵀ on the stack first (k at a time in chunks), so all three forms
// share that one inner loop. Each element of C sums its k products in order p = 0 … k−1 in both
// twins (SIMD lanes are different columns, never partial sums of one element), so the two differ
// only by contraction where a compiler fuses multiply-adds; results do not depend on alignment.
#pragma once

namespace posenc::kernels {

enum class MatmulOp { NN = 0, NT = 1, TN = 2 };

template <class T>
struct MatmulArgs {
  MatmulOp op = MatmulOp::NN;
  int m = 0, n = 0, k = 0;
  const T* a = nullptr;
  int lda = 0;
  const T* b = nullptr;
  int ldb = 0;
  T* c = nullptr;
  int ldc = 0;
  bool accumulate = false;
};

// Instantiated for float and double.
template <class T>
void matmul_generic(const MatmulArgs<T>& args);

void matmul_simd(const MatmulArgs<float>& args);

// The lab's one entry point: SIMD for float32, the generic loop for float64 (gradient checks).
inline void matmul(const MatmulArgs<float>& args) { matmul_simd(args); }
inline void matmul(const MatmulArgs<double>& args) { matmul_generic(args); }

}  // namespace posenc::kernels
