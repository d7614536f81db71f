#include "posenc/lab.hpp"
#include "posenc/lab_encoding.hpp"

namespace posenc::lab {

void sample_positions(Rng& rng, int n, int span, std::int32_t* out) {
  int taken = 0;
  for (int t = 0; t < span && taken < n; ++t) {  // candidate position
    if (uniform_int(rng, span - t) < n - taken) out[taken++] = t;
  }
}

void sample_batch(Task task, int count, int min_length, int max_length, Rng& rng, std::vector<std::int32_t>& tokens,
                  std::vector<std::int32_t>& targets, std::vector<int>& starts) {
  const std::size_t cap = static_cast<std::size_t>(count) * static_cast<std::size_t>(max_length);
  if (tokens.size() < cap) tokens.resize(cap);
  if (targets.size() < cap) targets.resize(cap);
  starts.resize(static_cast<std::size_t>(count) + 1);
  int at = 0;
  for (int s = 0; s < count; ++s) {  // sequence
    const int len = min_length + uniform_int(rng, max_length - min_length + 1);
    starts[static_cast<std::size_t>(s)] = at;
    generate(task, len, rng, tokens.data() + at, targets.data() + at);
    at += len;
  }
  starts[static_cast<std::size_t>(count)] = at;
}

Result<Trainer> Trainer::create(const ModelConfig& model, const TrainConfig& train) {
  if (auto s = validate(train); !s.ok()) return s;
  const ModelConfig full = resolved(model, train);
  if (auto s = validate(full); !s.ok()) return s;
  if (full.random_positions > 0 && full.random_positions < train.train_length) {
    return Status::range("random_positions (" + std::to_string(full.random_positions) + ") must be at least train_length (" +
                         std::to_string(train.train_length) + "): a sequence of n tokens takes n distinct positions from [0, " +
                         std::to_string(full.random_positions) + ")");
  }
  if (const int rows = unit(full.encoding).max_length(full); rows < train.train_length) {
    return Status::range("n_max (" + std::to_string(rows) + ") must be at least train_length (" +
                         std::to_string(train.train_length) + "): the " + encoding_name(full.encoding) +
                         " table needs a row for every position trained on");
  }
  // the network at its training capacity, plus AdamW's two moments per parameter
  const double tokens = static_cast<double>(train.batch_size) * train.train_length;
  if (auto s = check_memory(full, tokens, train.train_length, network_bytes(full, 0, 0), "training this model");
      !s.ok()) {
    return s;
  }
  auto m = Model::create(model, train);
  if (!m.ok()) return m.status;
  Trainer t;
  t.model_ = std::move(m.value);
  t.cfg_ = train;
  t.task_ = t.model_.task();
  t.min_length_ = train.min_length != 0 ? train.min_length : task_min_length(t.task_);
  t.data_ = std::make_unique<Rng>(train.seed ^ kDataStream);
  if (full.random_positions > 0) t.positions_rng_ = std::make_unique<Rng>(train.seed ^ kPositionStream);
  t.model_.network().reserve(train.batch_size * train.train_length, train.train_length);
  return t;
}

double Trainer::step() {
  Network<float>& net = model_.network();
  sample_batch(task_, cfg_.batch_size, min_length_, cfg_.train_length, *data_, tokens_, targets_, starts_);
  const std::int32_t* pos = nullptr;
  if (positions_rng_) {  // randomized positions: each sequence's own sorted sample of [0, P)
    positions_.resize(tokens_.size());
    for (int s = 0; s < cfg_.batch_size; ++s) {
      sample_positions(*positions_rng_, starts_[s + 1] - starts_[s], net.config().random_positions, positions_.data() + starts_[s]);
    }
    pos = positions_.data();
  }
  net.forward(SequenceBatch{tokens_.data(), starts_.data(), cfg_.batch_size, pos});
  const double loss = net.loss(targets_.data());
  net.backward();
  grad_norm_ = clip_grad_norm(net.grads().data(), net.grads().size(), cfg_.clip_norm);
  const AdamWSettings s{cfg_.beta1, cfg_.beta2, cfg_.adam_eps, cfg_.weight_decay};
  adamw_step(s, learning_rate(cfg_, step_), net.layout(), net.params().data(), net.grads().data(), adam_);
  ++step_;
  return loss;
}

}  // namespace posenc::lab
