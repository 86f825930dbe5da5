// A plugin that hands back an expected score outside [0, 1]: for the second
// game, and for ranked players whose ratings differ (from the second event
// on). The host must name the plugin, the game or event and the field.
#include <ratekit/sdk.hpp>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};

struct overconfident {
  static const rk_descriptor descriptor;
  overconfident(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double a, double b, double) const { return a == b ? 0.5 : 1.5; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch& b, rk_game_out* out) {
    for (uint64_t i = 0; i < b.game_count; ++i)
      if (out) out[i] = {i == 1 ? 1.5 : 0.5, 0, 0, 0.5};
  }
  // Each entry gains its rank's distance from the middle: the ratings part after the first event.
  void rate_events(const ratekit::sdk::state& s, const rk_event_batch& b, rk_entry_out* out) {
    for (size_t e = 0; e < b.event_count; ++e)
      for (uint64_t i = b.events[e].begin; i < b.events[e].end; ++i) {
        const double delta = 2 - b.entries[i].rank;
        s.rating()[b.entries[i].player] += delta;
        if (out) out[i] = rk_entry_out{0.5, 0, delta, 1, 0, 0};
      }
  }
};
const rk_descriptor overconfident::descriptor = {sizeof(rk_descriptor), 0, "test-overconfident", "0.1",
                                                 "expects 1.5", RK_CAP_PAIRWISE | RK_CAP_RANKED, 1, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(overconfident)
