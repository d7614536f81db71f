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
  REQUIRE(task_names() == std::vector<std::string>{"recall", "offset", "copy", "reverse", "induction", "sort", "flipflop",
                                                   "selective-copy"});
  REQUIRE(parse_task("selective-copy").value == Task::SelectiveCopy);
  REQUIRE(parse_task("nope").status.message ==
          "task must be one of recall, offset, copy, reverse, induction, sort, flipflop, selective-copy; got 'nope'");
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
  for (int task_i = 0; task_i < static_cast<int>(task_names().size()); ++task_i) {
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
          case Task::Sort: {
            // As copy, but after <sep> the symbols come sorted by token id.
            REQUIRE(std::count(s.tok.begin(), s.tok.end(), kSep) == 1);
            const int sep = static_cast<int>(std::find(s.tok.begin(), s.tok.end(), kSep) - s.tok.begin());
            const int a = sep - 1, b = n - 1 - sep;
            REQUIRE(a == (n - 1) / 2);
            std::vector<std::int32_t> sorted(s.tok.begin() + 1, s.tok.begin() + sep);
            for (int x : sorted) REQUIRE(is_symbol(x));
            std::sort(sorted.begin(), sorted.end());
            for (int i = 1; i <= b; ++i) REQUIRE(s.tok[sep + i] == sorted[i - 1]);
            std::vector<std::int32_t> want(n, -1);
            for (int i = 0; i < a && sep + i < n; ++i) want[sep + i] = sorted[i];
            REQUIRE(s.tgt == want);
            REQUIRE(scored == a);
            break;
          }
          case Task::FlipFlop: {
            // Instructions w, i, r (K0, K1, K2) at odd positions, each followed by a bit (a or b);
            // first w, last r; a read's bit is the last written one; targets at the reads.
            int memory = -1, reads = 0;
            const int last = (n - 1) % 2 == 1 ? n - 1 : n - 2;
            for (int t = 1; t < n; t += 2) {
              const int op = s.tok[t];
              REQUIRE((op == kFirstKey || op == kFirstKey + 1 || op == kFirstKey + 2));
              if (t == 1) REQUIRE(op == kFirstKey);
              if (t == last) REQUIRE(op == kFirstKey + 2);
              const int bit = t + 1 < n ? s.tok[t + 1] : -1;
              if (t + 1 < n) REQUIRE((bit == 2 || bit == 3));
              if (op == kFirstKey) memory = bit;
              if (op == kFirstKey + 2) {
                REQUIRE(s.tgt[t] == memory);
                if (t + 1 < n) REQUIRE(bit == memory);
                ++reads;
              } else {
                REQUIRE(s.tgt[t] == -1);
              }
              if (t + 1 < n) REQUIRE(s.tgt[t + 1] == -1);
            }
            REQUIRE(s.tgt[0] == -1);
            REQUIRE(scored == reads);
            break;
          }
          case Task::SelectiveCopy: {
            // m symbols among noise tokens (K0), <sep>, the symbols in order; targets as copy.
            REQUIRE(std::count(s.tok.begin(), s.tok.end(), kSep) == 1);
            const int sep = static_cast<int>(std::find(s.tok.begin(), s.tok.end(), kSep) - s.tok.begin());
            std::vector<std::int32_t> data;
            for (int t = 1; t < sep; ++t) {
              REQUIRE((is_symbol(s.tok[t]) || s.tok[t] == kFirstKey));
              if (is_symbol(s.tok[t])) data.push_back(s.tok[t]);
            }
            const int m = static_cast<int>(data.size());
            REQUIRE(m == std::max(1, (n - 2) / 4));
            REQUIRE(sep - 1 == n - 1 - m);  // the region has n − 1 − m slots
            for (int i = 1; sep + i < n; ++i) REQUIRE(s.tok[sep + i] == data[i - 1]);
            std::vector<std::int32_t> want(n, -1);
            for (int i = 0; i < m; ++i) want[sep + i] = data[i];
            REQUIRE(s.tgt == want);
            REQUIRE(scored == m);
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

TEST_CASE("lab tasks: flip-flop draws i, w, r as 1/2, 1/4, 1/4; selective copy places its symbols uniformly") {
  Rng rng(8);
  std::map<int, int> ops;
  int middle = 0;
  std::vector<int> filled(29, 0);  // selective copy at n = 40: m = 9 symbols in 30 slots
  for (int rep = 0; rep < 4000; ++rep) {
    const Seq f = make(Task::FlipFlop, 41, rng);  // instructions at 1, 3, …, 39; 3 … 37 drawn
    for (int t = 3; t <= 37; t += 2) ++ops[f.tok[t]], ++middle;
    const Seq c = make(Task::SelectiveCopy, 40, rng);
    for (int slot = 0; slot < 29; ++slot) filled[slot] += is_symbol(c.tok[1 + slot]) ? 1 : 0;
  }
  CHECK(ops[kFirstKey + 1] / double(middle) == Approx(0.5).margin(0.01));
  CHECK(ops[kFirstKey] / double(middle) == Approx(0.25).margin(0.01));
  CHECK(ops[kFirstKey + 2] / double(middle) == Approx(0.25).margin(0.01));
  for (int slot = 0; slot < 29; ++slot) CHECK(filled[slot] / 4000.0 == Approx(9.0 / 30).margin(0.03));
}
