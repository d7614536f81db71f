// The lab chapter's measurements of its tasks (posenc-analysis): where in the input each answer is.
#pragma once

#include <string>
#include <vector>

#include "posenc/status.hpp"

namespace posenc {

// For each position t of a task's sequence (tokens and targets as lab.sample gives them, −1 where
// not scored), the key position j ≤ t holding the token the answer at t must be read from, or −1
// where nothing is scored. It is the key a model that solves the task should attend to:
//   offset: t − k; copy and selective copy: the next of the copied symbols; reverse: the same,
//   from the end; sort: the next symbol in sorted order (ties in input order); recall: the value
//   after the query's key among the pairs; induction: the value after the key's previous
//   occurrence; flip-flop: the bit after the last write.
// Every source holds the target (tokens[j] = targets[t]); a sequence where one does not is refused.
Result<std::vector<int>> task_sources(const std::string& task, const std::vector<int>& tokens, const std::vector<int>& targets);

// The answer each position of any sequence (one a reader typed) must give under the task's rule, −1
// where the rule asks nothing: the token at task_sources' key. On the task's own sequences it gives
// their targets exactly (test_analysis_lab.cpp, every task and length). Tokens outside the
// vocabulary or an unknown task are refused, naming them.
Result<std::vector<int>> task_targets(const std::string& task, const std::vector<int>& tokens);

}  // namespace posenc
