// A plugin whose update throws on the third game, or on the third ranked event
// (earlier events were rated while the input was still being read): the host
// must report the plugin file and the game or event, write nothing and exit cleanly.
#include <ratekit/sdk.hpp>

#include <stdexcept>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};

struct thrower {
  static const rk_descriptor descriptor;
  thrower(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch& b, rk_game_out*) {
    if (b.game_count >= 3) throw ratekit::sdk::failure(RK_ERR_DOMAIN, "cannot rate this game", 2);
    throw std::runtime_error("unexpected");
  }
  void rate_events(const ratekit::sdk::state&, const rk_event_batch& b, rk_entry_out* out) {
    if (++events_ == 3) throw ratekit::sdk::failure(RK_ERR_DOMAIN, "cannot rate this event", -1);
    for (size_t e = 0; e < b.event_count; ++e)
      for (uint64_t i = b.events[e].begin; i < b.events[e].end; ++i) out[i] = rk_entry_out{0, 0, -b.entries[i].rank, 1, 0, 0};
  }
  int events_ = 0;
};
const rk_descriptor thrower::descriptor = {sizeof(rk_descriptor), 0, "test-throws", "0.1", "throws",
                                           RK_CAP_PAIRWISE | RK_CAP_RANKED, 1, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(thrower)
