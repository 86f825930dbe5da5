// ttt against the numbers TrueSkill Through Time is published with: the
// issue's two checks (the trueskillthroughtime package's README and its test
// suite, test/runtest.py of glandfried/TrueSkillThroughTime.py 1.1.0) and the
// suite's other values that a history of ratekit's kind can express, each
// test naming the package's test it reproduces; every number to its printed
// digits. Agreement on random histories is test_ttt_reference.cpp's.
#include "ttt_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <iomanip>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_ttt {

using ratekit::testing::converge;
using ratekit::testing::estimates_of;
using ratekit::testing::make_ttt;
using ratekit::testing::trueskill_scale;
using ratekit::testing::whole_history_builder;
namespace tt = ratekit::plugins::ttt_math;

namespace {

// x is `value` to its printed digits: within one unit of the last, as the
// package prints some rounded and some cut (25.000267387... as 25.0002673).
void printed(double x, double value, int decimals) {
  INFO("value " << std::setprecision(17) << x << " printed as " << value);
  CHECK(std::fabs(x - value) < std::pow(10.0, -decimals));
}

// One match of new players at the scale of the published checks, rated by
// load() alone (one pass: the package's Game).
std::vector<std::pair<double, double>> one_match(const std::vector<whole_history_builder::seat>& seats,
                                                 double p_draw = 0.0) {
  whole_history_builder b;
  const rk_wh_history& h = b.match(0, seats).build();
  auto model = make_ttt(trueskill_scale(p_draw));
  model.load(ratekit::sdk::history(h));
  const auto e = estimates_of(model, h);
  std::vector<std::pair<double, double>> out;
  for (size_t i = 0; i < e.mean.size(); ++i) out.emplace_back(e.mean[i], e.sd[i]);
  return out;
}

// The posteriors of one match from any priors (the model's match_likelihoods).
struct prior_seat {
  uint32_t team;
  double rank, mu, sigma, weight = 1.0;
};
std::vector<tt::moments> game(const std::vector<prior_seat>& seats, double beta, double p_draw, double* evidence = nullptr) {
  tt::match_input in;
  in.clear();
  for (size_t i = 0; i < seats.size(); ++i) {
    if (i > 0 && seats[i].team != seats[i - 1].team) in.first.push_back(uint32_t(i));
    if (in.rank.size() == seats[i].team) in.rank.push_back(seats[i].rank);
    in.prior.push_back({seats[i].mu, seats[i].sigma});
    in.weight.push_back(seats[i].weight);
  }
  in.first.push_back(uint32_t(seats.size()));
  tt::match_likelihoods match(beta, p_draw);
  std::vector<tt::moments> likelihood, posterior;
  const double ev = match.run(in, likelihood);
  if (evidence) *evidence = ev;
  for (size_t i = 0; i < seats.size(); ++i) posterior.push_back(tt::product(in.prior[i], likelihood[i]));
  return posterior;
}

}  // namespace

TEST_CASE("ttt: one game, the winner and the loser as published (README, test_1vs1)", "[ttt]") {
  const auto p = one_match({{0, 0, 1}, {1, 1, 2}});
  printed(p[0].first, 29.20522074387697, 14);
  printed(p[1].first, 20.79477925612302, 14);
  printed(p[0].second, 7.194481422570443, 15);
  printed(p[1].second, 7.194481422570443, 15);
}

TEST_CASE("ttt: the three-game cycle converges as published (test_env_TTT)", "[ttt]") {
  // a beats b, c beats a, b beats c, a game a batch, without times: b's
  // skill walks one unit from his first game to his second, as the package
  // counts without times (with days, two: 25.0002674 and 5.41942).
  whole_history_builder b;
  rk_wh_history h = b.duel(1, 0, 1, 1).duel(2, 0, 2, 0).duel(3, 1, 2, 1).build();
  h.batch_times = nullptr;
  auto model = make_ttt(trueskill_scale());
  model.load(ratekit::sdk::history(h));
  // The package's steps, run (History.iteration()): the larger change, of a
  // mean or a deviation, from before each batch's new messages.
  CHECK(model.sweep() == Approx(5.6999538306437465).margin(1e-12));
  CHECK(model.sweep() == Approx(0.9110072131189995).margin(1e-12));
  CHECK(model.sweep() == Approx(0.055294623376145324).margin(1e-12));
  converge(model);
  const auto e = estimates_of(model, h);
  printed(e.mean[0], 25.0002673, 7);  // a at his first game
  printed(e.sd[0], 5.41938162, 8);
  printed(e.mean[1], 24.999465, 6);  // b at his first
  printed(e.sd[1], 5.419425831, 9);
  printed(e.mean[4], 25.00053219, 8);  // b at his last
  printed(e.sd[4], 5.419696790, 9);
}

