#include "posenc/lab_tasks.hpp"

#include <algorithm>
#include <cassert>

namespace posenc::lab {

const std::vector<std::string>& task_names() {
  static const std::vector<std::string> names = {"recall", "offset", "copy",     "reverse",
                                                  "induction", "sort", "flipflop", "selective-copy"};
  return names;
}

const char* task_name(Task t) { return task_names()[static_cast<std::size_t>(t)].c_str(); }

Task default_task() { return Task::Recall; }

Result<Task> parse_task(std::string_view name) {
  if (name.empty()) return default_task();
  const auto& names = task_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<Task>(i);
  }
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return Status::range("task must be one of " + list + "; got '" + std::string(name) + "'");
}

int task_min_length(Task t) {
  switch (t) {
    case Task::Offset: return kOffsetK + 2;  // <bos>, k symbols, one scored symbol
    case Task::Recall: return 5;             // <bos> K v <sep> K
    case Task::Copy:
    case Task::Reverse: return 3;            // <bos> x1 <sep>
    case Task::Induction: return 4;          // <bos> K v K
    case Task::Sort: return 3;               // <bos> x1 <sep>
    case Task::FlipFlop: return 4;           // <bos> w d r
    case Task::SelectiveCopy: return 4;      // <bos> (x and a noise token) <sep>
  }
  return 3;
}

