#include "score_kernel.hpp"

#include "v128.hpp"

namespace posenc::kernels {

void scores_generic(const float* q, const float* k, int n_queries, int n_keys, int dim, float scale, float* out) {
  for (int m = 0; m < n_queries; ++m) {    // query
    for (int n = 0; n < n_keys; ++n) {     // key
      float acc = 0;
      for (int d = 0; d < dim; ++d) acc += q[m * dim + d] * k[n * dim + d];
      out[m * n_keys + n] = acc * scale;
    }
  }
}

void scores_simd(const float* q, const float* k, int n_queries, int n_keys, int dim, float scale, float* out) {
  using namespace simd;
  const int dim4 = dim & ~3;
  for (int m = 0; m < n_queries; ++m) {  // query
    const float* qm = q + m * dim;
    int n = 0;
    // Four keys per pass share each load of q.
    for (; n + 4 <= n_keys; n += 4) {  // key
      const float* k0 = k + n * dim;
      const float* k1 = k0 + dim;
      const float* k2 = k1 + dim;
      const float* k3 = k2 + dim;
      F4 a0 = splat4(0), a1 = splat4(0), a2 = splat4(0), a3 = splat4(0);
      for (int d = 0; d < dim4; d += 4) {  // coordinate
        const F4 qv = load4(qm + d);
        a0 = a0 + qv * load4(k0 + d);
        a1 = a1 + qv * load4(k1 + d);
        a2 = a2 + qv * load4(k2 + d);
        a3 = a3 + qv * load4(k3 + d);
      }
      float r[4] = {hsum(a0), hsum(a1), hsum(a2), hsum(a3)};
      for (int d = dim4; d < dim; ++d) {
        r[0] += qm[d] * k0[d];
        r[1] += qm[d] * k1[d];
        r[2] += qm[d] * k2[d];
        r[3] += qm[d] * k3[d];
      }
      for (int j = 0; j < 4; ++j) out[m * n_keys + n + j] = r[j] * scale;
    }
    for (; n < n_keys; ++n) {
      const float* kn = k + n * dim;
      F4 acc = splat4(0);
      for (int d = 0; d < dim4; d += 4) acc = acc + load4(qm + d) * load4(kn + d);
      float r = hsum(acc);
      for (int d = dim4; d < dim; ++d) r += qm[d] * kn[d];
      out[m * n_keys + n] = r * scale;
    }
  }
}

}  // namespace posenc::kernels