TEST_CASE("ttt: the same cycle at the package's defaults, gamma 0.05 (test_env_0_TTT)", "[ttt]") {
  whole_history_builder b;
  rk_wh_history h = b.duel(1, 0, 1, 1).duel(2, 0, 2, 0).duel(3, 1, 2, 1).build();
  h.batch_times = nullptr;  // as the package's test: no times
  auto model = make_ttt({0.0, 6.0, 1.0, 0.05, 0.0});
  model.load(ratekit::sdk::history(h));
  converge(model, 1e-6, 100);
  const auto e = estimates_of(model, h);
  printed(e.mean[0], 0.001, 3), printed(e.sd[0], 2.395, 3);
  printed(e.mean[1], -0.001, 3), printed(e.sd[1], 2.396, 3);
  printed(e.mean[4], 0.001, 3), printed(e.sd[4], 2.396, 3);
}

TEST_CASE("ttt: three games of one day, before and after the sweeps (test_one_batch_history)", "[ttt]") {
  // aj beats bj, bj beats cj, cj beats aj: on one day, then on three.
  for (const bool one_day : {true, false}) {
    whole_history_builder b;
    const rk_wh_history& h = b.duel(1, 0, 1, 1).duel(one_day ? 1 : 2, 1, 2, 1).duel(one_day ? 1 : 3, 2, 0, 1).build();
    auto s = trueskill_scale();
    if (one_day) s.gamma = 0.15 * 25.0 / 3;
    auto model = make_ttt(s);
    model.load(ratekit::sdk::history(h));
    auto e = estimates_of(model, h);
    printed(e.mean[5], 22.904, 3), printed(e.sd[5], one_day ? 6.010 : 6.011, 3);  // aj at the third game
    printed(e.mean[4], one_day ? 25.110 : 25.111, 3), printed(e.sd[4], one_day ? 5.866 : 5.867, 3);
    converge(model);
    e = estimates_of(model, h);
    printed(e.mean[5], one_day ? 25.000 : 24.999, 3), printed(e.sd[5], one_day ? 5.419 : 5.420, 3);
    printed(e.mean[4], one_day ? 25.000 : 25.001, 3), printed(e.sd[4], one_day ? 5.419 : 5.420, 3);
  }
}

TEST_CASE("ttt: teams of two over three days (test_teams)", "[ttt]") {
  // a b beat c d; b c beat e f; a d beat e f. Players a..f are 0..5.
  whole_history_builder b;
  const rk_wh_history& h = b.match(1, {{0, 0, 1}, {1, 0, 1}, {2, 1, 2}, {3, 1, 2}})
                               .match(2, {{4, 0, 2}, {5, 0, 2}, {1, 1, 1}, {2, 1, 1}})
                               .match(3, {{0, 0, 1}, {3, 0, 1}, {4, 1, 2}, {5, 1, 2}})
                               .build();
  auto model = make_ttt({0.0, 6.0, 1.0, 0.0, 0.0});
  model.load(ratekit::sdk::history(h));
  converge(model);
  const auto e = estimates_of(model, h);
  printed(e.mean[0], 4.085, 3), printed(e.sd[0], 5.107, 3);    // a on day 1
  printed(e.mean[2], -0.533, 3), printed(e.sd[2], 5.107, 3);   // c on day 1
  printed(e.mean[10], -3.552, 3), printed(e.sd[10], 5.155, 3);  // e on day 3
  CHECK(e.mean[0] == Approx(e.mean[1]).margin(1e-3));           // a and b alike
}

