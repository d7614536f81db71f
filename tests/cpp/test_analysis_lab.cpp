// Where each answer of a lab task is in its input (analysis_lab.hpp): checked on generated sequences
// of every task and length, and written out for copy, reverse and offset.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "posenc/analysis_lab.hpp"
#include "posenc/lab_tasks.hpp"

using namespace posenc;
using namespace posenc::lab;

TEST_CASE("task sources: every scored position reads its target from one earlier key, for every task", "[lab][sources]") {
  Rng rng(11);
  for (const auto& name : task_names()) {
    const Task task = parse_task(name).value;
    for (int n : {task_min_length(task), 12, 24, 48}) {
      for (int rep = 0; rep < 20; ++rep) {
        std::vector<std::int32_t> tok(static_cast<std::size_t>(n)), tgt(static_cast<std::size_t>(n));
        generate(task, n, rng, tok.data(), tgt.data());
        const std::vector<int> tokens(tok.begin(), tok.end()), targets(tgt.begin(), tgt.end());
        auto r = task_sources(name, tokens, targets);
        INFO(name << " n=" << n << " rep=" << rep << ": " << r.status.message);
        REQUIRE(r.ok());
        REQUIRE(r.value.size() == tokens.size());
        for (int t = 0; t < n; ++t) {
          const int j = r.value[static_cast<std::size_t>(t)];
          if (targets[static_cast<std::size_t>(t)] < 0) {
            REQUIRE(j == -1);
          } else {
            REQUIRE(j >= 0);
            REQUIRE(j <= t);  // a key the query can see
            REQUIRE(tokens[static_cast<std::size_t>(j)] == targets[static_cast<std::size_t>(t)]);
          }
        }
      }
    }
  }
}

TEST_CASE("task sources written out: offset t − 3, copy and reverse from <sep>", "[lab][sources]") {
  // <bos> a b c <sep> a b : copy's answers at <sep>, a, b are b's … the next symbol
  const std::vector<int> copy_tokens{0, 2, 3, 4, 1, 2, 3};
  const std::vector<int> copy_targets{-1, -1, -1, -1, 2, 3, 4};
  REQUIRE(task_sources("copy", copy_tokens, copy_targets).value == std::vector<int>{-1, -1, -1, -1, 1, 2, 3});
  // <bos> a b c <sep> c b : reverse
  const std::vector<int> rev_tokens{0, 2, 3, 4, 1, 4, 3};
  const std::vector<int> rev_targets{-1, -1, -1, -1, 4, 3, 2};
  REQUIRE(task_sources("reverse", rev_tokens, rev_targets).value == std::vector<int>{-1, -1, -1, -1, 3, 2, 1});
  // offset: t − 3
  const std::vector<int> off_tokens{0, 5, 6, 7, 8, 9};
  const std::vector<int> off_targets{-1, -1, -1, -1, 5, 6};
  REQUIRE(task_sources("offset", off_tokens, off_targets).value == std::vector<int>{-1, -1, -1, -1, 1, 2});
}

TEST_CASE("task sources refuse bad input, naming it", "[lab][sources]") {
  const std::vector<int> tokens{0, 2, 3, 4, 1, 2, 3};
  REQUIRE_THAT(task_sources("copy", tokens, {-1, 2}).status.message, Catch::Matchers::Contains("targets must have one entry per token"));
  REQUIRE_THAT(task_sources("nope", tokens, std::vector<int>(7, -1)).status.message, Catch::Matchers::Contains("nope"));
  REQUIRE_THAT(task_sources("copy", {0, 99}, {-1, -1}).status.message, Catch::Matchers::Contains("tokens[1]"));
  // a target no earlier key holds: not a copy sequence
  REQUIRE_THAT(task_sources("copy", tokens, {-1, -1, -1, -1, 9, 3, 4}).status.message, Catch::Matchers::Contains("position 4"));
}

TEST_CASE("task targets: on every task's own sequences, exactly the targets the generator scored", "[lab][targets]") {
  Rng rng(29);
  for (const auto& name : task_names()) {
    const Task task = parse_task(name).value;
    for (int n = task_min_length(task); n <= 140; ++n) {
      for (int rep = 0; rep < 3; ++rep) {
        std::vector<std::int32_t> tok(static_cast<std::size_t>(n)), tgt(static_cast<std::size_t>(n));
        generate(task, n, rng, tok.data(), tgt.data());
        const std::vector<int> tokens(tok.begin(), tok.end()), targets(tgt.begin(), tgt.end());
        auto r = task_targets(name, tokens);
        INFO(name << " n=" << n << " rep=" << rep << ": " << r.status.message);
        REQUIRE(r.ok());
        REQUIRE(r.value == targets);
      }
    }
  }
}

TEST_CASE("task targets of sequences a reader writes: the task's rule applied to whatever is there", "[lab][targets]") {
  const int K0 = kFirstKey, K1 = kFirstKey + 1, K5 = kFirstKey + 5, a = kFirstSymbol, b = kFirstSymbol + 1, c = kFirstSymbol + 2;
  // recall with the values swapped by the reader: K1 asks b, K0 asks a; K5 was never paired: not asked
  REQUIRE(task_targets("recall", {kBos, K0, b, K1, a, kSep, K1, c, K0, c, K5}).value ==
          std::vector<int>{-1, -1, -1, -1, -1, -1, a, -1, b, -1, -1});
  // recall without <sep>: no query
  REQUIRE(task_targets("recall", {kBos, K0, a, K0, a}).value == std::vector<int>(5, -1));
  // copy of three symbols with only two written after <sep>: <sep> and both copies are scored
  REQUIRE(task_targets("copy", {kBos, c, a, b, kSep, c, a}).value == std::vector<int>{-1, -1, -1, -1, c, a, b});
  // sort: the smallest first
  REQUIRE(task_targets("sort", {kBos, c, a, b, kSep, a}).value == std::vector<int>{-1, -1, -1, -1, a, b});
  // flip-flop: a read before any write asks nothing; after w a, a read asks a
  REQUIRE(task_targets("flipflop", {kBos, kRead, b, kWrite, a, kIgnore, b, kRead, c}).value ==
          std::vector<int>{-1, -1, -1, -1, -1, -1, -1, a, -1});
  // induction: the second K0 asks what followed the first
  REQUIRE(task_targets("induction", {kBos, K0, c, K1, a, K0}).value == std::vector<int>{-1, -1, -1, -1, -1, c});
  // offset: the token three back, from position 4 on
  REQUIRE(task_targets("offset", {kBos, a, b, c, a, b}).value == std::vector<int>{-1, -1, -1, -1, a, b});
}

TEST_CASE("task targets refuse bad input, naming it", "[lab][targets]") {
  REQUIRE_THAT(task_targets("nope", {0, 2}).status.message, Catch::Matchers::Contains("nope"));
  REQUIRE_THAT(task_targets("copy", {0, 2, 50}).status.message, Catch::Matchers::Contains("tokens[2]"));
  REQUIRE_THAT(task_targets("copy", {0, -1}).status.message, Catch::Matchers::Contains("tokens[1]"));
  REQUIRE_FALSE(task_targets("copy", {}).ok());
}
