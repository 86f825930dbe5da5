// A plugin that tells what the host said of itself (ABI 1.1 rk_host): its
// expectation is the host's ABI minor version in tenths, plus 0.05 when the
// host gave its own version string (a probability, as the host requires).
#include <ratekit/sdk.hpp>

#include <cstring>

namespace {

struct host_probe {
  static const rk_descriptor descriptor;
  explicit host_probe(const ratekit::sdk::host& h, ratekit::sdk::params)
      : told_(h.abi_minor() / 10.0 + (std::strlen(h.version()) > 0 ? 0.05 : 0.0)) {}
  double expect(double, double, double) const { return told_; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch&, rk_game_out*) {}
  double told_;
};

const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_descriptor host_probe::descriptor = {sizeof(rk_descriptor), 0, "test-host-probe", "0.1",
                                              "expects what the host says of itself", RK_CAP_PAIRWISE, 1, 0, fields,
                                              nullptr};

}  // namespace

RATEKIT_PLUGIN(host_probe)