TEST_CASE("ttt: a free-for-all of three, with and without draws (test_1vs1vs1, test_1vs1vs1_draw)", "[ttt]") {
  // The package's result [1, 2, 0]: the second team first, the first second.
  auto p = one_match({{0, 0, 2}, {1, 1, 1}, {2, 2, 3}});
  printed(p[0].first, 25.000000, 6), printed(p[0].second, 6.238469796, 9);
  printed(p[1].first, 31.3113582213, 10), printed(p[1].second, 6.69881865, 8);
  printed(p[2].first, 18.6886417787, 10);
  p = one_match({{0, 0, 2}, {1, 1, 1}, {2, 2, 3}}, 0.5);
  printed(p[0].first, 25.000, 3), printed(p[0].second, 6.093, 3);
  printed(p[1].first, 33.379, 3), printed(p[1].second, 6.484, 3);
  printed(p[2].first, 16.621, 3);
  p = one_match({{0, 0, 1}, {1, 1, 1}, {2, 2, 1}}, 0.25);
  printed(p[0].first, 25.000, 3), printed(p[0].second, 5.729, 3);
  printed(p[1].first, 25.000, 3), printed(p[1].second, 5.707, 3);
}

TEST_CASE("ttt: a draw of new players (test_1vs1_draw)", "[ttt]") {
  const auto p = one_match({{0, 0, 1}, {1, 1, 1}}, 0.25);
  printed(p[0].first, 25.00, 2), printed(p[0].second, 6.469, 2);
  printed(p[1].first, 25.00, 2), printed(p[1].second, 6.469, 2);
}

TEST_CASE("ttt: partial play (test_1vs1_with_weights, test_NvsN_with_weights)", "[ttt]") {
  auto p = one_match({{0, 0, 1, 1.0}, {1, 1, 2, 0.7}});
  printed(p[0].first, 27.630080, 6), printed(p[0].second, 7.206676, 6);
  printed(p[1].first, 23.158943, 6), printed(p[1].second, 7.801628, 6);
  p = one_match({{0, 0, 1, 0.4}, {1, 0, 1, 0.8}, {2, 1, 2, 0.9}, {3, 1, 2, 0.6}});
  printed(p[0].first, 27.539023, 6), printed(p[0].second, 8.129639, 6);
  printed(p[1].first, 30.078046, 6), printed(p[1].second, 7.485372, 6);
  printed(p[2].first, 19.287197, 6), printed(p[2].second, 7.243465, 6);
  printed(p[3].first, 21.191465, 6), printed(p[3].second, 7.867608, 6);
}

TEST_CASE("ttt: one match from any priors (test_1vs1, test_1vs1_draw, test_1vs1vs1_draw)", "[ttt]") {
  const double beta = 25.0 / 6;
  auto p = game({{0, 2, 29.0, 1.0}, {1, 1, 25.0, 25.0 / 3}}, beta, 0.0);
  printed(p[0].mu, 28.89648, 5), printed(p[0].sigma, 0.9966043, 7);
  printed(p[1].mu, 32.18921, 5), printed(p[1].sigma, 6.062064, 6);
  p = game({{0, 1, 25.0, 3.0}, {1, 1, 29.0, 2.0}}, beta, 0.25);
  printed(p[0].mu, 25.736, 3), printed(p[0].sigma, 2.709956, 6);
  printed(p[1].mu, 28.67289, 5), printed(p[1].sigma, 1.916471, 6);
  p = game({{0, 1, 25.0, 3.0}, {1, 1, 25.0, 3.0}, {2, 1, 29.0, 2.0}}, beta, 0.25);
  printed(p[0].mu, 25.489, 3), printed(p[0].sigma, 2.638, 3);
  printed(p[1].mu, 25.511, 3), printed(p[1].sigma, 2.629, 3);
  printed(p[2].mu, 28.556, 3), printed(p[2].sigma, 1.886, 3);
  // A result so expected that it says nothing: the messages carry no information.
  tt::match_input in;
  in.clear();
  in.prior = {{1.139, 0.531}, {15.568, 0.51}}, in.weight = {1.0, 1.0}, in.first = {0, 1, 2}, in.rank = {2, 1};
  tt::match_likelihoods match(1.0, 0.0);
  std::vector<tt::moments> likelihood;
  match.run(in, likelihood);
  CHECK(likelihood[0].sigma == INFINITY);
  CHECK(likelihood[1].sigma == INFINITY);
  CHECK(likelihood[0].mu == 0.0);
}

