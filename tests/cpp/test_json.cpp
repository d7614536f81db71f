#include <catch2/catch.hpp>
#include <string>

#include "posenc/json.hpp"

using namespace posenc;

TEST_CASE("json reads a model config and keeps key order") {
  auto r = json::parse(R"({"rope_theta": 500000.0, "rope_scaling": {"factor": 8, "rope_type": "llama3"},
                           "arr": [1, -2.5e-3, true, null, "x\u00e9\ud83d\ude00"]})");
  REQUIRE(r.ok());
  const auto& v = r.value;
  REQUIRE(v.find("rope_theta")->number == 500000.0);
  REQUIRE(v.object[0].first == "rope_theta");
  const auto* arr = v.find("arr");
  REQUIRE(arr->array.size() == 5);
  REQUIRE(arr->array[1].number == -2.5e-3);
  REQUIRE(arr->array[2].boolean);
  REQUIRE(arr->array[3].type == json::Type::Null);
  REQUIRE(arr->array[4].string == "x\xC3\xA9\xF0\x9F\x98\x80");
  REQUIRE(v.find("rope_scaling")->find("rope_type")->string == "llama3");
  REQUIRE(v.find("missing") == nullptr);
}

TEST_CASE("json: last duplicate key wins, as JSON.parse") {
  auto r = json::parse(R"({"a": 1, "a": 2})");
  REQUIRE(r.ok());
  REQUIRE(r.value.find("a")->number == 2);
}

TEST_CASE("json rejects malformed text with a position") {
  for (const char* bad : {"", "{", "{\"a\" 1}", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"\\x\"",
                          "\"unterminated", "{\"a\":1} x", "\"\\ud800\"", "[1 2]", "NaN", "Infinity"}) {
    auto r = json::parse(bad);
    INFO(bad);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.status.kind == ErrorKind::Range);
    REQUIRE(r.status.message.find("invalid JSON at line") == 0);
  }
  auto r = json::parse("{\n  \"a\": [1,\n  oops]\n}");
  REQUIRE(r.status.message.find("line 3") != std::string::npos);
}

TEST_CASE("json bounds nesting depth instead of overflowing the stack") {
  std::string deep(100000, '[');
  auto r = json::parse(deep);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status.message.find("nested deeper") != std::string::npos);
  std::string ok(json::kMaxDepth, '[');
  ok += std::string(json::kMaxDepth, ']');
  REQUIRE(json::parse(ok).ok());
}
