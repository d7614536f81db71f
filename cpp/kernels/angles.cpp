#include "angles.hpp"

#include <algorithm>
#include <cmath>

namespace posenc::kernels {

struct StepTables {
  std::vector<double> inv;
  double step = 0;
  std::vector<double> c, s;          // the single step
  std::vector<double> cjump, sjump;  // M_kAnchor: float64 products of the exact step (error ~1e-15)
  std::vector<float> ctab, stab;     // M_j for j < kAnchor, float32, kAnchor × pairs
  // The float64 anchor state the last AngleRows on these tables reached: `jumps` turns of M_kAnchor
  // from a re-seed at position `seed_pos`. A call that starts where the previous one stopped (the
  // wrapper's blocks of a long tensor) continues from it instead of re-seeding from libm and
  // repeating up to kReseed / kAnchor jumps: the same float64 operations, so the same bits.
  mutable double seed_pos = 0;
  mutable std::int64_t jumps = -1;  // -1: nothing kept
  mutable std::vector<double> c_kept, s_kept;
};

namespace {

// The last tables built, reused while the frequencies and step stay the same (the usual case: the
// same model's RoPE applied call after call). Building them costs libm's sin/cos twice per pair and
// kAnchor float64 products, as much as a small call's whole rotation otherwise.
std::shared_ptr<const StepTables> step_tables(const double* inv, int pairs, double step) {
  thread_local std::shared_ptr<const StepTables> last;
  const auto n = static_cast<std::size_t>(pairs);
  if (last && last->step == step && last->inv.size() == n && std::equal(last->inv.begin(), last->inv.end(), inv)) {
    return last;
  }
  auto t = std::make_shared<StepTables>();
  t->inv.assign(inv, inv + n);
  t->step = step;
  t->c.resize(n);
  t->s.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    t->c[i] = std::cos(step * inv[i]);
    t->s[i] = std::sin(step * inv[i]);
  }
  t->ctab.resize(AngleRows::kAnchor * n);
  t->stab.resize(AngleRows::kAnchor * n);
  t->cjump.assign(n, 1.0);
  t->sjump.assign(n, 0.0);
  for (int j = 0; j < AngleRows::kAnchor; ++j) {
    for (std::size_t i = 0; i < n; ++i) {
      t->ctab[j * n + i] = static_cast<float>(t->cjump[i]);
      t->stab[j * n + i] = static_cast<float>(t->sjump[i]);
      const double c = t->cjump[i] * t->c[i] - t->sjump[i] * t->s[i];
      t->sjump[i] = t->sjump[i] * t->c[i] + t->cjump[i] * t->s[i];
      t->cjump[i] = c;
    }
  }
  last = t;
  return t;
}

}  // namespace

AngleRows::AngleRows(const Positions& positions, const double* inv_freq, int pairs)
    : pos_(positions), inv_(inv_freq), pairs_(pairs) {
  if (pos_.values != nullptr) return;
  if (pos_.step == 1 && std::floor(pos_.start) == pos_.start && std::fabs(pos_.start) < 4503599627370496.0) {
    base_ = static_cast<std::int64_t>(pos_.start);
  }
  const auto n = static_cast<std::size_t>(pairs);
  c_.resize(n);
  s_.resize(n);
  ca_.resize(n);
  sa_.resize(n);
  steps_ = step_tables(inv_freq, pairs, pos_.step);
  ctab_ = steps_->ctab.data();
  stab_ = steps_->stab.data();
}

AngleRows::~AngleRows() {
  if (jumps_ < 0 || !steps_) return;
  steps_->seed_pos = seed_pos_;
  steps_->jumps = jumps_;
  steps_->c_kept = c_;
  steps_->s_kept = s_;
}

void AngleRows::seed(std::int64_t k) {
  const double p = pos_.at(k);
  seed_pos_ = p;
  jumps_ = 0;
  if (p == 0) {  // the usual first row: exact without libm
    std::fill(c_.begin(), c_.end(), 1.0);
    std::fill(s_.begin(), s_.end(), 0.0);
  } else {
    for (std::size_t i = 0; i < c_.size(); ++i) {
      c_[i] = std::cos(p * inv_[i]);
      s_[i] = std::sin(p * inv_[i]);
    }
  }
  next_ = k;
}

void AngleRows::advance() {
  const double* cs = steps_->c.data();
  const double* ss = steps_->s.data();
  for (std::size_t i = 0; i < c_.size(); ++i) {  // pair
    const double c = c_[i] * cs[i] - s_[i] * ss[i];
    s_[i] = s_[i] * cs[i] + c_[i] * ss[i];
    c_[i] = c;
  }
  ++next_;
  jumps_ = -1;  // single steps leave the M_kAnchor lattice: nothing to keep for the next call
}

void AngleRows::row_generic(std::int64_t k, float* sin_out, float* cos_out) {
  if (pos_.values != nullptr) {
    const double p = pos_.values[k];
    for (int i = 0; i < pairs_; ++i) sincos1(p * inv_[i], sin_out[i], cos_out[i]);
    return;
  }
  if (k != next_ || past(k, kReseed) == 0) {
    // From the last re-seed at or before this row, step by step, as a call from there would.
    seed(k - past(k, kReseed));
    while (next_ < k) advance();
  }
  for (std::size_t i = 0; i < c_.size(); ++i) {
    sin_out[i] = static_cast<float>(s_[i]);
    cos_out[i] = static_cast<float>(c_[i]);
  }
  advance();
}

void AngleRows::anchor(std::int64_t k) {
  const auto n = static_cast<std::size_t>(pairs_);
  const double* cj = steps_->cjump.data();
  const double* sj = steps_->sjump.data();
  auto jump = [&] {
    for (std::size_t i = 0; i < n; ++i) {  // pair: the anchor turned by M_kAnchor, in float64
      const double c = c_[i] * cj[i] - s_[i] * sj[i];
      s_[i] = s_[i] * cj[i] + c_[i] * sj[i];
      c_[i] = c;
    }
    ++jumps_;
  };
  if (k == anchor_row_ + kAnchor && past(k, kReseed) != 0) {
    jump();
  } else {
    // From the last re-seed at or before this anchor, by the same jumps a call from there makes,
    // or from a previous call's state on the way there (StepTables::jumps).
    const std::int64_t from = k - past(k, kReseed);
    const std::int64_t need = (k - from) / kAnchor;
    const StepTables& t = *steps_;
    if (t.jumps >= 0 && t.jumps <= need && t.seed_pos == pos_.at(from) && t.c_kept.size() == c_.size()) {
      c_ = t.c_kept;
      s_ = t.s_kept;
      seed_pos_ = t.seed_pos;
      jumps_ = t.jumps;
    } else {
      seed(from);
    }
    while (jumps_ < need) jump();
  }
  for (std::size_t i = 0; i < n; ++i) {
    ca_[i] = static_cast<float>(c_[i]);
    sa_[i] = static_cast<float>(s_[i]);
  }
  anchor_row_ = k;
}

}  // namespace posenc::kernels
