#include "posenc/analysis_lab.hpp"

#include <algorithm>
#include <numeric>

#include "posenc/lab_tasks.hpp"
#include "posenc/limits.hpp"

namespace posenc {

using lab::Task;

namespace {

// What both functions read off one sequence: the task, <sep>'s position (n when none), and the
// symbols before <sep> (selective copy: without the noise) in input order and sorted.
struct Sequence {
  Task task = Task::Recall;
  const std::vector<int>* tokens = nullptr;
  int n = 0, sep = 0;
  std::vector<int> kept, sorted;

  int tok(int i) const { return (*tokens)[static_cast<std::size_t>(i)]; }

  // the last position p < before holding `token`, or −1
  int last(int token, int before) const {
    for (int p = before - 1; p >= 0; --p)
      if (tok(p) == token) return p;
    return -1;
  }

  static bool is_key(int token) { return token >= lab::kFirstKey && token < lab::kFirstKey + lab::kKeys; }

  // The key position j the answer at i is read from under the task's rule, or −1 where the rule
  // asks nothing at i (lab_tasks.hpp: which positions each task scores).
  int source(int i) const {
    const int k = i - sep;  // the answer's index after <sep> (0 at <sep>)
    const auto at = [&](const std::vector<int>& v, int idx) { return idx >= 0 && idx < static_cast<int>(v.size()) ? v[static_cast<std::size_t>(idx)] : -1; };
    switch (task) {
      case Task::Offset: return i - lab::kOffsetK >= 1 ? i - lab::kOffsetK : -1;
      case Task::Copy:
      case Task::SelectiveCopy: return at(kept, k);
      case Task::Reverse: return k >= 0 && k < static_cast<int>(kept.size()) ? kept[kept.size() - 1 - static_cast<std::size_t>(k)] : -1;
      case Task::Sort: return at(sorted, k);
      case Task::Recall: {  // a query: a key after <sep>, read from the value after it among the pairs
        if (k <= 0 || !is_key(tok(i))) return -1;
        const int key = last(tok(i), sep);
        return key >= 0 ? key + 1 : -1;
      }
      case Task::Induction: {  // a key seen before: the value after its previous occurrence
        if (!is_key(tok(i))) return -1;
        const int key = last(tok(i), i);
        return key >= 0 ? key + 1 : -1;
      }
      case Task::FlipFlop: {  // a read: the bit after the last write
        if (tok(i) != lab::kRead) return -1;
        const int w = last(lab::kWrite, i);
        return w >= 0 ? w + 1 : -1;
      }
    }
    return -1;
  }
};

Result<Sequence> read_sequence(const std::string& task, const std::vector<int>& tokens) {
  auto parsed = lab::parse_task(task);
  if (!parsed.ok()) return parsed.status;
  const int n = static_cast<int>(tokens.size());
  if (auto s = check_integer("tokens.length", n, 1, kMaxLength); !s.ok()) return s;
  for (int i = 0; i < n; ++i)
    if (tokens[static_cast<std::size_t>(i)] < 0 || tokens[static_cast<std::size_t>(i)] >= lab::kVocab)
      return Status::range("tokens[" + std::to_string(i) + "] must be within [0, " + std::to_string(lab::kVocab - 1) + "]");
  Sequence s{parsed.value, &tokens, n, static_cast<int>(std::find(tokens.begin(), tokens.end(), lab::kSep) - tokens.begin()), {}, {}};
  for (int p = 1; p < std::min(s.sep, n); ++p)
    if (!(s.task == Task::SelectiveCopy && s.tok(p) == lab::kNoise)) s.kept.push_back(p);
  s.sorted = s.kept;
  std::stable_sort(s.sorted.begin(), s.sorted.end(), [&](int a, int b) { return s.tok(a) < s.tok(b); });
  return s;
}

}  // namespace

Result<std::vector<int>> task_sources(const std::string& task, const std::vector<int>& tokens, const std::vector<int>& targets) {
  auto read = read_sequence(task, tokens);
  if (!read.ok()) return read.status;
  const Sequence& s = read.value;
  if (targets.size() != tokens.size())
    return Status::range("targets must have one entry per token (" + std::to_string(s.n) + "), not " + std::to_string(targets.size()));
  for (int i = 0; i < s.n; ++i)
    if (targets[static_cast<std::size_t>(i)] < -1 || targets[static_cast<std::size_t>(i)] >= lab::kVocab)
      return Status::range("targets[" + std::to_string(i) + "] must be −1 or within [0, " + std::to_string(lab::kVocab - 1) + "]");
  std::vector<int> out(static_cast<std::size_t>(s.n), -1);
  for (int i = 0; i < s.n; ++i) {
    if (targets[static_cast<std::size_t>(i)] < 0) continue;
    const int j = s.source(i);
    if (j < 0 || j > i || s.tok(j) != targets[static_cast<std::size_t>(i)])
      return Status::range("position " + std::to_string(i) + ": no key at or before it holds its target (not a " + task + " sequence)");
    out[static_cast<std::size_t>(i)] = j;
  }
  return out;
}

Result<std::vector<int>> task_targets(const std::string& task, const std::vector<int>& tokens) {
  auto read = read_sequence(task, tokens);
  if (!read.ok()) return read.status;
  const Sequence& s = read.value;
  std::vector<int> out(static_cast<std::size_t>(s.n), -1);
  for (int i = 0; i < s.n; ++i) {
    const int j = s.source(i);
    if (j >= 0 && j <= i) out[static_cast<std::size_t>(i)] = s.tok(j);
  }
  return out;
}

}  // namespace posenc
