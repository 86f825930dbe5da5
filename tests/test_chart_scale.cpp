// The chart's y axis fitted to the ratings and their bands on any model's scale:
// TrueSkill Through Time's 0..3 as Elo's 1500s, its ends on the ticks' own step.
#include <ratekit/host/output/reports/chart.hpp>

#include <catch2/catch.hpp>

#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chart_scale {

using namespace ratekit;

namespace {

bool has_y_label(const std::string& svg, const std::string& label) {
  return svg.find("text-anchor=\"end\">" + label + "</text>") != std::string::npos;
}

}  // namespace

TEST_CASE("chart: a small-scale model's curves and bands fill the y axis", "[chart]") {
  // ttt-like: 0.5 then 2.5, sigma 0.3, so the bands run -0.1..3.1 (once widened to -10..10).
  const rating_series s{"A", {{20240101, 0.5, 0.3}, {20240201, 2.5, 0.3}}};
  CHECK(fitted_range({s}) == std::pair{-1.0, 4.0});  // padded by 0.16, steps of 1
  const std::string svg = render_chart_svg({s});
  for (const char* label : {"-1", "0", "1", "2", "3", "4"}) CHECK(has_y_label(svg, label));
  CHECK_FALSE(has_y_label(svg, "-10"));
  CHECK_FALSE(has_y_label(svg, "5"));
}

TEST_CASE("chart: a flat line is drawn on 1% of its scale, at least 1", "[chart]") {
  CHECK(fitted_range({{"E", {{20240101, 1500}, {20240201, 1500}}}}) == std::pair{1490.0, 1510.0});  // 1492.5..1507.5
  const auto [lo, hi] = fitted_range({{"Z", {{20240101, 0}, {20240201, 0}}}});                       // -0.5..0.5
  CHECK(lo == Approx(-0.6));
  CHECK(hi == Approx(0.6));
}

TEST_CASE("chart: the y axis ends on ticks of its own step, so every tick is a round number", "[chart]") {
  // -0.5..10.4 padded rounds to -2..12 on steps of 2, but 14 is drawn in steps of 5: -2, 3, 8 before.
  const rating_series s{"B", {{20240101, -0.5}, {20240201, 10.4}}};
  CHECK(fitted_range({s}) == std::pair{-5.0, 15.0});
  const std::string svg = render_chart_svg({s});
  for (const char* label : {"-5", "0", "5", "10", "15"}) CHECK(has_y_label(svg, label));
  CHECK_FALSE(has_y_label(svg, "3"));
  // Elo's scale as before: 800..2200 padded by 70, steps of 500.
  CHECK(fitted_range({{"C", {{20240101, 800}, {20240201, 2200}}}}) == std::pair{500.0, 2500.0});
}

}  // namespace test_chart_scale
