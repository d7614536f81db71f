// A small strict JSON reader (RFC 8259) for model config.json files and scaling options.
// Written here rather than pulled in because it is the one parser exposed to pasted text:
// it is bounded (depth, size), never throws, and is fuzzed (tests/fuzz).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/status.hpp"

namespace posenc::json {

enum class Type { Null, Bool, Number, String, Array, Object };

struct Value {
  Type type = Type::Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> array;
  std::vector<std::pair<std::string, Value>> object;  // insertion order kept

  // Object member lookup; nullptr when absent or when this is not an object.
  const Value* find(std::string_view key) const;
  bool is_number() const { return type == Type::Number; }
};

constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxBytes = 8u << 20;

Result<Value> parse(std::string_view text);

const char* type_name(Type t);

}  // namespace posenc::json
