// The registry of declared functions (boundary.hpp) and the two embind functions JS calls:
// analysisSpec() (what each function takes and returns) and analysisCall(index, args).
#include "boundary.hpp"

#include <emscripten/bind.h>

#include <cctype>

namespace posenc::boundary {

namespace {

std::vector<Entry>& registry() {
  static std::vector<Entry> entries;
  return entries;
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::Number: return "number";
    case Kind::Boolean: return "boolean";
    case Kind::String: return "string";
    case Kind::Numbers: return "numbers";
    case Kind::Matrix: return "matrix";
    case Kind::Enum: return "enum";
  }
  return "number";
}

val spec() {
  val fns = val::array();
  for (const Entry& e : registry()) {
    val args = val::array();
    for (const ArgSpec& a : e.args) {
      val o = val::object();
      o.set("name", a.name);
      o.set("kind", kind_name(a.kind));
      o.set("ts", a.ts);
      o.set("optional", a.fallback.kind != Fallback::Kind::Required);
      switch (a.fallback.kind) {
        case Fallback::Kind::Required: break;
        case Fallback::Kind::Number: o.set("fallback", a.fallback.number); break;
        case Fallback::Kind::Boolean: o.set("fallback", a.fallback.boolean); break;
        case Fallback::Kind::String: o.set("fallback", a.fallback.string); break;
        case Fallback::Kind::Absent: o.set("fallback", val::null()); break;
      }
      if (!a.values.empty()) o.set("values", js::strings(a.values));
      args.call<void>("push", o);
    }
    val f = val::object();
    f.set("name", e.name);
    f.set("positional", static_cast<double>(e.positional));
    f.set("result", e.result);
    f.set("args", args);
    fns.call<void>("push", f);
  }
  val types = val::array();
  for (const auto& [name, body] : interfaces()) {
    val t = val::object();
    t.set("name", name);
    t.set("body", body);
    types.call<void>("push", t);
  }
  val o = val::object();
  o.set("functions", fns);
  o.set("interfaces", types);
  return o;
}

val call(int index, val args) {
  const auto& r = registry();
  if (index < 0 || static_cast<std::size_t>(index) >= r.size()) {
    return js::error_val(Status::range("no analysis function " + std::to_string(index)));
  }
  return r[static_cast<std::size_t>(index)].call(args);
}

}  // namespace

std::string camel(const char* snake) {
  std::string out;
  bool up = false;
  for (const char* c = snake; *c; ++c) {
    if (*c == '_') {
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(*c))) : *c;
    up = false;
  }
  return out;
}

Interfaces& interfaces() {
  static Interfaces all;
  return all;
}

Result<VectorXd> In<VectorXd>::from(const val& v, const char* name) {
  auto list = js::to_finite(v, name);
  if (!list.ok()) return list.status;
  return VectorXd(Eigen::Map<const VectorXd>(list.value.data(), static_cast<Eigen::Index>(list.value.size())));
}

Result<std::optional<MatrixXd>> In<const MatrixXd*>::from(const val& v, const char* name) {
  if (v.isNull() || v.isUndefined()) return std::optional<MatrixXd>();
  auto m = js::to_matrix(v, name);
  if (!m.ok()) return m.status;
  return std::optional<MatrixXd>(std::move(m.value));
}

Arg opt(const char* name, double fallback) {
  Arg a(name);
  a.fallback.kind = Fallback::Kind::Number;
  a.fallback.number = fallback;
  return a;
}

Arg opt(const char* name, bool fallback) {
  Arg a(name);
  a.fallback.kind = Fallback::Kind::Boolean;
  a.fallback.boolean = fallback;
  return a;
}

Arg opt(const char* name, const char* fallback) {
  Arg a(name);
  a.fallback.kind = Fallback::Kind::String;
  a.fallback.string = fallback;
  return a;
}

Arg absent(const char* name) {
  Arg a(name);
  a.fallback.kind = Fallback::Kind::Absent;
  return a;
}

Topic::Topic(std::initializer_list<Entry> entries) {
  for (const Entry& e : entries) registry().push_back(e);
}

}  // namespace posenc::boundary

EMSCRIPTEN_BINDINGS(posenc_boundary) {
  emscripten::function("analysisSpec", &posenc::boundary::spec);
  emscripten::function("analysisCall", &posenc::boundary::call);
}
