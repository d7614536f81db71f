// The page's measurements cross to JS through one declaration each:
//
//   const boundary::Topic modulation{
//       fn("modulationCurves", modulation_curves, {"phi", "omega", "delta", opt("m", 0), opt("span", 60)}),
//   };
//
// names the JS function, the core function it calls, and its arguments in order (with the default of
// each optional one). Everything else follows from that line and the core's types:
//   - each argument's JS type from the core function's parameter type (In<T> below);
//   - the result from its return type: a struct becomes an object through its POSENC_FIELDS list
//     (posenc/fields.hpp), each member named in camelCase (Out<T> below);
//   - spec() describes every function and struct, so the JS wrapper (web/src/lib/analysis/) checks
//     types and fills defaults from it, and the build (scripts/gen-types.mjs) writes the
//     TypeScript types from it.
// Ranges are the core function's to check: its Status names the argument and comes back as a
// RangeError.
#pragma once

#include <emscripten/val.h>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "js_values.hpp"
#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc::boundary {

using emscripten::val;

// --- types, for spec() ----------------------------------------------------------------------------

// The struct interfaces a spec names ("ModulationCurves" → "{ deltas: Float64Array; … }").
using Interfaces = std::vector<std::pair<std::string, std::string>>;

std::string camel(const char* snake);  // "additive_m_spread" → "additiveMSpread"

template <class T, class = void>
struct Out;  // a core value → JS; ts(): its TypeScript type

template <class T>
struct Is {
  static constexpr bool optional = false;
};
template <class T>
struct Is<std::optional<T>> {
  static constexpr bool optional = true;
};

template <class T>
using HasFields = decltype(field_struct_name(static_cast<const T*>(nullptr)));  // POSENC_FIELDS defines both

template <class T>
struct Out<T, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>> {
  static val to(T v) { return val(static_cast<double>(v)); }
  static std::string ts(Interfaces&) { return "number"; }
};
template <>
struct Out<bool> {
  static val to(bool v) { return val(v); }
  static std::string ts(Interfaces&) { return "boolean"; }
};
template <>
struct Out<std::string> {
  static val to(const std::string& v) { return val(v); }
  static std::string ts(Interfaces&) { return "string"; }
};
// Lists of numbers (and Eigen vectors) are Float64Array copies the caller owns.
template <class T>
struct Out<std::vector<T>, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>> {
  static val to(const std::vector<T>& v) {
    if constexpr (std::is_same_v<T, double>) {
      return js::f64(v);
    } else {
      return js::f64(std::vector<double>(v.begin(), v.end()));
    }
  }
  static std::string ts(Interfaces&) { return "Float64Array"; }
};
template <class T, std::size_t N>
struct Out<std::array<T, N>> {
  static val to(const std::array<T, N>& v) { return Out<std::vector<T>>::to(std::vector<T>(v.begin(), v.end())); }
  static std::string ts(Interfaces& i) { return Out<std::vector<T>>::ts(i); }
};
template <int N>
struct Out<Eigen::Matrix<double, N, 1>> {
  static val to(const Eigen::Matrix<double, N, 1>& v) { return js::typed_copy(v.data(), static_cast<std::size_t>(v.size())); }
  static std::string ts(Interfaces&) { return "Float64Array"; }
};
template <>
struct Out<MatrixXd> {
  static val to(const MatrixXd& m) { return js::matrix_val(m); }
  static std::string ts(Interfaces&) { return "Matrix<Float64Array>"; }
};
template <class T>
struct Out<std::vector<T>, std::enable_if_t<!std::is_arithmetic_v<T> || std::is_same_v<T, bool>>> {
  static val to(const std::vector<T>& v) {
    val a = val::array();
    for (const auto& x : v) a.call<void>("push", Out<T>::to(x));
    return a;
  }
  static std::string ts(Interfaces& i) { return Out<T>::ts(i) + "[]"; }
};
template <class T>
struct Out<std::optional<T>> {  // a member that may be absent (`name?:` in TypeScript)
  static val to(const std::optional<T>& v) { return v ? Out<T>::to(*v) : val::undefined(); }
  static std::string ts(Interfaces& i) { return Out<T>::ts(i); }
};
// A struct with POSENC_FIELDS: an object with one camelCase property per member.
template <class T>
struct Out<T, std::void_t<HasFields<T>>> {
  static val to(const T& s) {
    val o = val::object();
    for_each_field(s, [&](const char* name, const auto& v) {
      using V = std::decay_t<decltype(v)>;
      if constexpr (Is<V>::optional) {
        if (!v) return;
      }
      o.set(camel(name), Out<V>::to(v));
    });
    return o;
  }
  static std::string ts(Interfaces& i) {
    const std::string name = field_struct_name(static_cast<const T*>(nullptr));
    for (const auto& known : i) {
      if (known.first == name) return name;
    }
    i.emplace_back(name, "");  // reserved before the members: a struct may hold its own kind
    const std::size_t at = i.size() - 1;
    std::string body;
    for_each_field(T{}, [&](const char* member, const auto& v) {
      using V = std::decay_t<decltype(v)>;
      body += "  " + camel(member) + (Is<V>::optional ? "?: " : ": ") + Out<V>::ts(i) + ";\n";
    });
    i[at].second = body;
    return name;
  }
};

