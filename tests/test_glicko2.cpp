// glicko2 against Glickman's "Example of the Glicko-2 system" (2012) and, over
// a stream of months with idle players and empty months, against a plain
// implementation written here from the paper's steps.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include "test_glicko_common.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <glicko2/glicko2.hpp>

#include <cmath>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_glicko2 {

using ratekit::plugins::glicko2;
using namespace glicko_test;

namespace {

double round_to(double x, int decimals) { return std::round(x * std::pow(10.0, decimals)) / std::pow(10.0, decimals); }

// rdmax at its default, 0: no cap.
glicko2 make(double tau) {
  const double values[] = {tau, 0};
  return glicko2(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 2));
}

struct ref_player {
  double r = 1500, rd = 350, sigma = 0.06;
  bool rated = false;
  int64_t last = 0;
};

// Step 5 of the paper: the Illinois algorithm for ln(sigma'^2).
double reference_volatility(double phi, double sigma, double delta, double v, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    return std::exp(x) * (delta * delta - phi * phi - v - std::exp(x)) / (2 * std::pow(phi * phi + v + std::exp(x), 2)) -
           (x - a) / (tau * tau);
  };
  double A = a, B = 0;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > 0.000001) {
    const double C = A + (A - B) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

// Glicko-2 by the paper, period by period; a player who sat out t - 1 periods
// had phi = sqrt(phi^2 + sigma^2) applied for each of them.
void reference(std::vector<ref_player>& p, const std::vector<period>& periods, double tau) {
  const double S = 173.7178, PI = 3.14159265358979323846;
  for (const period& month : periods) {
    std::vector<bool> plays(p.size(), false);
    for (const rk_game& g : month.games) plays[size_t(g.a)] = plays[size_t(g.b)] = true;
    std::vector<double> mu(p.size()), phi(p.size());
    for (size_t i = 0; i < p.size(); ++i) {
      mu[i] = (p[i].r - 1500) / S;
      phi[i] = p[i].rd / S;
      if (plays[i] && p[i].rated)
        for (int64_t idle = p[i].last + 1; idle < month.number; ++idle) phi[i] = std::sqrt(phi[i] * phi[i] + p[i].sigma * p[i].sigma);
    }
    std::vector<ref_player> next = p;
    for (size_t i = 0; i < p.size(); ++i) {
      if (!plays[i]) continue;
      double v_inverse = 0, sum = 0;
      for (const rk_game& g : month.games) {
        size_t j;
        double s;
        if (size_t(g.a) == i) j = size_t(g.b), s = g.score_a;
        else if (size_t(g.b) == i) j = size_t(g.a), s = 1 - g.score_a;
        else continue;
        const double gj = 1 / std::sqrt(1 + 3 * phi[j] * phi[j] / (PI * PI));
        const double e = 1 / (1 + std::exp(-gj * (mu[i] - mu[j])));
        v_inverse += gj * gj * e * (1 - e);
        sum += gj * (s - e);
      }
      const double v = 1 / v_inverse, delta = v * sum;
      const double sigma = reference_volatility(phi[i], p[i].sigma, delta, v, tau);
      const double phi_star = std::sqrt(phi[i] * phi[i] + sigma * sigma);
      const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
      next[i].r = S * (mu[i] + phi_new * phi_new * sum) + 1500;
      next[i].rd = S * phi_new;
      next[i].sigma = sigma;
      next[i].rated = true;
      next[i].last = month.number;
    }
    p = next;
  }
}

}  // namespace

TEST_CASE("glicko2 reproduces Glickman's example: 1464.06, RD 151.52, volatility 0.05999", "[glicko2]") {
  table t({{1500, 1400, 1550, 1700}, {200, 30, 100, 300}, {0.06, 0.06, 0.06, 0.06}});
  glicko2 model = make(0.5);
  const auto out = rate(model, t, {{0, {game(0, 1, 1), game(0, 2, 0), game(0, 3, 0)}}});
  // The paper rounds mu' to -0.2069 before converting: 173.7178 * -0.2069 + 1500 = 1464.06.
  // Unrounded, mu' = -0.20694 and r' = 1464.0507.
  CHECK(round_to((t.columns[0][0] - 1500) / 173.7178, 4) == -0.2069);
  CHECK(round_to(173.7178 * round_to((t.columns[0][0] - 1500) / 173.7178, 4) + 1500, 2) == 1464.06);
  CHECK(round_to(t.columns[0][0], 2) == 1464.05);
  CHECK(round_to(t.columns[1][0], 2) == 151.52);
  CHECK(round_to(t.columns[1][0] / 173.7178, 4) == 0.8722);
  // The paper cuts sigma' to 0.05999; rounded it is 0.059996.
  CHECK(std::floor(t.columns[2][0] * 1e5) / 1e5 == Approx(0.05999).margin(1e-12));
  CHECK(round_to(t.columns[2][0], 6) == 0.059996);
  // Intermediate values: E = 0.639, 0.432, 0.303; v = 1.7785, Delta = -0.4834.
  CHECK(round_to(out[0].expected_a, 3) == 0.639);
  CHECK(round_to(out[1].expected_a, 3) == 0.432);
  CHECK(round_to(out[2].expected_a, 3) == 0.303);
  namespace m = ratekit::plugins::glicko2_math;
  CHECK(round_to(m::g(30 / 173.7178), 4) == 0.9955);
  CHECK(round_to(m::g(300 / 173.7178), 4) == 0.7242);
  CHECK(round_to(m::new_volatility(200 / 173.7178, 0.06, -0.4834, 1.7785, 0.5), 6) == 0.059996);
  CHECK(out[0].delta_a + out[1].delta_a + out[2].delta_a == Approx(t.columns[0][0] - 1500).epsilon(1e-12));

  std::vector<ref_player> p = {{1500, 200}, {1400, 30}, {1550, 100}, {1700, 300}};
  reference(p, {{0, {game(0, 1, 1), game(0, 2, 0), game(0, 3, 0)}}}, 0.5);
  for (size_t i = 0; i < 4; ++i) {
    CHECK(t.columns[0][i] == Approx(p[i].r).margin(1e-9));
    CHECK(t.columns[1][i] == Approx(p[i].rd).margin(1e-9));
    CHECK(t.columns[2][i] == Approx(p[i].sigma).margin(1e-12));
  }
}

