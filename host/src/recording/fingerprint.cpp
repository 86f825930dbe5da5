// input_fingerprint: what tells a re-run of the same input from a new one; a period recorded from
// other input refused.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <vector>

namespace ratekit {
namespace {

// A 64-bit multiply-rotate hash over 8-byte words: identity, not secrecy (the
// database's writer is trusted), and fast enough to cost nothing beside reading.
class hasher {
 public:
  void add(const char* data, size_t size) {
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      uint64_t word;
      std::memcpy(&word, data + i, 8);
      mix(word);
    }
    uint64_t last = 0;
    std::memcpy(&last, data + i, size - i);
    mix(last ^ (uint64_t(size) << 56));
  }
  uint64_t value() const { return h_ ^ (h_ >> 29); }

 private:
  void mix(uint64_t word) {
    h_ ^= word * 0x9e3779b97f4a7c15ULL;
    h_ = ((h_ << 31) | (h_ >> 33)) * 0xbf58476d1ce4e5b9ULL;
  }
  uint64_t h_ = 0x243f6a8885a308d3ULL;
};

void add_file(hasher& h, const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw user_error(file.string(), 0, 0, "cannot read this input again to identify the run");
  std::vector<char> buffer(1 << 20);
  uint64_t total = 0;
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    h.add(buffer.data(), size_t(in.gcount()));
    total += uint64_t(in.gcount());
  }
  const std::string size = std::to_string(total);  // files end where they end
  h.add(size.data(), size.size());
}


// A label met again is another event of one name, or another file of one name,
// more often than the same period: what tells them apart.
std::string same_label_advice(period_kind period) {
  if (period == period_kind::event)
    return ". Events are told apart by name alone: if this is another event of the same name, give it a name of its "
           "own (with its date, say)";
  if (period == period_kind::game)
    return ". A run rated game by game without dates is named after its input files: if this is other input, give "
           "its file a name of its own, or its games dates";
  return "";
}

}  // namespace

std::string input_fingerprint(const competition_config& config) {
  hasher h;
  const std::string text = recorded_config_text(config);  // a password is no part of the run, and no hash of it recorded
  h.add(text.data(), text.size());
  for (const auto& input : config.input_paths) add_file(h, input);
  if (!config.initial_ratings.empty()) add_file(h, config.initial_ratings);
  if (!config.period_label.empty()) {  // the same file rated as another period is another run
    const std::string label = "--period-label " + config.period_label;
    h.add(label.data(), label.size());
  }
  return fmt::format("{:016x}", h.value());
}

[[noreturn]] void refuse_other_input(const competition_config& config, const earlier_run& e) {
  throw user_error(config.output_database.string(), 0, 0,
                   "period '" + e.period + "' of competition '" + config.competition + "' is already recorded (run " +
                       std::to_string(e.id) + " of " + e.recorded_at +
                       ") from other input; nothing was recorded. To replace that run and every period it "
                       "recorded, run again with --replace" +
                       same_label_advice(config.period));
}

}  // namespace ratekit