// --- arguments --------------------------------------------------------------------------------------

// What the JS wrapper checks and converts before the call (web/src/lib/analysis/bind.ts).
enum class Kind { Number, Boolean, String, Numbers, Matrix, Enum };

template <class E>
struct EnumNames;  // specialised per enum: the JS strings, in the order of the enum's values

template <class T, class = void>
struct In;  // a JS value (already type-checked by the wrapper) → the core's parameter

template <>
struct In<double> {
  static constexpr Kind kind = Kind::Number;
  static std::string ts() { return "number"; }
  static Result<double> from(const val& v, const char*) { return v.as<double>(); }
};
template <>
struct In<bool> {
  static constexpr Kind kind = Kind::Boolean;
  static std::string ts() { return "boolean"; }
  static Result<bool> from(const val& v, const char*) { return v.as<bool>(); }
};
template <>
struct In<std::string> {
  static constexpr Kind kind = Kind::String;
  static std::string ts() { return "string"; }
  static Result<std::string> from(const val& v, const char*) { return v.as<std::string>(); }
};
template <>
struct In<std::vector<double>> {
  static constexpr Kind kind = Kind::Numbers;
  static std::string ts() { return "ArrayLike<number>"; }
  static Result<std::vector<double>> from(const val& v, const char* name) { return js::to_finite(v, name); }
};
template <>
struct In<std::vector<int>> {
  static constexpr Kind kind = Kind::Numbers;
  static std::string ts() { return "ArrayLike<number>"; }
  static Result<std::vector<int>> from(const val& v, const char* name) { return js::to_indices(v, name); }
};
template <>
struct In<VectorXd> {
  static constexpr Kind kind = Kind::Numbers;
  static std::string ts() { return "ArrayLike<number>"; }
  static Result<VectorXd> from(const val& v, const char* name);
};
template <>
struct In<MatrixXd> {
  static constexpr Kind kind = Kind::Matrix;
  static std::string ts() { return "MatrixLike"; }
  static Result<MatrixXd> from(const val& v, const char* name) { return js::to_matrix(v, name); }
};
// An optional number without a default (std::nullopt in the core when the caller leaves it out).
template <>
struct In<std::optional<double>> {
  static constexpr Kind kind = Kind::Number;
  static std::string ts() { return "number"; }
  static Result<std::optional<double>> from(const val& v, const char*) {
    if (v.isNull() || v.isUndefined()) return std::optional<double>();
    return std::optional<double>(v.as<double>());
  }
};
// An optional matrix (a null pointer in the core when the caller leaves it out).
template <>
struct In<const MatrixXd*> {
  static constexpr Kind kind = Kind::Matrix;
  static std::string ts() { return "MatrixLike"; }
  static Result<std::optional<MatrixXd>> from(const val& v, const char* name);
};
template <class E>
struct In<E, std::enable_if_t<std::is_enum_v<E>>> {
  static constexpr Kind kind = Kind::Enum;
  static std::string ts() {
    std::string out;
    for (const char* n : EnumNames<E>::names) out += std::string(out.empty() ? "" : " | ") + "'" + n + "'";
    return out;
  }
  static Result<E> from(const val& v, const char*) { return static_cast<E>(v.as<int>()); }  // the wrapper sends the index
};

// The value a converted argument is passed as (a held optional matrix is passed as a pointer).
template <class H>
const H& pass(const H& held) {
  return held;
}
inline const MatrixXd* pass(const std::optional<MatrixXd>& held) { return held ? &*held : nullptr; }