int uniform_int(Rng& rng, int n) {
  return static_cast<int>(((rng.next_u64() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
}

namespace {

int symbol(Rng& rng) { return kFirstSymbol + uniform_int(rng, kSymbols); }

void offset(int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  tok[0] = kBos;
  tgt[0] = -1;
  for (int t = 1; t < n; ++t) {  // position
    tok[t] = symbol(rng);
    tgt[t] = t >= kOffsetK + 1 ? tok[t - kOffsetK] : -1;
  }
}

// m = min(kKeys, (n − 2) / 4) pairs take about half of the n − 2 tokens besides <bos> and <sep>;
// queries fill the rest (a last query without room for its value is still scored).
void recall(int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  const int m = std::max(1, std::min(kKeys, (n - 2) / 4));
  int keys[kKeys];
  for (int i = 0; i < kKeys; ++i) keys[i] = kFirstKey + i;
  for (int i = 0; i < m; ++i) std::swap(keys[i], keys[i + uniform_int(rng, kKeys - i)]);  // partial shuffle
  int values[kKeys];
  std::fill(tgt, tgt + n, -1);
  tok[0] = kBos;
  int t = 1;
  for (int i = 0; i < m; ++i) {  // pair
    values[i] = symbol(rng);
    tok[t++] = keys[i];
    tok[t++] = values[i];
  }
  tok[t++] = kSep;
  while (t < n) {  // query
    const int i = uniform_int(rng, m);
    tok[t] = keys[i];
    tgt[t] = values[i];
    ++t;
    if (t < n) tok[t++] = values[i];
  }
}

// a = ⌈(n − 2)/2⌉ symbols before <sep>, b = n − 2 − a after it (b = a or a − 1).
void copy_or_reverse(bool reverse, int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  const int a = (n - 1) / 2;
  const int sep = a + 1;
  std::fill(tgt, tgt + n, -1);
  tok[0] = kBos;
  for (int i = 1; i <= a; ++i) tok[i] = symbol(rng);
  tok[sep] = kSep;
  for (int i = 0; sep + i < n; ++i) {  // i-th answer, predicted at position sep + i
    const int source = reverse ? a - i : 1 + i;
    if (i >= a) break;
    tgt[sep + i] = tok[source];
    if (sep + i + 1 < n) tok[sep + i + 1] = tok[source];
  }
}

// Key positions 1, 3, 5, … (P = n/2 of them), each followed by its value; the sequence draws
// m = clamp(P/2, 1, kKeys) distinct keys, gives each a value, and fills the key positions with
// keys drawn uniformly from those m. A key seen before is scored: its value again.
void induction(int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  const int P = n / 2;
  const int m = std::max(1, std::min(kKeys, P / 2));
  int keys[kKeys];
  for (int i = 0; i < kKeys; ++i) keys[i] = kFirstKey + i;
  for (int i = 0; i < m; ++i) std::swap(keys[i], keys[i + uniform_int(rng, kKeys - i)]);
  int values[kKeys];
  bool seen[kKeys] = {};
  for (int i = 0; i < m; ++i) values[i] = symbol(rng);
  std::fill(tgt, tgt + n, -1);
  tok[0] = kBos;
  for (int t = 1; t < n; t += 2) {  // pair
    const int i = uniform_int(rng, m);
    tok[t] = keys[i];
    if (seen[i]) tgt[t] = values[i];
    seen[i] = true;
    if (t + 1 < n) tok[t + 1] = values[i];
  }
}

// Sort (Kazemnejad et al. 2023, "sorting"; Ruoss et al. 2023, "bucket sort"): as copy, with the part
// after <sep> the symbols sorted by token id (a stable order: equal symbols are equal tokens).
void sort_task(int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  const int a = (n - 1) / 2;
  const int sep = a + 1;
  std::fill(tgt, tgt + n, -1);
  tok[0] = kBos;
  int count[kSymbols] = {};
  for (int i = 1; i <= a; ++i) {
    tok[i] = symbol(rng);
    ++count[tok[i] - kFirstSymbol];
  }
  tok[sep] = kSep;
  int next = 0;                                   // the sorted symbols, smallest first (no allocation)
  for (int i = 0; i < a && sep + i < n; ++i) {  // i-th answer, predicted at position sep + i
    while (count[next] == 0) ++next;
    --count[next];
    tgt[sep + i] = kFirstSymbol + next;
    if (sep + i + 1 < n) tok[sep + i + 1] = kFirstSymbol + next;
  }
}

// Flip-flop (Liu et al. 2023, "Exposing Attention Glitches with Flip-Flop Language Modeling"; the
// CoPE paper's Flip-Flop task): instructions at odd positions, each followed by a bit (symbol a = 0,
// b = 1). The first instruction is w (write), the last r (read); between them i (ignore) with
// probability 1/2, w and r 1/4 each. Written and ignored bits are random; a read repeats the last
// written bit. Scored: each r, whose target is its bit (the next token): the last w's.
void flipflop(int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  std::fill(tgt, tgt + n, -1);
  tok[0] = kBos;
  const int last = (n - 1) % 2 == 1 ? n - 1 : n - 2;  // position of the last instruction
  int memory = kFirstSymbol;
  for (int t = 1; t < n; t += 2) {  // instruction
    int op = kWrite;
    if (t == last) {
      op = kRead;
    } else if (t > 1) {
      const int u = uniform_int(rng, 4);
      op = u < 2 ? kIgnore : u == 2 ? kWrite : kRead;
    }
    const int bit = op == kRead ? memory : kFirstSymbol + uniform_int(rng, 2);
    if (op == kWrite) memory = bit;
    tok[t] = op;
    if (op == kRead) tgt[t] = bit;
    if (t + 1 < n) tok[t + 1] = bit;
  }
}

// Selective copy (Gu & Dao 2023, "Mamba", §3.1, Figure 2; a CoPE task): m = max(1, ⌊(n − 2)/4⌋) random
// symbols at random (sorted) places among R = n − 1 − m slots, the rest noise tokens; <sep>; then the
// symbols in their order (teacher forcing). Scored as copy: <sep> and each copied symbol while a next
// one exists (m answers). Their places vary, so the k-th answer is found by counting symbols, not
// by position.
void selective_copy(int n, Rng& rng, std::int32_t* tok, std::int32_t* tgt) {
  const int m = std::max(1, (n - 2) / 4);
  const int slots = n - 1 - m;
  const int sep = 1 + slots;
  std::fill(tgt, tgt + n, -1);
  tok[0] = kBos;
  int taken = 0;
  for (int s = 0; s < slots; ++s) {  // slot: a symbol with probability (m − taken)/(slots − s)
    if (uniform_int(rng, slots - s) < m - taken) {
      tok[1 + s] = symbol(rng);
      ++taken;
    } else {
      tok[1 + s] = kNoise;
    }
  }
  tok[sep] = kSep;
  int from = 1;                  // reads the symbols back from the region, in order
  for (int i = 0; i < m; ++i) {  // i-th answer, predicted at position sep + i
    while (tok[from] == kNoise) ++from;
    tgt[sep + i] = tok[from];
    if (sep + i + 1 < n) tok[sep + i + 1] = tok[from];
    ++from;
  }
}

}  // namespace

void generate(Task t, int n, Rng& rng, std::int32_t* tokens, std::int32_t* targets) {
  assert(n >= task_min_length(t));
  switch (t) {
    case Task::Offset: offset(n, rng, tokens, targets); break;
    case Task::Recall: recall(n, rng, tokens, targets); break;
    case Task::Copy: copy_or_reverse(false, n, rng, tokens, targets); break;
    case Task::Reverse: copy_or_reverse(true, n, rng, tokens, targets); break;
    case Task::Induction: induction(n, rng, tokens, targets); break;
    case Task::Sort: sort_task(n, rng, tokens, targets); break;
    case Task::FlipFlop: flipflop(n, rng, tokens, targets); break;
    case Task::SelectiveCopy: selective_copy(n, rng, tokens, targets); break;
  }
}

std::string token_name(int token) {
  if (token == kBos) return "<bos>";
  if (token == kSep) return "<sep>";
  if (token >= kFirstSymbol && token < kFirstKey) return std::string(1, static_cast<char>('a' + token - kFirstSymbol));
  if (token >= kFirstKey && token < kVocab) return "K" + std::to_string(token - kFirstKey);
  return "?" + std::to_string(token);
}

}  // namespace posenc::lab
