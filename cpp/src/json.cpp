#include "posenc/json.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace posenc::json {

const Value* Value::find(std::string_view key) const {
  if (type != Type::Object) return nullptr;
  // Last duplicate wins, as in JSON.parse.
  for (auto it = object.rbegin(); it != object.rend(); ++it) {
    if (it->first == key) return &it->second;
  }
  return nullptr;
}

const char* type_name(Type t) {
  switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "boolean";
    case Type::Number: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
  }
  return "?";
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  Result<Value> run() {
    Value v;
    skip_ws();
    if (!value(v, 0)) return fail();
    skip_ws();
    if (i_ != s_.size()) {
      err_ = "unexpected text after the JSON value";
      return fail();
    }
    return v;
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
  std::string err_;

  Status fail() const {
    // Line and column help a reader find the mistake in a pasted config.json.
    std::size_t line = 1, col = 1;
    for (std::size_t k = 0; k < i_ && k < s_.size(); ++k) {
      if (s_[k] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    return Status::range("invalid JSON at line " + std::to_string(line) + ", column " +
                         std::to_string(col) + ": " + err_);
  }

  void skip_ws() {
    while (i_ < s_.size() &&
           (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) {
      ++i_;
    }
  }

  bool literal(const char* word) {
    const std::size_t n = std::strlen(word);
    if (s_.substr(i_, n) != word) {
      err_ = std::string("expected '") + word + "'";
      return false;
    }
    i_ += n;
    return true;
  }

  bool value(Value& out, int depth) {
    if (depth > kMaxDepth) {
      err_ = "nested deeper than " + std::to_string(kMaxDepth) + " levels";
      return false;
    }
    if (i_ >= s_.size()) {
      err_ = "unexpected end of input";
      return false;
    }
    switch (s_[i_]) {
      case '{': return object(out, depth);
      case '[': return array(out, depth);
      case '"': out.type = Type::String; return string(out.string);
      case 't': out.type = Type::Bool; out.boolean = true; return literal("true");
      case 'f': out.type = Type::Bool; out.boolean = false; return literal("false");
      case 'n': out.type = Type::Null; return literal("null");
      default: return number(out);
    }
  }

  bool object(Value& out, int depth) {
    out.type = Type::Object;
    ++i_;  // '{'
    skip_ws();
    if (i_ < s_.size() && s_[i_] == '}') {
      ++i_;
      return true;
    }
    for (;;) {
      skip_ws();
      if (i_ >= s_.size() || s_[i_] != '"') {
        err_ = "expected a quoted key";
        return false;
      }
      std::string key;
      if (!string(key)) return false;
      skip_ws();
      if (i_ >= s_.size() || s_[i_] != ':') {
        err_ = "expected ':' after key \"" + key + "\"";
        return false;
      }
      ++i_;
      skip_ws();
      Value v;
      if (!value(v, depth + 1)) return false;
      out.object.emplace_back(std::move(key), std::move(v));
      skip_ws();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return true;
      }
      err_ = "expected ',' or '}' in object";
      return false;
    }
  }

  bool array(Value& out, int depth) {
    out.type = Type::Array;
    ++i_;  // '['
    skip_ws();
    if (i_ < s_.size() && s_[i_] == ']') {
      ++i_;
      return true;
    }
    for (;;) {
      skip_ws();
      Value v;
      if (!value(v, depth + 1)) return false;
      out.array.push_back(std::move(v));
      skip_ws();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return true;
      }
      err_ = "expected ',' or ']' in array";
      return false;
    }
  }

  static void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(unsigned& cp) {
    if (i_ + 4 > s_.size()) {
      err_ = "truncated \\u escape";
      return false;
    }
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[i_++];
      cp <<= 4;
      if (c >= '0' && c <= '9') cp |= static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f') cp |= static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') cp |= static_cast<unsigned>(c - 'A' + 10);
      else {
        err_ = "bad hex digit in \\u escape";
        return false;
      }
    }
    return true;
  }

  bool string(std::string& out) {
    ++i_;  // opening quote
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) {
        err_ = "control character inside a string";
        return false;
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      const char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned lo = 0;
            if (i_ + 2 <= s_.size() && s_[i_] == '\\' && s_[i_ + 1] == 'u') {
              i_ += 2;
              if (!hex4(lo)) return false;
            }
            if (lo < 0xDC00 || lo > 0xDFFF) {
              err_ = "unpaired surrogate in \\u escape";
              return false;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            err_ = "unpaired surrogate in \\u escape";
            return false;
          }
          append_utf8(out, cp);
          break;
        }
        default:
          err_ = std::string("unknown escape \\") + e;
          return false;
      }
    }
    err_ = "unterminated string";
    return false;
  }

  bool number(Value& out) {
    const std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    auto digits = [&] {
      const std::size_t from = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ - from;
    };
    if (i_ < s_.size() && s_[i_] == '0') {
      ++i_;
    } else if (digits() == 0) {
      err_ = "expected a value";
      i_ = start;
      return false;
    }
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (digits() == 0) {
        err_ = "expected digits after '.'";
        return false;
      }
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (digits() == 0) {
        err_ = "expected digits in exponent";
        return false;
      }
    }
    const std::string text(s_.substr(start, i_ - start));
    out.type = Type::Number;
    out.number = std::strtod(text.c_str(), nullptr);
    return true;
  }
};

}  // namespace

Result<Value> parse(std::string_view text) {
  if (text.size() > kMaxBytes) {
    return Status::range("JSON text is " + std::to_string(text.size()) + " bytes; at most " +
                         std::to_string(kMaxBytes) + " are read");
  }
  return Parser(text).run();
}

}  // namespace posenc::json
