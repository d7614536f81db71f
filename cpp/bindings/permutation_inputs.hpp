// The inputs both permutation bindings read (the toy attention's permutation check and the
// shuffle demo): x, the permutation, the three projections and an optional encoding.
#pragma once

#include <optional>
#include <vector>

#include "js_values.hpp"

namespace posenc::js {

struct PermutationInputs {
  MatrixXd x, wq, wk, wv;
  std::vector<int> permutation;
  std::optional<MatrixXd> encoding;  // null or undefined: no positional encoding
  const MatrixXd* encoding_ptr() const { return encoding ? &*encoding : nullptr; }
};

inline Result<PermutationInputs> to_permutation_inputs(const val& x, const val& perm, const val& wq, const val& wk,
                                                       const val& wv, const val& encoding) {
  PermutationInputs in;
  auto xm = to_matrix(x, "x");
  if (!xm.ok()) return xm.status;
  auto pv = to_indices(perm, "permutation");
  if (!pv.ok()) return pv.status;
  auto q = to_matrix(wq, "wq");
  if (!q.ok()) return q.status;
  auto k = to_matrix(wk, "wk");
  if (!k.ok()) return k.status;
  auto v = to_matrix(wv, "wv");
  if (!v.ok()) return v.status;
  in.x = xm.value, in.permutation = pv.value, in.wq = q.value, in.wk = k.value, in.wv = v.value;
  if (!encoding.isNull() && !encoding.isUndefined()) {
    auto e = to_matrix(encoding, "encoding");
    if (!e.ok()) return e.status;
    in.encoding = e.value;
  }
  return in;
}

}  // namespace posenc::js
