// The lab's tasks generate what lab_tasks.hpp says: each sequence is parsed back from its tokens
// alone and every target is recomputed from that parse, independently of the generator.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "posenc/lab_tasks.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

bool is_symbol(int t) { return t >= 2 && t < 18; }
bool is_key(int t) { return t >= 18 && t < 50; }

struct Seq {
  std::vector<std::int32_t> tok, tgt;
};

Seq make(Task task, int n, Rng& rng) {
  Seq s{std::vector<std::int32_t>(n, -7), std::vector<std::int32_t>(n, -7)};
  generate(task, n, rng, s.tok.data(), s.tgt.data());
  return s;
}

// Expected targets from the tokens, written from the task definitions.
std::vector<std::int32_t> expected_offset(const Seq& s) {
  std::vector<std::int32_t> want(s.tok.size(), -1);
  for (std::size_t t = 4; t < s.tok.size(); ++t) want[t] = s.tok[t - 3];
  return want;
}

std::vector<std::int32_t> expected_copy(const Seq& s, bool reverse) {
  const auto sep = static_cast<int>(std::find(s.tok.begin(), s.tok.end(), 1) - s.tok.begin());
  const int a = sep - 1;  // symbols before <sep>
  std::vector<std::int32_t> want(s.tok.size(), -1);
  for (int i = 0; i < a && sep + i < static_cast<int>(s.tok.size()); ++i) {
    want[static_cast<std::size_t>(sep + i)] = reverse ? s.tok[static_cast<std::size_t>(a - i)] : s.tok[static_cast<std::size_t>(1 + i)];
  }
  return want;
}

}  // namespace

TEST_CASE("lab tasks: names, default and vocabulary") {
  REQUIRE(task_names() == std::vector<std::string>{"recall", "offset", "copy", "reverse", "induction"});
  REQUIRE(parse_task("").value == default_task());
  REQUIRE(task_names()[0] == task_name(default_task()));
  REQUIRE_FALSE(parse_task("Copy").ok());
  REQUIRE(kVocab == 50);
  REQUIRE(token_name(0) == "<bos>");
  REQUIRE(token_name(1) == "<sep>");
  REQUIRE(token_name(2) == "a");
  REQUIRE(token_name(17) == "p");
  REQUIRE(token_name(18) == "K0");
  REQUIRE(token_name(49) == "K31");
}

