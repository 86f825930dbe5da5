// whr (Coulom's Whole-History Rating) on what the paper's model fixes
// exactly: one game's closed form, a draw, an advantage, the symmetries, the
// limits of w2, the drift, the log evidence, and the refusals. The fixed point
// of random histories is checked against the posterior's gradient and Hessian
// written again here (test_whr_fixed_point.cpp), the values against the
// Python port (test_whr_oracle.cpp).
#include "whr_support.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whr {

using namespace ratekit::testing;
using ratekit::plugins::whr;

namespace {

double log_logistic(double x) { return std::log(logistic(x)); }

// The root of f, increasing on [lo, hi], by bisection to the last bit.
template <class F>
double root(F f, double lo, double hi) {
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (f(mid) < 0 ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace

TEST_CASE("whr: one game between two new players converges to its closed form", "[whr]") {
  // A beats B. By symmetry rB = -rA = -x, and A's gradient is
  // (1 - s(2x)) + (1 - 2 s(x)) = 0 (the game, then the virtual win and loss):
  // with u = e^x, u^3 - u^2 - 2 = 0, whose real root is Cardano's.
  const double t = std::cbrt((28 + std::sqrt(783.0)) / 27) + std::cbrt((28 - std::sqrt(783.0)) / 27);
  const double x = std::log(t + 1.0 / 3);
  const double h = -logistic(2 * x) * (1 - logistic(2 * x)) - 2 * logistic(x) * (1 - logistic(x));
  whole_history_builder b;
  b.duel(20000, 0, 1, 1.0);
  const rk_wh_history& hist = b.build();
  const whr model = fitted(hist);
  const whr_estimates e = estimates_of(model, hist);
  CHECK(e.mean[0] == Approx(x * elo_per_nat).margin(1e-9));
  CHECK(e.mean[0] == Approx(91.7314910).margin(1e-6));
  CHECK(e.mean[1] == Approx(-x * elo_per_nat).margin(1e-9));
  CHECK(e.sd[0] == Approx(std::sqrt(-1 / h) * elo_per_nat).margin(1e-9));
  CHECK(e.sd[1] == Approx(e.sd[0]).margin(1e-9));
  // The log evidence: the game, then each player's virtual win and loss.
  const double evidence = log_logistic(2 * x) + 2 * (log_logistic(x) + log_logistic(-x));
  CHECK(model.log_evidence() == Approx(evidence).margin(1e-12));
}

TEST_CASE("whr: a draw is half a win and half a loss", "[whr]") {
  // Both stay at 0; each one's curvature is a quarter from the game and a
  // half from his virtual games: a deviation of sqrt(4/3) natural units.
  whole_history_builder b;
  b.duel(5, 0, 1, 0.5);
  const rk_wh_history& hist = b.build();
  const whr model = fitted(hist);
  const whr_estimates e = estimates_of(model, hist);
  CHECK(e.mean[0] == Approx(0).margin(1e-12));
  CHECK(e.sd[0] == Approx(std::sqrt(4.0 / 3) * elo_per_nat).margin(1e-9));
  CHECK(model.log_evidence() == Approx(5 * std::log(0.5)).margin(1e-12));
}

TEST_CASE("whr: the advantage is the first-named player's, in Elo", "[whr]") {
  // A, with 100 Elo on his side, draws B: the optimum stays symmetric,
  // rA = -rB = -y with 0.5 - s(a - 2y) + 1 - 2 s(-y) = 0, and B ends above A.
  const double a = 100 / elo_per_nat;
  const double y = root([a](double v) { return 0.5 - logistic(a - 2 * v) + 1 - 2 * logistic(-v); }, 0, 5);
  whole_history_builder b;
  b.duel(0, 0, 1, 0.5, 100.0);
  const whr_estimates e = converged(b.build());
  CHECK(e.mean[1] == Approx(y * elo_per_nat).margin(1e-9));
  CHECK(e.mean[0] == Approx(-y * elo_per_nat).margin(1e-9));
  CHECK(e.mean[1] > 20);
}

TEST_CASE("whr: mirrored results mirror the ratings, relabelled players keep theirs", "[whr]") {
  whole_history_builder plain, mirrored, relabelled;
  uint64_t seed = 7;
  auto next = [&seed] { return (seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
  for (int g = 0; g < 400; ++g) {
    const double day = double(g / 4 * 9);
    const int32_t a = int32_t(next() % 12), b = int32_t((a + 1 + next() % 11) % 12);
    const double score = double(next() % 3) / 2, advantage = double(next() % 3) * 40;
    plain.duel(day, a, b, score, advantage);
    mirrored.duel(day, a, b, 1 - score, -advantage);
    relabelled.duel(day, 11 - a, 11 - b, score, advantage);
  }
  const whr_estimates p = converged(plain.build()), m = converged(mirrored.build()), r = converged(relabelled.build());
  for (size_t e = 0; e < p.mean.size(); ++e) {
    CHECK(m.mean[e] == Approx(-p.mean[e]).margin(1e-7));
    CHECK(m.sd[e] == Approx(p.sd[e]).margin(1e-7));
    CHECK(r.mean[e] == Approx(p.mean[e]).margin(1e-7));
    CHECK(r.sd[e] == Approx(p.sd[e]).margin(1e-7));
  }
}

TEST_CASE("whr: w2 ties a player's days together or sets them free", "[whr]") {
  // Player 0 beats 1 on day 0, then draws a new player 2 a thousand days later.
  whole_history_builder b;
  b.duel(0, 0, 1, 1.0).duel(1000, 0, 2, 0.5);
  const rk_wh_history& hist = b.build();
  SECTION("a huge w2: each day as if alone") {
    // Day 0 is the single game's closed form; on day 1000 the draw against a
    // new player, whose virtual games hold him at 0, holds player 0 there too.
    const whr_estimates e = converged(hist, 1e8);
    CHECK(e.mean[0] == Approx(91.7314910).margin(1e-3));
    CHECK(e.mean[2] == Approx(0).margin(1e-3));
  }
  SECTION("a tiny w2: one skill for both days") {
    const whr_estimates e = converged(hist, 1e-3);
    CHECK(std::abs(e.mean[0] - e.mean[2]) < 1e-3);
    CHECK(e.mean[0] > 30);
  }
  SECTION("the default: between the two") {
    const whr_estimates e = converged(hist);
    CHECK(e.mean[0] - e.mean[2] > 10);
    CHECK(e.mean[0] < 91.7);
  }
  SECTION("w2 must be positive") {
    CHECK_THROWS_AS(make_whr(0.0), ratekit::sdk::failure);
    CHECK_THROWS_AS(make_whr(std::nan("")), ratekit::sdk::failure);
  }
}

TEST_CASE("whr: a sweep reports the largest change of a mean it made", "[whr]") {
  whole_history_builder b;
  for (int g = 0; g < 60; ++g) b.duel(g / 3, g % 5, (g % 5 + 1 + g / 5 % 4) % 5, g % 3 / 2.0);
  const rk_wh_history& hist = b.build();
  whr model = make_whr();
  model.load(ratekit::sdk::history(hist));
  double last = INFINITY;
  for (int sweep = 0; sweep < 300; ++sweep) {
    const whr_estimates before = estimates_of(model, hist);
    const double reported = model.sweep();
    const whr_estimates after = estimates_of(model, hist);
    double largest = 0;
    for (size_t e = 0; e < before.mean.size(); ++e) largest = std::max(largest, std::abs(after.mean[e] - before.mean[e]));
    CHECK(reported == Approx(largest).margin(1e-9));
    last = reported;
  }
  CHECK(last < 1e-6);
  CHECK(last > 0);
}

TEST_CASE("whr: drift grows the variance by w2 per unit of time", "[whr]") {
  const whr model = make_whr(300);
  const double state[] = {1234.5, 50.0};
  double out[2];
  model.drift(state, 30, out);
  CHECK(out[0] == 1234.5);
  CHECK(out[1] == Approx(std::sqrt(2500.0 + 9000.0)).epsilon(1e-15));
  model.drift(state, 0, out);
  CHECK(out[1] == 50.0);
}

TEST_CASE("whr: forecasts are Bradley-Terry on Elo, widened by the uncertainty", "[whr]") {
  const whr model = make_whr();
  CHECK(model.expect(1500, 1500, 0) == 0.5);
  CHECK(model.expect(1900, 1500, 0) == Approx(10.0 / 11).epsilon(1e-15));
  CHECK(model.expect(1500, 1900, 400) == 0.5);
  const double sure[] = {1900, 0}, level[] = {1500, 0}, vague[] = {1900, 300};
  CHECK(model.expect(sure, level, 0) == Approx(10.0 / 11).epsilon(1e-15));
  const double widened = model.expect(vague, level, 0);
  CHECK(widened < 10.0 / 11 - 0.02);
  CHECK(widened > 0.75);
}

TEST_CASE("whr: a warm start from converged estimates is already converged", "[whr]") {
  whole_history_builder b;
  for (int g = 0; g < 90; ++g) b.duel(g / 3 * 30, g % 6, (g + 1 + g % 4) % 6, g % 4 == 0 ? 0.5 : double(g % 2));
  const rk_wh_history& hist = b.build();
  const whr_estimates full = converged(hist);
  whr model = make_whr();
  model.load(ratekit::sdk::history(hist));
  SECTION("all of them") {
    model.warm_start(full.mean.data(), full.sd.data());
    CHECK(model.sweep() < 1e-8);
  }
  SECTION("all but the last batch's, which start from the day before") {
    std::vector<double> mean = full.mean;
    for (uint64_t e = hist.matches[hist.batch_ends[hist.batch_count - 2]].begin; e < mean.size(); ++e)
      mean[e] = std::nan("");
    model.warm_start(mean.data(), full.sd.data());
    converge(model);
    const whr_estimates e = estimates_of(model, hist);
    for (size_t i = 0; i < mean.size(); ++i) CHECK(e.mean[i] == Approx(full.mean[i]).margin(1e-8));
  }
}

TEST_CASE("whr: a warm start settles the days it has no estimate for before the joint sweeps", "[whr]") {
  // The recorded fit: 90 games among 6 players over 30 months. Then a month more, in which player 6, new,
  // loses to four of them: warm, he would start at 0, near their level, where the fit puts him 260 to 450 Elo
  // below each. Settled, he starts within a fifth of that (the new games also move everyone's level, by
  // some 100 Elo here, and that is the joint sweeps' work).
  whole_history_builder recorded, b;
  for (whole_history_builder* h : {&recorded, &b})
    for (int g = 0; g < 90; ++g) h->duel(g / 3 * 30, g % 6, (g + 1 + g % 4) % 6, g % 4 == 0 ? 0.5 : double(g % 2));
  for (int p = 0; p < 4; ++p) b.duel(900, p, 6, 1.0);
  const whr_estimates before = converged(recorded.build());
  const rk_wh_history& hist = b.build();
  const whr_estimates full = converged(hist);
  std::vector<double> mean(hist.entry_count, std::nan(""));
  std::copy(before.mean.begin(), before.mean.end(), mean.begin());  // the recorded games' entries come first
  whr model = make_whr();
  model.load(ratekit::sdk::history(hist));
  model.warm_start(mean.data(), full.sd.data());
  const whr_estimates start = estimates_of(model, hist);
  for (uint64_t e = hist.entry_count - 8; e < hist.entry_count; e += 2) {  // the month's games: a winner, then 6
    const double fitted_gap = full.mean[e + 1] - full.mean[e], start_gap = start.mean[e + 1] - start.mean[e];
    INFO("player 6 starts " << start_gap << " Elo from player " << hist.entries[e].player << ", the fit puts him "
                            << fitted_gap);
    REQUIRE(hist.entries[e + 1].player == 6);
    CHECK(fitted_gap < -250);
    CHECK(start_gap == Approx(fitted_gap).epsilon(0.2));  // within a fifth: from 0 he would be off by most of the gap or more
  }
  // The joint sweeps still decide where the fit ends.
  converge(model);
  const whr_estimates e = estimates_of(model, hist);
  for (size_t i = 0; i < e.mean.size(); ++i) CHECK(e.mean[i] == Approx(full.mean[i]).margin(1e-8));
}

TEST_CASE("whr: refuses team matches, partial play and a player against himself", "[whr]") {
  whr model = make_whr();
  auto refusal = [&model](whole_history_builder& b) {
    try {
      model.load(ratekit::sdk::history(b.build()));
    } catch (const ratekit::sdk::failure& f) {
      CHECK(f.index() == 1);
      return std::string(f.what());
    }
    FAIL("not refused");
    return std::string();
  };
  whole_history_builder two_on_one, three_sides, shared, alone;
  two_on_one.duel(0, 0, 1, 1).match(1, {{0, 0, 1}, {2, 0, 1}, {1, 1, 2}});
  CHECK_THAT(refusal(two_on_one), Catch::Contains("match 1: whr rates duels only (one player against one), this "
                                                  "match has 3 players; rate team matches with ttt"));
  three_sides.duel(0, 0, 1, 1).match(0, {{0, 0, 1}, {1, 1, 2}, {2, 2, 3}});
  CHECK_THAT(refusal(three_sides), Catch::Contains("duels only"));
  shared.duel(0, 0, 1, 1).match(2, {{0, 0, 1, 0.5}, {1, 1, 2}});
  CHECK_THAT(refusal(shared), Catch::Contains("match 1: whr has no partial play"));
  alone.duel(0, 0, 1, 1).duel(3, 2, 2, 1);
  CHECK_THAT(refusal(alone), Catch::Contains("match 1: a player plays himself"));
}

}  // namespace test_whr
