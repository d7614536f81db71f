// libFuzzer: every plain export's entry point with arbitrary shapes, positions, layouts and
// frequencies (the bytes are read as the arguments). Checks run first; whatever passes them must
// run clean under ASan/UBSan, and the SIMD kernels must agree with their generic twins.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bindings/entry.hpp"
#include "posenc/limits.hpp"

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
  double small(double lo, double hi) {  // mostly sane sizes, sometimes anything
    const auto raw = get<std::uint16_t>();
    if (raw % 17 == 0) return get<double>();
    return lo + static_cast<double>(raw % static_cast<unsigned>(hi - lo + 1));
  }
};

// The raw entry points trust a list to hold as many values as its length says (the JS wrapper
// passes the array's own length). A length the checks accept but the harness's buffer does not
// hold is the harness's mistake, not the code's: such calls are skipped, every refused length is
// still tried.
bool past_buffer(double n, std::size_t held) {
  return std::isfinite(n) && n > static_cast<double>(held) && n <= posenc::kMaxListLength;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace posenc::entry;
  Reader r{data, size};
  const int which = r.get<std::uint8_t>() % 6;
  const double seq = r.small(0, 40), heads = r.small(1, 5), hd = r.small(2, 40), rot = r.small(2, 40);
  const int layout = r.get<std::uint8_t>() % 3;  // 2 is invalid on purpose
  const bool explicit_positions = r.get<std::uint8_t>() & 1;
  std::vector<double> positions(64), inv(64);
  for (auto& v : positions) v = r.get<std::int16_t>() * 37.25;
  for (auto& v : inv) v = std::ldexp(1.0, -static_cast<int>(r.get<std::uint8_t>() % 30));
  if (r.get<std::uint8_t>() == 255) positions[3] = NAN;
  const double base = r.small(1, 100000);

  switch (which) {
    case 0: {  // RoPE, both flavours, compared
      // The raw entry point trusts the buffer to match the shape (the JS wrapper checks x.length):
      // shapes outside the buffers below are tried only where the checks must refuse them first.
      const bool fits = seq >= 0 && seq <= 40 && heads >= 1 && heads <= 5 && hd >= 2 && hd <= 40;
      const bool refused_anyway = !(std::isfinite(seq) && std::isfinite(hd)) || hd < 2 || std::fmod(hd, 2.0) != 0;
      if (!fits && !refused_anyway) break;
      const std::size_t n = fits ? static_cast<std::size_t>(seq * heads * hd) : 1;
      std::vector<float> x(n + 1, 0.5f), a(n + 1), b(n + 1);
      for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(static_cast<int>(i % 13) - 6) * 0.25f;
      const double* pos = explicit_positions ? positions.data() : nullptr;
      auto s1 = rope_apply(x.data(), a.data(), seq, heads, hd, rot, layout, inv.data(), 1.0, pos, Flavor::Generic);
      auto s2 = rope_apply(x.data(), b.data(), seq, heads, hd, rot, layout, inv.data(), 1.0, pos, Flavor::Simd);
      if (!fits && (s1.ok() || s2.ok())) std::abort();  // must have been refused
      if (s1.ok() != s2.ok()) std::abort();
      if (s1.ok()) {
        for (std::size_t i = 0; i < n; ++i) {
          if (!(std::fabs(a[i] - b[i]) <= 1e-4f * (1 + std::fabs(a[i])))) std::abort();
        }
      }
      break;
    }
    case 1: {
      if (explicit_positions && past_buffer(seq, positions.size())) break;
      auto t = sinusoidal(explicit_positions ? positions.data() : nullptr, seq, hd, base, layout, r.get<std::uint8_t>() & 1 ? 32 : 64,
                          Flavor::Simd);
      if (t.ok()) std::free(t.value);
      break;
    }
    case 2: {
      std::vector<float> q(40 * 40, 0.25f), k(40 * 40, -0.5f);
      const double nq = r.small(0, 40), nk = r.small(0, 40), d = r.small(1, 40);
      if (nq * d <= 1600 && nk * d <= 1600) {
        auto s = scores(q.data(), k.data(), nq, nk, d, 1.0, Flavor::Simd);
        if (s.ok()) std::free(s.value);
      }
      break;
    }
    case 3: {
      const double n = r.small(0, 64);
      if (past_buffer(n, positions.size())) break;
      auto b = t5_buckets(positions.data(), n, r.get<std::uint8_t>() & 1, r.small(0, 70), r.small(0, 300));
      if (b.ok()) std::free(b.value);
      break;
    }
    case 4: {
      auto b = alibi_bias(r.small(0, 20), r.small(0, 40), r.get<std::uint8_t>() & 1);
      if (b.ok()) std::free(b.value);
      break;
    }
    case 5: {  // 4-D RoPE: batch, order, the rotary slice's offset, pair order, positions per row
      RopeCall c;
      c.batch = r.small(0, 3);
      c.seq = seq;
      c.heads = heads;
      c.head_dim = hd;
      c.rot_dim = rot;
      c.rot_offset = r.small(0, 40);
      c.order = r.get<std::uint8_t>() % 3;       // 2 is invalid on purpose
      c.pair_order = r.get<std::uint8_t>() % 3;  // 2 is invalid on purpose
      c.layout = layout;
      c.inv_freq = inv.data();
      c.positions = explicit_positions ? positions.data() : nullptr;
      c.positions_count = r.get<std::uint8_t>() & 1 ? c.batch * seq : seq;
      if (explicit_positions && past_buffer(c.positions_count, positions.size())) break;
      const bool fits = c.batch >= 1 && c.batch <= 3 && seq >= 0 && seq <= 40 && heads >= 1 && heads <= 5 && hd >= 2 &&
                        hd <= 40 && std::floor(c.batch) == c.batch;
      // Outside the buffers: only tried where the checks must refuse the batch first.
      const bool batch_refused = !(std::isfinite(c.batch) && c.batch >= 1 && std::floor(c.batch) == c.batch);
      if (!fits && !batch_refused) break;
      const std::size_t n = fits ? static_cast<std::size_t>(c.batch * seq * heads * hd) : 1;
      std::vector<float> x(n + 1, 0.5f), a(n + 1), b(n + 1);
      for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(static_cast<int>(i % 11) - 5) * 0.25f;
      auto s1 = rope_apply(x.data(), a.data(), c, Flavor::Generic);
      auto s2 = rope_apply(x.data(), b.data(), c, Flavor::Simd);
      if (!fits && (s1.ok() || s2.ok())) std::abort();
      if (s1.ok() != s2.ok()) std::abort();
      if (s1.ok()) {
        for (std::size_t i = 0; i < n; ++i) {
          if (!(std::fabs(a[i] - b[i]) <= 1e-4f * (1 + std::fabs(a[i])))) std::abort();
        }
      }
      break;
    }
  }
  return 0;
}
