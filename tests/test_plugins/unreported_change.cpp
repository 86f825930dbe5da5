// A plugin that moves ratings without reporting it: every player rated
// exactly 1234 when a call starts gets a point more by its end, whether he
// played or not, and no game's or entry's delta says so. The host must refuse the run, naming the player,
// not write a history whose changes do not add up to the ratings.
#include "constant_model.hpp"

#include <vector>

namespace {

struct bonus : ratekit::testing::constant_model {
  static const rk_descriptor descriptor;
  using constant_model::constant_model;
  std::vector<uint64_t> marked_;
  void rate_games(const ratekit::sdk::state& s, const rk_game_batch& b, rk_game_out* out) {
    mark(s);
    constant_model::rate_games(s, b, out);
    for (const uint64_t p : marked_) s.rating()[p] += 1;
  }
  // Ranked events change nobody's rating, but for the bonus.
  void rate_events(const ratekit::sdk::state& s, const rk_event_batch& b, rk_entry_out* out) {
    mark(s);
    for (uint64_t i = 0; i < b.entry_count; ++i)
      if (out) out[i] = rk_entry_out{0.5, 0, 0, 1, 0, 0};
    for (const uint64_t p : marked_) s.rating()[p] += 1;
  }
  void mark(const ratekit::sdk::state& s) {
    marked_.clear();
    for (uint64_t p = 0; p < s.players(); ++p)
      if (s.rating()[p] == 1234) marked_.push_back(p);
  }
};
const rk_descriptor bonus::descriptor = {sizeof(rk_descriptor), 0, "test-unreported-change", "0.1",
                                         "an unreported bonus", RK_CAP_PAIRWISE | RK_CAP_RANKED | RK_CAP_USES_K, 1, 0,
                                         ratekit::testing::constant_model_fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(bonus)