template <class E>
std::vector<std::string> enum_names() {
  return {std::begin(EnumNames<E>::names), std::end(EnumNames<E>::names)};
}
template <class T>
std::vector<std::string> values_of() {
  if constexpr (std::is_enum_v<T>) {
    return enum_names<T>();
  } else {
    return {};
  }
}

// An optional argument's default. Plain C++, not a val: declarations are built while the module
// starts, before embind has registered the types a val needs.
struct Fallback {
  enum class Kind { Required, Number, Boolean, String, Absent } kind = Kind::Required;
  double number = 0;
  bool boolean = false;
  std::string string;
};

// An argument as declared: its name and, when optional, its default.
struct Arg {
  Arg(const char* n) : name(n) {}  // NOLINT: a bare name is a required argument
  const char* name;
  Fallback fallback;
};
// Optional, with this default (a number, a boolean or one of an enum's names).
Arg opt(const char* name, double fallback);
inline Arg opt(const char* name, int fallback) { return opt(name, static_cast<double>(fallback)); }
Arg opt(const char* name, bool fallback);
Arg opt(const char* name, const char* fallback);
// Optional, absent by default: an empty list, no matrix, or no number (std::optional).
Arg absent(const char* name);

struct ArgSpec {
  std::string name, ts;
  Kind kind;
  Fallback fallback;
  std::vector<std::string> values;  // an enum's names
};

struct Entry {
  std::string name;
  std::vector<ArgSpec> args;
  std::size_t positional = 0;  // how many leading arguments JS passes as f(a, b, { …the rest })
  std::string result;       // its TypeScript type
  std::function<val(const val&)> call;  // the JS arguments, in declared order
};

// --- declaring a function ------------------------------------------------------------------------------

template <class T>
using Param = std::remove_cv_t<std::remove_reference_t<T>>;

template <class R>
struct Returned {
  using type = R;
  static const Status* failed(const R&) { return nullptr; }
  static const R& value(const R& r) { return r; }
};
template <class R>
struct Returned<Result<R>> {
  using type = R;
  static const Status* failed(const Result<R>& r) { return r.ok() ? nullptr : &r.status; }
  static const R& value(const Result<R>& r) { return r.value; }
};

template <class R, class... A, std::size_t... I>
val invoke(R (*f)(A...), const std::vector<ArgSpec>& spec, const val& args, std::index_sequence<I...>) {
  std::tuple<std::optional<decltype(In<Param<A>>::from(std::declval<const val&>(), "").value)>...> held;
  Status failed;
  // Converted in order; the first bad argument ends it (its Status names it).
  const bool ok = ([&] {
    auto r = In<Param<A>>::from(args[I], spec[I].name.c_str());
    if (!r.ok()) {
      failed = r.status;
      return false;
    }
    std::get<I>(held).emplace(std::move(r.value));
    return true;
  }() && ...);
  if (!ok) return js::error_val(failed);
  const auto r = f(pass(*std::get<I>(held))...);
  if (const Status* s = Returned<R>::failed(r)) return js::error_val(*s);
  return Out<typename Returned<R>::type>::to(Returned<R>::value(r));
}

// Shared by fn() and spec(): the struct interfaces every result refers to.
Interfaces& interfaces();

template <class R, class... A, std::size_t N>
Entry fn(const char* name, R (*f)(A...), const Arg (&args)[N], std::size_t positional = 0) {
  static_assert(N == sizeof...(A), "declare one name per parameter of the core function");
  Entry e{name, {}, positional, Out<typename Returned<R>::type>::ts(interfaces()), nullptr};
  const std::string ts[] = {In<Param<A>>::ts()...};
  const Kind kinds[] = {In<Param<A>>::kind...};
  const std::vector<std::string> values[] = {values_of<Param<A>>()...};
  for (std::size_t i = 0; i < N; ++i) e.args.push_back({args[i].name, ts[i], kinds[i], args[i].fallback, values[i]});
  e.call = [f, spec = e.args](const val& a) { return invoke(f, spec, a, std::index_sequence_for<A...>{}); };
  return e;
}

// JS: f(a, b, { c }) rather than f({ a, b, c }): the first `count` arguments (all by default) by
// position, for functions whose main input is a matrix or a list.
template <class R, class... A, std::size_t N>
Entry positional(const char* name, R (*f)(A...), const Arg (&args)[N], std::size_t count = N) {
  return fn(name, f, args, count);
}

// One topic's declarations; constructing it registers them.
struct Topic {
  Topic(std::initializer_list<Entry> entries);
};

}  // namespace posenc::boundary