TEST_CASE("ttt: the evidence of a result (test_evidence_1vs1, test_1vs1vs1_margin_0)", "[ttt]") {
  const double beta = 25.0 / 6;
  double evidence = 0.0;
  game({{0, 1, 25.0, 1e-7}, {1, 1, 25.0, 1e-7}}, beta, 0.25, &evidence);
  printed(evidence, 0.250, 3);
  game({{0, 1, 25.0, 1e-7}, {1, 2, 25.0, 1e-7}}, beta, 0.25, &evidence);
  printed(evidence, 0.375, 3);
  // The six orders of three equal players add up to (nearly) 1.
  double sum = 0.0;
  const double orders[6][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}};
  for (const auto& r : orders) {
    game({{0, r[0], 25.0, 1e-7}, {1, r[1], 25.0, 1e-7}, {2, r[2], 25.0, 1e-7}}, beta, 0.0, &evidence);
    sum += evidence;
  }
  printed(sum, 0.99527507, 8);
}

TEST_CASE("ttt: a sweep's step is the larger change, of a mean or of a deviation", "[ttt]") {
  // Two draws of equal players on two days: the means stay at mu, the
  // deviations shrink as each day learns from the other; the package goes on
  // while either moves, so the step is the deviations' change.
  whole_history_builder b;
  const rk_wh_history& h = b.duel(1, 0, 1, 0.5).duel(2, 0, 1, 0.5).build();
  auto model = make_ttt(trueskill_scale(0.25));
  model.load(ratekit::sdk::history(h));
  const auto before = estimates_of(model, h);
  const double step = model.sweep();
  const auto after = estimates_of(model, h);
  double sd_change = 0.0;
  for (size_t e = 0; e < after.sd.size(); ++e) {
    CHECK(after.mean[e] == Approx(25.0).margin(1e-12));
    sd_change = std::max(sd_change, std::fabs(after.sd[e] - before.sd[e]));
  }
  CHECK(sd_change > 0.01);
  CHECK(step == Approx(sd_change).margin(1e-12));
}

TEST_CASE("ttt: a match's chances, as the evidence of its results (expect_teams)", "[ttt]") {
  // Two players of equal, known skills (deviation 0), p_draw 0.25: a draw
  // 0.25 and each win 0.375 (test_evidence_1vs1's numbers); a third team far
  // ahead wins almost surely.
  auto model = make_ttt(trueskill_scale(0.25));
  const double states[] = {25.0, 0.0, 25.0, 0.0, 60.0, 0.0};
  const uint32_t teams[] = {0, 1, 2};
  double beats[9], draws[9];
  model.team_chances(states, teams, nullptr, 3, beats, draws);
  CHECK(draws[0 * 3 + 1] == Approx(0.25).margin(1e-6));
  CHECK(beats[0 * 3 + 1] == Approx(0.375).margin(1e-6));
  CHECK(beats[1 * 3 + 0] == Approx(0.375).margin(1e-6));
  CHECK(beats[2 * 3 + 0] > 0.99);
  CHECK(beats[0 * 3 + 2] < 0.01);
  CHECK(beats[0] == 0.0);
  // A duel's expected score adds half the draw.
  CHECK(model.expect(states, states + 2, 0.0) == Approx(0.5).margin(1e-12));
  CHECK(model.expect(states + 4, states, 0.0) > 0.99);
}

TEST_CASE("ttt refuses, before computing, what the package cannot rate", "[ttt]") {
  auto refusal = [](const rk_wh_history& h, double p_draw) {
    auto model = make_ttt({0.0, 6.0, 1.0, 0.03, p_draw});
    try {
      model.load(ratekit::sdk::history(h));
    } catch (const ratekit::sdk::failure& f) {
      CHECK(f.index() == 1);  // the match
      return std::string(f.what());
    }
    return std::string("no refusal");
  };
  whole_history_builder draw;
  const rk_wh_history& with_draw = draw.duel(1, 0, 1, 1).duel(1, 1, 2, 0.5).build();
  CHECK(refusal(with_draw, 0.0) ==
        "ttt: match 1: two teams tie, which ttt cannot rate with p_draw 0 (no draws): give p_draw, the share of draws "
        "between equal teams");
  auto model = make_ttt({0.0, 6.0, 1.0, 0.03, 0.1});
  CHECK_NOTHROW(model.load(ratekit::sdk::history(with_draw)));  // with draws allowed
  whole_history_builder one_team;
  const rk_wh_history& alone = one_team.duel(1, 0, 1, 1).match(2, {{0, 0, 1}, {1, 0, 1}}).build();
  CHECK(refusal(alone, 0.1) == "ttt: match 1: one team only: a match needs two teams or more");
}

}  // namespace test_ttt
