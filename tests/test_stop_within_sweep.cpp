// Ctrl-C within one whole-history sweep: whr polls the host every 4,096 players it visits (a sweep visits them
// all to gather the Newton system, then once more per preconditioning of its inner solve), ttt every 4,096
// matches (sdk::stop_point), so a sweep of a large history ends at the host's word instead of at its end; the
// host then drops the fit, as at a stop between sweeps (tests/test_whole_history.cpp).
#include "ttt_support.hpp"
#include "whr_support.hpp"

#include <ratekit/stop_point.hpp>

#include <catch2/catch.hpp>

#include <climits>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_stop_within_sweep {

namespace {

// A host whose stop_requested answers yes from its `stop_at`-th poll on, made the running call's.
struct sweep_stopping_host {
  rk_host host{};
  int polls = 0, stop_at = INT_MAX;
  ratekit::sdk::detail::call_scope scope{&host};
  sweep_stopping_host() {
    host.struct_size = sizeof host;
    host.context = this;
    host.abi_major = RK_ABI_MAJOR, host.abi_minor = RK_ABI_MINOR, host.version = "test";
    host.stop_requested = [](void* self) -> int32_t {
      sweep_stopping_host& h = *static_cast<sweep_stopping_host*>(self);
      return ++h.polls >= h.stop_at ? 1 : 0;
    };
  }
};

// 12,000 players in a ring of duels over 12 days: player p beats p + 1.
const rk_wh_history& ring_of_duels(ratekit::testing::whole_history_builder& b) {
  for (int32_t p = 0; p < 12000; ++p) b.duel(p / 1000, p, (p + 1) % 12000, 1.0);
  return b.build();
}

// A sweep of `model`, loaded with the ring, polls `polls(model)` times after it; asked at its second poll, it
// stops there.
template <class Model, class Polls>
void check_sweep_stops(Model& model, Polls polls) {
  {
    sweep_stopping_host counting;
    model.sweep();
    CHECK(counting.polls == polls(model));
  }
  sweep_stopping_host stopping;
  stopping.stop_at = 2;
  CHECK_THROWS_AS(model.sweep(), ratekit::sdk::stopped);
  CHECK(stopping.polls == 2);
}

}  // namespace

TEST_CASE("whr stops within a sweep every 4,096 players visited when the host asks", "[stop][whr]") {
  ratekit::testing::whole_history_builder b;
  const rk_wh_history& h = ring_of_duels(b);
  ratekit::plugins::whr model = ratekit::testing::make_whr();
  model.load(ratekit::sdk::history(h));
  // Players 0, 4,096 and 8,192 of each visit: gathering, the first preconditioning, one per inner iteration.
  check_sweep_stops(model, [](const ratekit::plugins::whr& m) { return 3 * (2 + m.inner_iterations()); });
}

TEST_CASE("ttt stops within a sweep every 4,096 matches when the host asks", "[stop][ttt]") {
  ratekit::testing::whole_history_builder b;
  const rk_wh_history& h = ring_of_duels(b);
  ratekit::plugins::ttt model = ratekit::testing::make_ttt();
  model.load(ratekit::sdk::history(h));
  // Backwards over the batches but the last (matches 0 to 10,999: polls at 0, 4,096, 8,192), then forwards
  // over all but the first (1,000 to 11,999: 4,096, 8,192).
  check_sweep_stops(model, [](const ratekit::plugins::ttt&) { return 5; });
}

}  // namespace test_stop_within_sweep
