#include "posenc/analysis_lab.hpp"

#include <algorithm>
#include <numeric>

#include "posenc/lab_tasks.hpp"
#include "posenc/limits.hpp"

namespace posenc {

using lab::Task;

Result<std::vector<int>> task_sources(const std::string& task, const std::vector<int>& tokens, const std::vector<int>& targets) {
  auto parsed = lab::parse_task(task);
  if (!parsed.ok()) return parsed.status;
  const Task t = parsed.value;
  const int n = static_cast<int>(tokens.size());
  if (auto s = check_integer("tokens.length", n, 1, kMaxLength); !s.ok()) return s;
  if (targets.size() != tokens.size())
    return Status::range("targets must have one entry per token (" + std::to_string(n) + "), not " + std::to_string(targets.size()));
  for (int i = 0; i < n; ++i) {
    if (tokens[static_cast<std::size_t>(i)] < 0 || tokens[static_cast<std::size_t>(i)] >= lab::kVocab)
      return Status::range("tokens[" + std::to_string(i) + "] must be within [0, " + std::to_string(lab::kVocab - 1) + "]");
    if (targets[static_cast<std::size_t>(i)] < -1 || targets[static_cast<std::size_t>(i)] >= lab::kVocab)
      return Status::range("targets[" + std::to_string(i) + "] must be −1 or within [0, " + std::to_string(lab::kVocab - 1) + "]");
  }
  const auto tok = [&](int i) { return tokens[static_cast<std::size_t>(i)]; };
  const int sep = static_cast<int>(std::find(tokens.begin(), tokens.end(), lab::kSep) - tokens.begin());  // n when none
  // the last position p < before holding `token`, or −1
  const auto last = [&](int token, int before) {
    for (int p = before - 1; p >= 0; --p)
      if (tok(p) == token) return p;
    return -1;
  };
  // the symbols before <sep> (selective copy: without the noise), in input order, and sorted
  std::vector<int> kept;
  for (int p = 1; p < std::min(sep, n); ++p)
    if (!(t == Task::SelectiveCopy && tok(p) == lab::kNoise)) kept.push_back(p);
  std::vector<int> sorted = kept;
  std::stable_sort(sorted.begin(), sorted.end(), [&](int a, int b) { return tok(a) < tok(b); });

  std::vector<int> out(static_cast<std::size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    if (targets[static_cast<std::size_t>(i)] < 0) continue;
    int j = -1;
    const int k = i - sep;  // the answer's index after <sep> (0 at <sep>)
    switch (t) {
      case Task::Offset:
        j = i - lab::kOffsetK;
        break;
      case Task::Copy:
      case Task::SelectiveCopy:
        if (k >= 0 && k < static_cast<int>(kept.size())) j = kept[static_cast<std::size_t>(k)];
        break;
      case Task::Reverse:
        if (k >= 0 && k < static_cast<int>(kept.size())) j = kept[kept.size() - 1 - static_cast<std::size_t>(k)];
        break;
      case Task::Sort:
        if (k >= 0 && k < static_cast<int>(sorted.size())) j = sorted[static_cast<std::size_t>(k)];
        break;
      case Task::Recall: {
        const int key = last(tok(i), std::min(sep, i));
        j = key >= 0 ? key + 1 : -1;
        break;
      }
      case Task::Induction: {
        const int key = last(tok(i), i);
        j = key >= 0 ? key + 1 : -1;
        break;
      }
      case Task::FlipFlop: {
        const int w = last(lab::kWrite, i);
        j = w >= 0 ? w + 1 : -1;
        break;
      }
    }
    if (j < 0 || j > i || tok(j) != targets[static_cast<std::size_t>(i)])
      return Status::range("position " + std::to_string(i) + ": no key at or before it holds its target (not a " + task + " sequence)");
    out[static_cast<std::size_t>(i)] = j;
  }
  return out;
}

}  // namespace posenc
