// A whole-history model for the host's tests, independent of ttt and whr: each sweep moves every estimate
// halfway to a target read from the history, so what the host handed over shows in the outputs and the
// sweeps a run takes are known in advance:
//   mean of a player in a batch -> time + the scores of his matches in it (weighted) + advantage on his side / 1000
//   deviation                    = the matches he played in the batch
// `fault` makes it misbehave as a careless plugin may. Built also with PROBE_FLAW set, as a plugin the
// loader must refuse (tests/test_plugins/CMakeLists.txt).
#include <ratekit/whole_history.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

#ifndef PROBE_FLAW
#define PROBE_FLAW 0
#endif

namespace {

enum fault { none, nan_change, throws, never, nan_estimate, slow, bad_drift };

const rk_state_field fields[] = {{"rating", 0.0, "the mean"}, {PROBE_FLAW == 2 ? "rd" : "deviation", 1.0, "its sd"}};
const rk_param_spec params[] = {
    ratekit::sdk::param{.key = PROBE_FLAW == 3 ? "eps" : "epsilon", .default_value = 1e-6, .max = 1e6,
                        .help = "the largest change of a mean that ends the sweeps"},
    ratekit::sdk::param{.key = "iterations", .type = RK_PARAM_INTEGER, .default_value = 100, .min = 1, .max = 1e9,
                        .help = "the most sweeps"},
    ratekit::sdk::param{.key = "fault", .type = RK_PARAM_CHOICE,
                        .choices = "none|nan_change|throws|never|nan_estimate|slow|bad_drift",
                        .help = "how the probe misbehaves"}};

struct probe {
  static const rk_descriptor descriptor;
  probe(const ratekit::sdk::host&, ratekit::sdk::params p) : fault_(int(p[2])) {}
  double expect(double ra, double rb, double adv) const { return 1.0 / (1.0 + std::pow(10.0, -(ra + adv - rb) / 400)); }

  void load(const ratekit::sdk::history& h) {
    const uint64_t n = h.entries().size();
    target_.assign(n, 0.0);
    sd_.assign(n, 0.0);
    mean_.assign(n, 0.0);
    std::vector<double> sum(h.players(), 0.0), games(h.players(), 0.0);
    for (uint64_t b = 0; b < h.batches(); ++b) {
      const uint64_t first = h.raw().matches[h.first_match(b)].begin, end = h.raw().matches[h.end_match(b) - 1].end;
      for (uint64_t m = h.first_match(b); m < h.end_match(b); ++m) add_match(h, m, sum, games);
      for (uint64_t e = first; e < end; ++e) {
        const auto p = size_t(h.entries()[e].player);
        target_[e] = h.time(b) + sum[p];
        sd_[e] = games[p];
      }
      for (uint64_t e = first; e < end; ++e) sum[size_t(h.entries()[e].player)] = games[size_t(h.entries()[e].player)] = 0;
    }
  }
  double sweep() {
    ++sweeps_;
    if (fault_ == throws && sweeps_ == 2) throw std::runtime_error("the probe fails at sweep 2");
    if (fault_ == nan_change && sweeps_ == 2) return NAN;
    if (fault_ == slow) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    double largest = 0;
    for (size_t e = 0; e < mean_.size(); ++e) {
      const double step = (target_[e] - mean_[e]) / 2;
      mean_[e] += step;
      largest = std::max(largest, std::abs(step));
    }
    return fault_ == never || fault_ == slow ? 1.0 : largest;
  }
  void estimates(double* mean, double* sd) const {
    for (size_t e = 0; e < mean_.size(); ++e) mean[e] = mean_[e], sd[e] = sd_[e];
    if (fault_ == nan_estimate && !mean_.empty()) mean[0] = NAN;
  }
  double log_evidence() const { return -0.5 * double(mean_.size()); }
  void drift(const double* state, double elapsed, double* out) const {
    out[0] = state[0];
    out[1] = fault_ == bad_drift ? NAN : std::sqrt(state[1] * state[1] + elapsed);
  }