TEST_CASE("glicko2 grows phi by sigma^2 for each period sat out", "[glicko2]") {
  // Rated in period 3, back in period 8: four periods sat out before this one's own step 6.
  table t({{1500, 1600}, {60, 90}, {0.05, 0.07}});
  t.last_period = {3, 7};
  glicko2 model = make(0.5);
  rate(model, t, {{8, {game(0, 1, 1)}}});
  std::vector<ref_player> p = {{1500, 60, 0.05, true, 3}, {1600, 90, 0.07, true, 7}};
  reference(p, {{8, {game(0, 1, 1)}}}, 0.5);
  CHECK(t.columns[0][0] == Approx(p[0].r).margin(1e-9));
  CHECK(t.columns[1][0] == Approx(p[0].rd).margin(1e-9));
  CHECK(t.columns[1][1] == Approx(p[1].rd).margin(1e-9));
  // Without the four idle periods he would end with a smaller RD.
  std::vector<ref_player> fresh = {{1500, 60, 0.05, true, 7}, {1600, 90, 0.07, true, 7}};
  reference(fresh, {{8, {game(0, 1, 1)}}}, 0.5);
  CHECK(fresh[0].rd < p[0].rd - 1);
}

TEST_CASE("glicko2 over a stream of months with idle players matches the paper's steps", "[glicko2]") {
  const stream s(29);
  const double tau = 0.6;
  std::vector<ref_player> expected(size_t(s.players));
  reference(expected, s.months, tau);
  auto fresh = [&] {
    const size_t n = size_t(s.players);
    return table({std::vector<double>(n, 1500), std::vector<double>(n, 350), std::vector<double>(n, 0.06)});
  };
  auto check = [&](const std::vector<std::vector<double>>& columns, size_t at, size_t i) {
    CHECK(columns[0][at] == Approx(expected[i].r).margin(1e-9));
    CHECK(columns[1][at] == Approx(expected[i].rd).margin(1e-9));
    CHECK(columns[2][at] == Approx(expected[i].sigma).margin(1e-9));
  };

  SECTION("all months in one call") {
    table t = fresh();
    glicko2 model = make(tau);
    rate(model, t, s.months);
    for (size_t i = 0; i < expected.size(); ++i) check(t.columns, i, i);
  }
  SECTION("a call per month") {
    table t = fresh();
    glicko2 model = make(tau);
    for (const period& month : s.months) rate(model, t, {month});
    for (size_t i = 0; i < expected.size(); ++i) check(t.columns, i, i);
  }
  SECTION("through the host, from a games file with month periods") {
    ratekit::testing::temp_dir dir;
    ratekit::testing::write_text(dir / "games.csv", s.csv());
    ratekit::testing::write_text(dir / "c.yaml", "competition: t\nmodel: glicko2\nparams: { tau: 0.6 }\n"
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n");
    const auto& plugins = ratekit::testing::builtin();
    const ratekit::run_result r = ratekit::rate(ratekit::load_config(dir / "c.yaml", plugins), plugins);
    int compared = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
      const int32_t id = r.data.players.find(stream::name(i));
      if (id < 0) continue;
      check(r.state.columns, size_t(id), i);
      ++compared;
    }
    CHECK(compared == s.players);
  }
}

TEST_CASE("glicko2 refuses a period before the one a player was last rated in", "[glicko2]") {
  glicko2 model = make(0.5);
  glicko_test::check_periods_backwards(model, {{1500, 1500, 1500}, {200, 200, 200}, {0.06, 0.06, 0.06}});
}

TEST_CASE("glicko2's example config writes 1464.05, 151.52 and 0.05999 to ratings.csv", "[glicko2]") {
  ratekit::testing::temp_dir dir;
  const auto result = ratekit::testing::run_cli("-q run " + ratekit::testing::source_path("configs/glicko2-example.yaml").string() +
                                                " --out " + (dir / "out").string());
  REQUIRE(result.status == 0);
  const std::string ratings = ratekit::testing::read_text(dir / "out" / "ratings.csv");
  CHECK_THAT(ratings, Catch::StartsWith("player,rating,rd,volatility,games,peak,last_played\n"));
  CHECK_THAT(ratings, Catch::Contains("\nPlayer,1464.050"));
  CHECK_THAT(ratings, Catch::Contains(",151.516"));
  CHECK_THAT(ratings, Catch::Contains(",0.059995"));
}

}  // namespace test_glicko2
