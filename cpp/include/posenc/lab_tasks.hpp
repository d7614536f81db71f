// The lab's tasks, generated on the fly from a seed. Every sequence starts with <bos> at position 0;
// a sequence of length n has positions 0 … n−1. targets[t] is the answer the model's output at
// position t is scored against (−1: not scored). Where the answer is the next token, targets[t] =
// tokens[t+1]; the offset task scores a token that is already in the input, k places back.
//
// Vocabulary (kVocab = 50 tokens, fixed for every task):
//   0 <bos>   1 <sep>   2 … 17 the symbols a … p   18 … 49 the keys K0 … K31 (recall, induction)
//
//   recall   <bos> K v K v … <sep> K v K v …        pairs (distinct keys, any values), then queries
//                                                    (keys of the pairs); target at a query: its value
//   offset   <bos> s1 s2 … s_{n−1}                  target at t ≥ k+1: tokens[t−k]   (k = 3)
//   copy     <bos> x1 … xa <sep> x1 … xb            target at <sep> and at each copied token: the
//                                                    next one of x1 … xa
//   reverse  <bos> x1 … xa <sep> xa … x_{a−b+1}     the same, reversed
//   induction <bos> K v K v …                        keys drawn (with repeats) from a few per
//                                                    sequence, each always followed by its value;
//                                                    target at a key seen before: its value
//   sort     <bos> x1 … xa <sep> y1 … yb             y = x sorted (by token id); targets as copy
//                                                    (Kazemnejad et al. 2023; Ruoss et al. 2023)
//   flipflop <bos> w d (w|i|r) d …                   instructions w K0, i K1, r K2, each followed by
//                                                    a bit (a = 0, b = 1); target at an r: the bit of
//                                                    the last w (Liu et al. 2023; CoPE §5)
//   selective-copy <bos> · · x · x · · <sep> x x …  m symbols among noise tokens · (K0), then
//                                                    the symbols in order; targets as copy (Gu & Dao
//                                                    2023, Mamba §3.1; CoPE)
// Symbols are uniform over a … p (repeats allowed), so copy and reverse can only be solved by
// position, not by looking a symbol up. Lengths: docs/LAB.md, "Tasks".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/status.hpp"

namespace posenc::lab {

enum class Task { Recall = 0, Offset = 1, Copy = 2, Reverse = 3, Induction = 4, Sort = 5, FlipFlop = 6, SelectiveCopy = 7 };

constexpr int kBos = 0;
constexpr int kSep = 1;
constexpr int kFirstSymbol = 2;
constexpr int kSymbols = 16;
constexpr int kFirstKey = kFirstSymbol + kSymbols;
constexpr int kKeys = 32;
constexpr int kVocab = kFirstKey + kKeys;
constexpr int kOffsetK = 3;
// Flip-flop's instructions and selective copy's noise token are keys (the vocabulary is shared).
constexpr int kWrite = kFirstKey;       // K0
constexpr int kIgnore = kFirstKey + 1;  // K1
constexpr int kRead = kFirstKey + 2;    // K2
constexpr int kNoise = kFirstKey;       // K0

const std::vector<std::string>& task_names();  // stable names; the first is the default task
const char* task_name(Task t);
Result<Task> parse_task(std::string_view name);  // "" is the default task
Task default_task();

// Shortest length that has at least one scored position.
int task_min_length(Task t);

// One sequence: tokens[0 … length−1] and targets[0 … length−1]. length ≥ task_min_length.
void generate(Task t, int length, Rng& rng, std::int32_t* tokens, std::int32_t* targets);

// "<bos>", "<sep>", "a" … "p", "K0" … "K31".
std::string token_name(int token);

// Uniform integer in [0, n): the top 32 bits of one draw times n (no modulo bias worth measuring
// at these n; fixed so every build draws the same sequences).
int uniform_int(Rng& rng, int n);

}  // namespace posenc::lab
