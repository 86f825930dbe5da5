// A team model whose chances in a match of three teams or more are its
// parameters, whatever the players: each team finishes ahead of each other
// one with chance `ahead`, and a pair ties with chance `tie` (0.9 and 0.9 add
// up to 2.7 for a pair, more than 1: the host must refuse them, naming the
// plugin and the match); two teams get 0.45 each and 0.1 for a tie. With
// `out_of_memory` 1 rating a match runs out of memory, which is the host's
// exit 2, not the plugin's failure. It gives its chances as the T x T tables
// of a model written before sdk::pair_chance (teams.hpp takes both).
#include <ratekit/teams.hpp>

#include <iterator>
#include <new>

namespace {

struct fixed_chances {
  static const rk_descriptor descriptor;
  fixed_chances(const ratekit::sdk::host&, ratekit::sdk::params p) : ahead_(p[0]), tie_(p[1]), out_of_memory_(p[2] != 0) {}

  void initial(double* state) const { state[0] = 1500; }
  void rate(ratekit::sdk::match&) const {  // nobody moves
    if (out_of_memory_) throw std::bad_alloc();
  }
  void chances(const ratekit::sdk::match& m, double* beats, double* draws) const {
    const uint32_t t = m.teams();
    for (uint32_t i = 0; i < t; ++i)
      for (uint32_t j = 0; j < t; ++j)
        if (i != j) beats[i * t + j] = t > 2 ? ahead_ : 0.45, draws[i * t + j] = t > 2 ? tie_ : 0.1;
  }

  double ahead_, tie_;
  bool out_of_memory_;
};

const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_param_spec params[] = {
    ratekit::sdk::param{.key = "ahead", .default_value = 0.45, .min = 0, .max = 1, .help = "each team ahead of each other"},
    ratekit::sdk::param{.key = "tie", .default_value = 0.1, .min = 0, .max = 1, .help = "each pair's tie"},
    ratekit::sdk::param{.key = "out_of_memory", .default_value = 0, .min = 0, .max = 1, .help = "1: rating runs out of memory"},
};
const rk_descriptor fixed_chances::descriptor = {
    sizeof(rk_descriptor), 0, "test-fixed-chances", "0.1", "team chances as its parameters say",
    RK_CAP_RANKED | RK_CAP_TEAMS | RK_CAP_DRAWS, 1, uint32_t(std::size(params)), fields, params};

}  // namespace

RATEKIT_TEAM_PLUGIN(fixed_chances)