TEST_CASE("lab tasks: every sequence is what its task claims, at every length") {
  Rng rng(99);
  for (int task_i = 0; task_i < 5; ++task_i) {
    const Task task = static_cast<Task>(task_i);
    for (int n = task_min_length(task); n <= 140; ++n) {
      for (int rep = 0; rep < 5; ++rep) {
        const Seq s = make(task, n, rng);
        INFO(task_name(task) << " length " << n);
        REQUIRE(s.tok[0] == kBos);
        for (int t : s.tok) REQUIRE((t >= 0 && t < kVocab));
        int scored = 0;
        for (int g : s.tgt) scored += g >= 0 ? 1 : 0;
        REQUIRE(scored >= 1);
        switch (task) {
          case Task::Offset:
            for (int t = 1; t < n; ++t) REQUIRE(is_symbol(s.tok[t]));
            REQUIRE(s.tgt == expected_offset(s));
            REQUIRE(scored == n - 4);
            break;
          case Task::Copy:
          case Task::Reverse: {
            const bool rev = task == Task::Reverse;
            REQUIRE(std::count(s.tok.begin(), s.tok.end(), kSep) == 1);
            const int sep = static_cast<int>(std::find(s.tok.begin(), s.tok.end(), kSep) - s.tok.begin());
            const int a = sep - 1, b = n - 1 - sep;
            REQUIRE(a == (n - 1) / 2);       // ⌈(n − 2)/2⌉ symbols before <sep>
            REQUIRE((b == a || b == a - 1));
            for (int t = 1; t < n; ++t) {
              if (t != sep) REQUIRE(is_symbol(s.tok[t]));
            }
            // The part after <sep> is the copy (or reversal) so far: teacher forcing.
            for (int i = 1; i <= b; ++i) REQUIRE(s.tok[sep + i] == (rev ? s.tok[a + 1 - i] : s.tok[i]));
            REQUIRE(s.tgt == expected_copy(s, rev));
            REQUIRE(scored == a);
            break;
          }
          case Task::Recall: {
            const int sep = static_cast<int>(std::find(s.tok.begin(), s.tok.end(), kSep) - s.tok.begin());
            REQUIRE(sep < n);
            const int m = (sep - 1) / 2;
            REQUIRE(m == std::max(1, std::min(32, (n - 2) / 4)));
            std::map<int, int> value_of;
            for (int i = 0; i < m; ++i) {
              const int k = s.tok[1 + 2 * i], v = s.tok[2 + 2 * i];
              REQUIRE(is_key(k));
              REQUIRE(is_symbol(v));
              REQUIRE(value_of.count(k) == 0);  // distinct keys
              value_of[k] = v;
            }
            // After <sep>: key, its value, key, its value, …; targets at the keys.
            for (int t = sep + 1; t < n; ++t) {
              const bool query = (t - sep - 1) % 2 == 0;
              if (query) {
                REQUIRE(value_of.count(s.tok[t]) == 1);
                REQUIRE(s.tgt[t] == value_of[s.tok[t]]);
              } else {
                REQUIRE(s.tok[t] == value_of[s.tok[t - 1]]);
                REQUIRE(s.tgt[t] == -1);
              }
            }
            for (int t = 0; t <= sep; ++t) REQUIRE(s.tgt[t] == -1);
            REQUIRE(scored == (n - sep) / 2);
            break;
          }
          case Task::Induction: {
            // Keys at odd positions, each followed by its value; one value per key in a sequence;
            // a key seen before is scored with that value.
            std::map<int, int> value_of;
            int want_scored = 0;
            for (int t = 1; t < n; t += 2) {
              const int k = s.tok[t];
              REQUIRE(is_key(k));
              const bool before = value_of.count(k) == 1;
              if (t + 1 < n) {
                REQUIRE(is_symbol(s.tok[t + 1]));
                if (before) REQUIRE(s.tok[t + 1] == value_of[k]);
                REQUIRE(s.tgt[t + 1] == -1);
              }
              if (before) {
                REQUIRE(s.tgt[t] == value_of[k]);
                ++want_scored;
              } else {
                REQUIRE(s.tgt[t] == -1);
                // a key's first appearance at the very end has no value yet; give it one the
                // generator could not contradict
                value_of[k] = t + 1 < n ? s.tok[t + 1] : -2;
              }
            }
            REQUIRE(scored == want_scored);
            REQUIRE(static_cast<int>(value_of.size()) <= std::max(1, std::min(32, (n / 2) / 2)));
            break;
          }
        }
      }
    }
  }
}

TEST_CASE("lab tasks: symbols and keys are spread over their whole range; the seed fixes the sequences") {
  Rng rng(5);
  std::set<int> symbols, keys;
  for (int rep = 0; rep < 200; ++rep) {
    const Seq s = make(Task::Recall, 40, rng);
    for (int t : s.tok) {
      if (is_symbol(t)) symbols.insert(t);
      if (is_key(t)) keys.insert(t);
    }
  }
  REQUIRE(symbols.size() == 16);
  REQUIRE(keys.size() == 32);
  Rng r1(123), r2(123);
  REQUIRE(make(Task::Copy, 33, r1).tok == make(Task::Copy, 33, r2).tok);
  // uniform_int stays in range and hits both ends
  Rng r3(1);
  std::set<int> seen;
  for (int i = 0; i < 2000; ++i) {
    const int v = uniform_int(r3, 7);
    REQUIRE((v >= 0 && v < 7));
    seen.insert(v);
  }
  REQUIRE(seen.size() == 7);
}
