// The band of a whole-history model's skill between two of a player's estimates (bridge_deviation): checked
// against the posterior of a Gaussian chain inverted densely, and drawn in chart.svg as the closed form says.
#include <ratekit/host/output/reports/chart.hpp>

#include "output/reports/chart_axis.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chart_bridge {

using namespace ratekit;

namespace {

using matrix = std::array<std::array<double, 3>, 3>;

// The inverse of a symmetric positive definite 3 x 3 matrix, by cofactors.
matrix inverse(const matrix& m) {
  matrix c{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int r0 = (i + 1) % 3, r1 = (i + 2) % 3, c0 = (j + 1) % 3, c1 = (j + 2) % 3;
      c[j][i] = m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];
    }
  const double det = m[0][0] * c[0][0] + m[0][1] * c[1][0] + m[0][2] * c[2][0];
  for (auto& row : c)
    for (double& v : row) v /= det;
  return c;
}

// The closed form the band is drawn from: a Wiener bridge of variance v between estimates of deviations s1 and
// s2 whose covariance c solves c^2 + v c = s1^2 s2^2 (see host/src/output/reports/bridge.cpp).
double closed_form(double s1, double s2, double v, double at) {
  const double c = (std::sqrt(v * v + 4 * s1 * s1 * s2 * s2) - v) / 2;
  return std::sqrt((1 - at) * (1 - at) * s1 * s1 + at * at * s2 * s2 + 2 * at * (1 - at) * c + v * at * (1 - at));
}

}  // namespace

TEST_CASE("bridge: the skill between two estimates has the deviation of the chain's posterior there",
          "[chart][bridge]") {
  // A player's skill at t1, t and t2, a random walk of variance v between t1 and t2 (v at before t, v (1 - at)
  // after), his games at t1 and t2 a Gaussian factor of precision a and b, nothing observed at t: the posterior's
  // precision matrix, inverted densely, gives the deviations at t1 and t2 that the band is drawn from and the
  // one at t that it must show.
  for (const auto [a, b, v, at] : {std::array{1.0, 1.0, 1.0, 0.5}, std::array{4.0, 0.25, 3.0, 0.3},
                                   std::array{0.01, 9.0, 0.05, 0.9}, std::array{2.0, 2.0, 100.0, 0.5}}) {
    const double l1 = 1 / (v * at), l2 = 1 / (v * (1 - at));
    const matrix sigma = inverse({{{a + l1, -l1, 0}, {-l1, l1 + l2, -l2}, {0, -l2, b + l2}}});
    const double s1 = std::sqrt(sigma[0][0]), s2 = std::sqrt(sigma[2][2]), between = std::sqrt(sigma[1][1]);
    INFO("a " << a << " b " << b << " v " << v << " at " << at);
    CHECK(std::abs(bridge_deviation(s1, s2, v, at) - between) < 1e-12 * between);
    // Neither the ends' deviations interpolated nor the bridge without the ends' correlation.
    CHECK(std::abs((1 - at) * s1 + at * s2 - between) > 1e-3 * between);
  }
  // At the ends, the estimates' own deviations; no drift, the deviations interpolated (one skill throughout).
  CHECK(bridge_deviation(2, 3, 5, 0) == Approx(2).epsilon(1e-15));
  CHECK(bridge_deviation(2, 3, 5, 1) == Approx(3).epsilon(1e-15));
  CHECK(bridge_deviation(2, 3, 0, 0.25) == Approx(2.25).epsilon(1e-15));
}

TEST_CASE("bridge: chart.svg's band between two estimates follows the Wiener bridge, not steps", "[chart][bridge]") {
  // Two estimates 60 days apart, the skill drifting by 0.2 a day: 12 between them.
  rating_series s{"Ann", {{20240101, 0, 1, 20240101, 1}, {20240101, 0, 1, 20240101, 1}, {20240301, 2, 1.5, 20240301, 2}}};
  s.points[2].drift = 12;
  const double x1 = chart_axis::days(20240101) + 1, x2 = chart_axis::days(20240301) + 1;
  const std::string svg = render_chart_svg(
      {s}, {.title = "", .legend = false, .x_range = std::pair{x1 - 1, x2}, .y_range = std::pair{-10.0, 10.0}});
  // The plot of a 960 x 600 chart without title and legend: x from 80 to 946, y from 14 (10) to 550 (-10).
  const auto px = [&](double x) { return 80 + 866 * (x - (x1 - 1)) / (x2 - (x1 - 1)); };
  const auto py = [](double y) { return 550 - 536 * (y + 10) / 20; };
  const size_t at = svg.find("<polygon class=\"band\"");
  REQUIRE(at != std::string::npos);
  const size_t from = svg.find("points=\"", at) + 8;
  std::istringstream points(svg.substr(from, svg.find('"', from) - from));
  std::vector<std::pair<double, double>> vertices;
  for (std::string pair; points >> pair;)
    vertices.emplace_back(std::stod(pair.substr(0, pair.find(','))), std::stod(pair.substr(pair.find(',') + 1)));
  // The upper edge left to right, then the lower edge back: each vertex strictly between the two estimates is
  // the bridge's mean (the line between them) +- 2 deviations, to the 0.05 px the file rounds to.
  REQUIRE(vertices.size() % 2 == 0);
  const size_t half = vertices.size() / 2;
  size_t inside = 0;
  for (size_t i = 0; i < half; ++i) {
    const auto [x, upper] = vertices[i];
    const double lower = vertices[vertices.size() - 1 - i].second;
    CHECK(vertices[vertices.size() - 1 - i].first == x);
    if (x <= px(x1) + 0.1 || x >= px(x2) - 0.1) continue;
    ++inside;
    const double f = (x - px(x1)) / (px(x2) - px(x1)), sd = closed_form(1, 1.5, 12, f), mean = 2 * f;
    INFO("at " << f);
    CHECK(std::abs(upper - py(mean + 2 * sd)) < 0.1);
    CHECK(std::abs(lower - py(mean - 2 * sd)) < 0.1);
  }
  CHECK(inside > 50);  // a vertex every few pixels (at most 64 to a gap)
  // Half-way the band is wider than at either end (the drift): 4 deviations of 1.976 against 1.5, 51 px more.
  double widest = 0;
  for (size_t i = 0; i < half; ++i) widest = std::max(widest, vertices[vertices.size() - 1 - i].second - vertices[i].second);
  CHECK(widest > 4 * 1.5 * 26.8 + 45);
  CHECK(widest < 4 * 1.5 * 26.8 + 55);
  // The line runs straight from one estimate to the next: nothing dashed, no step.
  CHECK(svg.find("stroke-dasharray") == std::string::npos);
}

}  // namespace test_chart_bridge
