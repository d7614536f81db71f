#include "js_values.hpp"

#include <algorithm>
#include <cmath>

#include "posenc/limits.hpp"

namespace posenc::js {

val error_val(const Status& s) {
  val o = val::object();
  o.set("error", s.message);
  o.set("kind", static_cast<int>(s.kind));
  return o;
}

val f64(const std::vector<double>& v) { return typed_copy(v.data(), v.size()); }

val matrix_val(const MatrixXd& m) {
  val o = val::object();
  o.set("rows", static_cast<double>(m.rows()));
  o.set("cols", static_cast<double>(m.cols()));
  o.set("data", typed_copy(m.data(), static_cast<std::size_t>(m.size())));
  return o;
}

val strings(const std::vector<std::string>& v) {
  val a = val::array();
  for (const auto& s : v) a.call<void>("push", s);
  return a;
}

Result<std::vector<double>> to_finite(const val& v, const char* name) {
  auto out = emscripten::convertJSArrayToNumberVector<double>(v);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!std::isfinite(out[i])) {
      return Status::range(std::string(name) + "[" + std::to_string(i) + "] must be a finite number, got " +
                           format_number(out[i]));
    }
  }
  return out;
}

Result<std::vector<int>> to_indices(const val& v, const char* name) {
  const auto raw = emscripten::convertJSArrayToNumberVector<double>(v);
  std::vector<int> out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const std::string what = std::string(name) + "[" + std::to_string(i) + "]";
    // The int32 range is this conversion's, not the caller's (which checks its own range next):
    // a fractional value is told only that it must be an integer.
    if (std::isfinite(raw[i]) && std::floor(raw[i]) != raw[i]) return Status::range(what + " must be an integer, got " + format_number(raw[i]));
    if (auto st = check_integer(what.c_str(), raw[i], -2147483648.0, 2147483647.0); !st.ok()) return st;
    out.push_back(static_cast<int>(raw[i]));
  }
  return out;
}

Result<MatrixXd> to_matrix(const val& v, const char* name) {
  const double rows = v["rows"].as<double>(), cols = v["cols"].as<double>();
  if (auto st = check_integer((std::string(name) + ".rows").c_str(), rows, 0, kMaxMatrixSide); !st.ok()) return st;
  if (auto st = check_integer((std::string(name) + ".cols").c_str(), cols, 0, kMaxMatrixSide); !st.ok()) return st;
  auto data = to_finite(v["data"], (std::string(name) + ".data").c_str());
  if (!data.ok()) return data.status;
  if (data.value.size() != static_cast<std::size_t>(rows * cols)) {
    return Status::range(std::string(name) + ".data has " + std::to_string(data.value.size()) +
                         " values; rows × cols = " + format_number(rows * cols));
  }
  MatrixXd m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));  // row-major, as in JS
  std::copy(data.value.begin(), data.value.end(), m.data());
  return m;
}

}  // namespace posenc::js
