// libFuzzer: the config.json reader and the rope_scaling option parser, the parsers that see pasted
// text. Any input must give a value or a Status, never a crash, a hang or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "posenc/frequencies.hpp"
#include "posenc/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = posenc::json::parse(text);
  if (parsed.ok()) {
    std::vector<std::string> warnings;
    auto strict = posenc::parse_scaling(parsed.value, true, nullptr);
    auto lenient = posenc::parse_scaling(parsed.value, false, &warnings);
    if (strict.ok()) (void)posenc::inverse_frequencies(64, 10000, strict.value);
    if (lenient.ok()) (void)posenc::inverse_frequencies(8, 500000, lenient.value);
  }
  (void)posenc::rope_from_config(text);
  return 0;
}