 private:
  // Each entry's score in match m (the other teams' players ranked below it, ties half, over their number),
  // weighted, and the advantage on its team's side (team 0 gets it, the others lose it).
  static void add_match(const ratekit::sdk::history& h, uint64_t m, std::vector<double>& sum, std::vector<double>& games) {
    const auto seats = h.match(m);
    for (size_t i = 0; i < seats.size(); ++i) {
      double score = 0;
      for (const rk_entry& o : seats)
        if (o.team != seats[i].team) score += o.rank > seats[i].rank ? 1.0 : o.rank == seats[i].rank ? 0.5 : 0.0;
      double others = 0;
      for (const rk_entry& o : seats) others += o.team != seats[i].team;
      const double share = others > 0 ? score / others : 0;
      const auto p = size_t(seats[i].player);
      const double side = seats[i].team == 0 ? 1.0 : -1.0;
      sum[p] += h.weight(h.match_begin(m) + i) * share + side * h.advantage(m) / 1000;
      games[p] += 1;
    }
  }

  int fault_;
  uint64_t sweeps_ = 0;
  std::vector<double> target_, sd_, mean_;
};

const rk_descriptor probe::descriptor = {
    sizeof(rk_descriptor), 0, PROBE_FLAW == 4   ? "test-whole-history-old"
    : PROBE_FLAW == 6 ? "test-whole-history-no-priors"
                      : "test-whole-history", "0.1", "a whole-history probe for the host's tests",
    RK_CAP_WHOLE_HISTORY | RK_CAP_DRAWS | RK_CAP_HOME_ADVANTAGE | RK_CAP_TEAMS, 2, 3, fields, params};

// Team chances from the teams' summed means, logistic on 400 points; no ties.
int32_t expect_teams(rk_instance, const double* states, const uint32_t* teams, const double*, uint64_t players,
                     double* beats, double* draws, rk_error*) {
  uint32_t count = 0;
  for (uint64_t i = 0; i < players; ++i) count = std::max(count, teams[i] + 1);
  std::vector<double> sum(count, 0.0);
  for (uint64_t i = 0; i < players; ++i) sum[teams[i]] += states[i * 2];
  for (uint32_t i = 0; i < count; ++i)
    for (uint32_t j = 0; j < count; ++j) {
      beats[i * count + j] = i == j ? 0 : 1.0 / (1.0 + std::pow(10.0, -(sum[i] - sum[j]) / 400));
      if (draws) draws[i * count + j] = 0;
    }
  return RK_OK;
}

// Past the end of a struct of size RK_EXT_WHOLE_HISTORY_SIZE_2: a host that calls it reads too far.
int32_t priors_past_the_end(rk_instance, uint64_t, const double*, const double*, rk_error*) { std::abort(); }

// Flaws 4 and 5: the extension with a warm_width out of range, past its end as first published (4: struct_size
// RK_EXT_WHOLE_HISTORY_SIZE_1, a plugin built before the struct grew, whose host must not read it; loaded, so
// under an id of its own) or within it (5). Flaw 6: struct_size RK_EXT_WHOLE_HISTORY_SIZE_2, a plugin built
// before set_priors, with a set_priors past its end that aborts (under an id of its own).
const void* sized_extension(const char* id) {
  static const rk_ext_whole_history sized = [] {
    rk_ext_whole_history x = *static_cast<const rk_ext_whole_history*>(
        ratekit::sdk::make_whole_history_entry<probe>().get_extension(RK_EXT_WHOLE_HISTORY));
    x.struct_size = PROBE_FLAW == 4 ? RK_EXT_WHOLE_HISTORY_SIZE_1 : RK_EXT_WHOLE_HISTORY_SIZE_2;
    if (PROBE_FLAW == 6) x.set_priors = &priors_past_the_end;
    else x.warm_width = 99;
    return x;
  }();
  return std::strcmp(id, RK_EXT_WHOLE_HISTORY) == 0 ? &sized : nullptr;
}

constexpr rk_plugin_entry make_probe_entry() {
  rk_plugin_entry entry = ratekit::sdk::make_whole_history_entry<probe>();
  entry.expect_teams = &expect_teams;
  if (PROBE_FLAW == 1) entry.get_extension = nullptr;
  if (PROBE_FLAW >= 4) entry.get_extension = &sized_extension;
  return entry;
}

}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = make_probe_entry();
