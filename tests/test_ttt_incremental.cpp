// ttt's incremental schedule (plugins/ttt/warm_window.hpp; docs/plugins/ttt.md, "Incremental runs"): a fit
// warm-started from an earlier fit's messages, with a new month at the end or a late file in the middle, equals
// the full fit from scratch within epsilon, its window settles the batches next to the new ones before the
// whole sweeps, and it takes fewer whole sweeps than the full fit. The history converges well under the sweep
// limit (sigma 1, gamma 0.05 a day: about 30 sweeps over a year of daily batches among 200 players; with
// sigma 6 the players' common level settles hundreds of times slower). A full run's order is the package's,
// held by test_ttt.cpp and test_ttt_reference.cpp. The last test runs the same through `ratekit run` and the
// history database: history.csv and ratings.csv of the incremental runs against full runs.
#include "ttt_support.hpp"
#include "whole_history_db_support.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <tuple>

// Named for the file: its helpers' names are common ones, and a unity batch shares them.
namespace test_ttt_incremental {

using ratekit::testing::converge;
using ratekit::testing::estimates_of;
using ratekit::testing::make_ttt;
using ratekit::testing::ttt_estimates;
using ratekit::testing::ttt_settings;
using ratekit::testing::whole_history_builder;

namespace {

constexpr double incremental_epsilon = 1e-6;
constexpr int sweep_limit = 2000;
const ttt_settings incremental_settings{0.0, 1.0, 1.0, 0.05, 0.0, incremental_epsilon, sweep_limit};
constexpr unsigned history_players = 200;

struct dated_duel {
  double day;
  int32_t a, b;
  double score_a;
  bool recorded;  // in the earlier fit; false: new in this run
};

// `per_month` duels among `history_players` players on the days of months [first, last) (30 days each),
// seeded, without draws: the player of the lower number wins two in three.
void add_months(std::vector<dated_duel>& into, int first, int last, int per_month, unsigned seed, bool recorded) {
  std::mt19937 rng(seed);
  for (int month = first; month < last; ++month)
    for (int g = 0; g < per_month; ++g) {
      const auto a = int32_t(rng() % history_players),
                 b = int32_t((unsigned(a) + 1 + rng() % (history_players - 1)) % history_players);
      const bool favourite_wins = rng() % 3u != 0;
      into.push_back({double(month * 30 + int(rng() % 30u)), a, b, (a < b) == favourite_wins ? 1.0 : 0.0, recorded});
    }
  std::stable_sort(into.begin(), into.end(), [](const dated_duel& x, const dated_duel& y) { return x.day < y.day; });
}

// The duels (all, or the recorded ones only) as a history; it lives in `b`.
const rk_wh_history& history_of(whole_history_builder& b, const std::vector<dated_duel>& duels, bool recorded_only) {
  for (const dated_duel& d : duels)
    if (d.recorded || !recorded_only) b.duel(d.day, d.a, d.b, d.score_a);
  return b.build();
}

struct fit_result {
  ttt_estimates estimates;
  int sweeps = 0;
  // An incremental fit's estimates after its warm start, before any whole sweep, and the earlier fit's of the
  // recorded entries (NaN for the new ones).
  ttt_estimates warm_started, earlier;
};

fit_result cold_fit(const std::vector<dated_duel>& duels) {
  whole_history_builder b;
  const rk_wh_history& h = history_of(b, duels, false);
  auto model = make_ttt(incremental_settings);
  model.load(ratekit::sdk::history(h));
  const int sweeps = converge(model, incremental_epsilon, sweep_limit);
  return {estimates_of(model, h), sweeps, {}, {}};
}

// The recorded duels fitted, then all of them warm-started from that fit's messages (NaN rows for the new
// entries, as the host hands them) and swept to convergence.
fit_result incremental_fit(const std::vector<dated_duel>& duels) {
  whole_history_builder recorded_b;
  const rk_wh_history& recorded = history_of(recorded_b, duels, true);
  auto earlier = make_ttt(incremental_settings);
  earlier.load(ratekit::sdk::history(recorded));
  REQUIRE(converge(earlier, incremental_epsilon, sweep_limit) < sweep_limit);
  std::vector<double> earlier_state(2 * recorded.entry_count);
  earlier.warm_state(earlier_state.data());
  const ttt_estimates earlier_estimates = estimates_of(earlier, recorded);
  fit_result out;
  std::vector<double> state;
  size_t next_recorded = 0;
  for (const dated_duel& d : duels)
    for (int seat = 0; seat < 2; ++seat) {
      state.push_back(d.recorded ? earlier_state[2 * next_recorded] : NAN);
      state.push_back(d.recorded ? earlier_state[2 * next_recorded + 1] : NAN);
      out.earlier.mean.push_back(d.recorded ? earlier_estimates.mean[next_recorded] : NAN);
      out.earlier.sd.push_back(d.recorded ? earlier_estimates.sd[next_recorded] : NAN);
      next_recorded += d.recorded;
    }
  REQUIRE(next_recorded == recorded.entry_count);

  whole_history_builder b;
  const rk_wh_history& h = history_of(b, duels, false);
  auto model = make_ttt(incremental_settings);
  model.load(ratekit::sdk::history(h));
  model.warm_start_state(state.data());
  out.warm_started = estimates_of(model, h);
  out.sweeps = converge(model, incremental_epsilon, sweep_limit);
  out.estimates = estimates_of(model, h);
  return out;
}

// The largest difference of a mean or deviation between x and y over the entries `counted` picks (every one
// when null); NaN entries are skipped.
double largest_difference(const ttt_estimates& x, const ttt_estimates& y, const std::vector<char>* counted = nullptr) {
  REQUIRE(x.mean.size() == y.mean.size());
  double largest = 0;
  for (size_t e = 0; e < x.mean.size(); ++e)
    if ((!counted || (*counted)[e]) && !std::isnan(x.mean[e]) && !std::isnan(y.mean[e]))
      largest = std::max({largest, std::fabs(x.mean[e] - y.mean[e]), std::fabs(x.sd[e] - y.sd[e])});
  return largest;
}

// Per entry: whether its duel is a recorded one within `days` before the first new duel.
std::vector<char> just_before_the_new(const std::vector<dated_duel>& duels, double days) {
  double first_new = INFINITY;
  for (const dated_duel& d : duels)
    if (!d.recorded) first_new = std::min(first_new, d.day);
  std::vector<char> out;
  for (const dated_duel& d : duels)
    for (int seat = 0; seat < 2; ++seat) out.push_back(d.recorded && d.day < first_new && d.day >= first_new - days);
  return out;
}

void incremental_equals_full(const std::vector<dated_duel>& duels, bool settles_the_month_before) {
  const fit_result full = cold_fit(duels), warm = incremental_fit(duels);
  INFO("full: " << full.sweeps << " sweeps; incremental: " << warm.sweeps << " whole sweeps");
  REQUIRE(full.sweeps < sweep_limit / 20);  // a history that converges well under the limit
  // The window settled the month before the new games: the earlier fit is far from the full one there, and the
  // warm start within a twentieth of that (its messages rebuilt once, without a window that grows, leave it at a
  // fifth). Checked for a new month at the end; a late file's neighbours are settled on both sides by the
  // rebuilt messages already.
  if (settles_the_month_before) {
    const std::vector<char> before = just_before_the_new(duels, 30);
    const double unsettled = largest_difference(warm.earlier, full.estimates, &before);
    const double settled = largest_difference(warm.warm_started, full.estimates, &before);
    INFO("the month before the new games: the earlier fit " << unsettled << " from the full fit, the warm start "
                                                            << settled);
    CHECK(unsettled > 0.1);
    CHECK(settled < unsettled / 20);
  }
  // The whole sweeps follow; the window spares a third of them or more.
  CHECK(warm.sweeps >= 1);
  CHECK(3 * warm.sweeps <= 2 * full.sweeps);
  const double largest = largest_difference(full.estimates, warm.estimates);
  INFO("the largest difference of a mean or deviation: " << largest);
  CHECK(largest <= incremental_epsilon);
}

}  // namespace

TEST_CASE("ttt: an incremental fit with a new month at the end equals the full fit within epsilon",
          "[ttt][incremental]") {
  std::vector<dated_duel> duels;
  add_months(duels, 0, 12, 250, 11u, true);
  add_months(duels, 12, 13, 250, 12u, false);
  incremental_equals_full(duels, true);
}

TEST_CASE("ttt: an incremental fit with a late file in the middle equals the full fit within epsilon",
          "[ttt][incremental]") {
  std::vector<dated_duel> duels;
  add_months(duels, 0, 12, 250, 21u, true);
  add_months(duels, 6, 7, 60, 22u, false);  // games of July found late
  incremental_equals_full(duels, false);
}

TEST_CASE("ttt: a warm start with nothing new leaves the converged fit as it was", "[ttt][incremental]") {
  std::vector<dated_duel> duels;
  add_months(duels, 0, 6, 250, 31u, true);
  const fit_result full = cold_fit(duels), warm = incremental_fit(duels);
  CHECK(warm.sweeps == 1);
  CHECK(largest_difference(full.estimates, warm.estimates) <= incremental_epsilon);
}

// The duels of months [first, last) of 2024 (month 13: January 2025) as games-csv, on even days, or on odd
// days for a late file (a day the earlier runs hold no batch of).
std::string games_csv(int first, int last, int per_month, unsigned seed, bool odd_days) {
  std::vector<dated_duel> duels;
  add_months(duels, first, last, per_month, seed, true);
  std::string out = "date,player_a,player_b,score_a\n";
  for (const dated_duel& d : duels) {
    const int month = int(d.day) / 30, day = 2 * (int(d.day) % 30 % 14) + (odd_days ? 1 : 2);
    char line[96];
    std::snprintf(line, sizeof line, "%d-%02d-%02d,P%d,P%d,%g\n", month < 12 ? 2024 : 2025, month % 12 + 1, day,
                  d.a, d.b, d.score_a);
    out += line;
  }
  return out;
}

TEST_CASE("ttt: incremental runs into the database equal full runs in history.csv and ratings.csv",
          "[ttt][incremental][database]") {
  using namespace ratekit::testing;
  temp_dir dir;
  write_text(dir / "year.csv", games_csv(0, 12, 250, 41u, false));
  write_text(dir / "next.csv", games_csv(12, 13, 250, 42u, false));
  write_text(dir / "late.csv", games_csv(6, 7, 60, 43u, true));
  const std::string head = "competition: club\nmodel: ttt\nparams: { sigma: 1, gamma: 0.05, epsilon: 1e-6, "
                           "iterations: 2000 }\ninput: { format: games-csv }\nperiod: day\n";
  write_text(dir / "full.yaml", head + "output: { history: true }\n");
  write_text(dir / "db.yaml", head + "output: { history: true, database: h.db }\n");
  const auto run = [&](const char* config, const std::string& files, const char* out) {
    const auto r = run_cli("run " + (dir / config).string() + files + " --out " + (dir / out).string());
    INFO(r.out);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(read_text(dir / out / "summary.json"))["whole_history"];
  };
  const auto input = [&](const char* file) { return " --input " + (dir / file).string(); };
  run("db.yaml", input("year.csv"), "out");
  // The late file's run starts from the second run's fit, itself stopped at epsilon from the fixed point: the
  // two stops add up, to 6.1e-6 here (within epsilon in one step, as the in-process late file above).
  for (const auto& [added, all, tolerance] :
       {std::tuple{"next.csv", input("year.csv") + input("next.csv"), incremental_epsilon},
        std::tuple{"late.csv", input("year.csv") + input("next.csv") + input("late.csv"), 10 * incremental_epsilon}}) {
    INFO("adding " << added);
    const auto full = run("full.yaml", all, "full");
    const auto warm = run("db.yaml", input(added), "out");
    CHECK(full["converged"] == true);
    CHECK(warm["converged"] == true);
    CHECK(warm["warm_start"] == true);
    CHECK(3 * warm["sweeps"].get<int>() <= 2 * full["sweeps"].get<int>());
    same_history(read_text(dir / "full/history.csv"), read_text(dir / "out/history.csv"), tolerance);
    same_estimates(read_text(dir / "full/ratings.csv"), read_text(dir / "out/ratings.csv"), tolerance, 1, false);
  }
}

}  // namespace test_ttt_incremental
