// libFuzzer: inverse_frequencies with arbitrary scaling structs (the values a config.json or an
// options object can carry, after the TS reader): every rope_type, any numbers including NaN, ±∞,
// zero, huge and negative, lists of any length. It must return a status or finite frequencies, and
// run clean under ASan/UBSan.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "posenc/frequencies.hpp"

namespace {

struct Reader {
  const std::uint8_t* p;
  std::size_t n;
  template <class T>
  T get() {
    T v{};
    if (n >= sizeof(T)) {
      std::memcpy(&v, p, sizeof(T));
      p += sizeof(T);
      n -= sizeof(T);
    }
    return v;
  }
  // Mostly plausible values, sometimes any double.
  double value(double lo, double hi) {
    const auto raw = get<std::uint16_t>();
    if (raw % 13 == 0) return get<double>();
    return lo + (hi - lo) * (raw / 65535.0);
  }
};

const char* kTypes[] = {"default", "linear", "dynamic", "yarn", "llama3", "longrope", "xpos", ""};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader r{data, size};
  const double dim = r.get<std::uint8_t>() % 2 == 0 ? r.value(0, 300) : std::round(r.value(0, 300));
  const double base = r.value(-2, 1e7);
  posenc::RopeScaling s;
  s.rope_type = kTypes[r.get<std::uint8_t>() % 8];
  s.factor = r.value(-1, 100);
  s.max_position_embeddings = r.value(0, 1e6);
  s.seq_len = r.value(0, 1e6);
  s.original_max_position_embeddings = r.value(0, 1e6);
  s.beta_fast = r.value(0, 64);
  s.beta_slow = r.value(0, 64);
  s.attention_factor = r.value(0, 4);
  s.mscale = r.value(0, 2);
  s.mscale_all_dim = r.value(0, 2);
  s.truncate = r.get<std::uint8_t>() % 2 == 0;
  s.low_freq_factor = r.value(0, 8);
  s.high_freq_factor = r.value(0, 8);
  const std::size_t n_short = r.get<std::uint8_t>(), n_long = r.get<std::uint8_t>();
  for (std::size_t i = 0; i < n_short; ++i) s.short_factor.push_back(r.value(0, 64));
  for (std::size_t i = 0; i < n_long; ++i) s.long_factor.push_back(r.value(0, 64));
  auto f = posenc::inverse_frequencies(dim, base, s);
  if (f.ok()) {
    if (!std::isfinite(f.value.attention_factor) || !(f.value.attention_factor > 0)) std::abort();
    for (double w : f.value.inv_freq) {
      if (!std::isfinite(w)) std::abort();
    }
  }
  return 0;
}
