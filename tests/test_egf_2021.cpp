// egf-2021 against the EGF's GoR rules in force since 2021 (EGD, "EGF Official ratings system"):
// r' = r + con (Sa - Se) + bonus, Se = 1 / (1 + e^(beta(r2) - beta(r1))), beta = -7 ln(3300 - r),
// con = ((3300 - r) / 200)^1.6, bonus = ln(1 + e^((2300 - r) / 80)) / 5, floor -900.
#include "csv_value_support.hpp"
#include "model_pool.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <egf-2021/egf_2021.hpp>

#include <cmath>
#include <filesystem>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_egf_2021 {

using ratekit::plugins::egf2021_bonus;
using ratekit::plugins::egf2021_con;
using ratekit::plugins::egf2021_se;
using ratekit::plugins::egf_2021;
using pool = model_pool<egf_2021>;

namespace {
// The class parameter's index: A 0 (weight 1), B 1, C 2 (0.5), D 3.
constexpr double class_a = 0, class_c = 2;
}  // namespace

TEST_CASE("egf-2021: con, bonus and Se as the EGF publishes them", "[egf-2021]") {
  CHECK(egf2021_con(3100) == Approx(1.0).margin(1e-15));            // (200 / 200)^1.6
  CHECK(egf2021_con(1700) == Approx(std::pow(2.0, 4.8)).margin(1e-12));  // 8^1.6 = 27.86
  CHECK(egf2021_bonus(2300) == Approx(std::log(2.0) / 5).margin(1e-15));  // ln(1 + e^0) / 5
  CHECK(egf2021_bonus(3100) == Approx(std::log1p(std::exp(-10.0)) / 5).margin(1e-18));  // fades above 2300
  CHECK(egf2021_se(2100, 2100) == 0.5);
  // beta(2300) - beta(2100) = 7 ln(1200 / 1000): Se = 1 / (1 + 1.2^7).
  CHECK(egf2021_se(2100, 2300) == Approx(1.0 / (1.0 + std::pow(1.2, 7))).margin(1e-15));
  CHECK(egf2021_se(2300, 2100) == Approx(1.0 - 1.0 / (1.0 + std::pow(1.2, 7))).margin(1e-15));
}

TEST_CASE("egf-2021 reproduces skillratings' documented game: 950 beats 1200, 989 and 1173", "[egf-2021]") {
  pool p({950, 1200}, {class_a});
  p.play(0, 1, 1.0);
  p.rate();
  CHECK(std::round(p.rating[0]) == 989.0);
  CHECK(std::round(p.rating[1]) == 1173.0);
  // Each side gains its own bonus: the changes do not cancel.
  const double se = 1.0 / (1.0 + std::pow(2350.0 / 2100.0, 7));
  CHECK(p.rating[0] - 950 == Approx(std::pow(11.75, 1.6) * (1 - se) + std::log1p(std::exp(16.875)) / 5).margin(1e-9));
  CHECK(p.rating[1] - 1200 == Approx(std::pow(10.5, 1.6) * (se - 1) + std::log1p(std::exp(13.75)) / 5).margin(1e-9));
}

TEST_CASE("egf-2021 rates a tournament on the ratings from before it, weighted by its class", "[egf-2021]") {
  pool a({2100, 2100, 2300}, {class_a});
  a.play(0, 1, 1.0);
  a.play(0, 2, 0.0);
  a.rate();
  const double con = std::pow(6.0, 1.6), bonus = std::log1p(std::exp(2.5)) / 5;
  const double se_2300 = 1.0 / (1.0 + std::pow(1.2, 7));
  const double change = con * ((1 - 0.5) + (0 - se_2300)) + 2 * bonus;  // both games on 2100
  CHECK(a.rating[0] - 2100 == Approx(change).margin(1e-9));
  pool c({2100, 2100, 2300}, {class_c});
  c.play(0, 1, 1.0);
  c.play(0, 2, 0.0);
  c.rate();
  CHECK(c.rating[0] - 2100 == Approx(change / 2).margin(1e-9));
  CHECK(c.out[1].delta_a == Approx(a.out[1].delta_a / 2).margin(1e-12));
}

TEST_CASE("egf-2021 resets a rating below -900 to -900, and only then", "[egf-2021]") {
  // Both at -900 (con 21^1.6 = 130.5, bonus 8): the loser drops 57 below the floor and is reset;
  // at -800 the loser drops 55 and keeps it.
  pool low({-900, -900, -800, -800}, {class_a});
  low.play(0, 1, 0.0);
  low.play(2, 3, 0.0);
  low.rate();
  CHECK(low.rating[0] == -900.0);
  const double drop = std::pow(20.5, 1.6) * -0.5 + std::log1p(std::exp(3100.0 / 80)) / 5;
  CHECK(low.rating[2] == Approx(-800 + drop).margin(1e-9));
  CHECK(low.rating[2] > -900.0);
  CHECK(low.rating[1] == Approx(-900 + std::pow(21.0, 1.6) * 0.5 + std::log1p(std::exp(40.0)) / 5).margin(1e-9));
}

TEST_CASE("egf-2021: a player receiving h stones counts 100 (h - 0.5) points stronger", "[egf-2021]") {
  pool p({2000, 2050, 2000, 2150}, {class_a});
  p.play(0, 1, 1.0, 0, 0, 1);   // one stone: 2000 plays as 2050, an even chance
  p.play(3, 2, 0.0, 0, 0, -2);  // B receives two: 2000 plays as 2150
  p.rate();
  CHECK(p.out[0].expected_a == Approx(0.5).margin(1e-15));
  CHECK(p.out[1].expected_a == Approx(0.5).margin(1e-15));
  CHECK(p.rating[0] - 2000 == Approx(std::pow(6.5, 1.6) * 0.5 + egf2021_bonus(2000)).margin(1e-9));
}

TEST_CASE("egf-2021 refuses a handicap over 9 stones and a rating at the scale's pole", "[egf-2021]") {
  pool p({2000, 2000}, {class_a});
  p.play(0, 1, 1.0, 0, 0, 10);
  CHECK_THROWS_WITH(p.rate(), Catch::Contains("from -9 to 9"));
  pool top({3300, 2000}, {class_a});
  top.play(0, 1, 1.0);
  CHECK_THROWS_WITH(top.rate(), Catch::Contains("below 3300"));
  CHECK(top.rating[1] == 2000.0);
}

TEST_CASE("egf-2021's handicap and the scale's pole, each on both sides of its limit", "[egf-2021]") {
  // From 1 stone a handicap shifts its receiver by 100 (h - 0.5); no stone shifts nobody.
  pool even({2000, 2000, 2000, 2000}, {class_a});
  even.play(0, 1, 1.0, 0, 0, 0);
  even.play(2, 3, 1.0, 0, 0, 1);
  even.rate();
  CHECK(even.out[0].expected_a == 0.5);
  CHECK(even.out[1].expected_a == Approx(egf2021_se(2050, 2000)).margin(1e-15));
  CHECK(even.out[1].expected_a > 0.5);
  // 9 stones either way are rated (the receiver at 850 points more), 10 and a half stone refused.
  for (const double stones : {9.0, -9.0}) {
    pool nine({1000, 1000}, {class_a});
    nine.play(0, 1, 0.5, 0, 0, stones);
    nine.rate();
    const double receiver = 1850, giver = 1000;
    CHECK(nine.out[0].expected_a == Approx(stones > 0 ? egf2021_se(receiver, giver) : egf2021_se(giver, receiver))
                                        .margin(1e-15));
  }
  for (const double stones : {10.0, -10.0, 1.5}) {
    INFO(stones << " stones");
    pool refused({1000, 1000}, {class_a});
    refused.play(0, 1, 0.5, 0, 0, stones);
    CHECK_THROWS_WITH(refused.rate(), Catch::Contains("whole number of stones from -9 to 9"));
    CHECK(refused.rating[0] == 1000.0);
  }
  // Just below 3300, with or without the handicap's points, is rated; at 3300 refused.
  pool below({3299, 3000, 3249, 3000}, {class_a});
  below.play(0, 1, 1.0);
  below.play(2, 3, 1.0, 0, 0, 1);  // 3249 receiving 1 stone plays as 3299
  below.rate();
  CHECK(below.out[0].expected_a == Approx(egf2021_se(3299, 3000)).margin(1e-15));
  CHECK(below.out[1].expected_a == Approx(egf2021_se(3299, 3000)).margin(1e-15));
  pool at({3250, 3000}, {class_a});
  at.play(0, 1, 1.0, 0, 0, 1);  // 3250 receiving 1 stone plays as 3300
  CHECK_THROWS_WITH(at.rate(), Catch::Contains("below 3300"));
  CHECK(at.rating[0] == 3250.0);
}

TEST_CASE("egf-2021 rates configs/egf-2021.yaml's EGD tournament, with its report columns", "[egf-2021][cli]") {
  const ratekit::testing::temp_dir tmp;
  const auto r = ratekit::testing::run_cli("-q run " + ratekit::testing::source_path("configs/egf-2021.yaml").string() +
                                           " --out '" + tmp.path().string() + "'");
  REQUIRE(r.status == 0);
  CHECK_THAT(ratekit::testing::read_text(tmp / "history.csv"), Catch::Contains(",Author,Monique,"));
  const std::string report = ratekit::testing::read_text(tmp / "report.csv");
  CHECK_THAT(report, Catch::Contains("con_a") && Catch::Contains("bonus_b"));
}


TEST_CASE("egf-2021 through the history database, predict and a chart", "[egf-2021][cli]") {
  using ratekit::testing::run_cli;
  const ratekit::testing::temp_dir tmp;
  const std::string dir = tmp.path().string();
  ratekit::testing::write_text(tmp / "c.yaml", "competition: c\nmodel: egf-2021\nparams: { class: A }\nperiod: event\n"
                                               "input: { format: games-csv, path: g.csv }\noutput: { database: r.db }\n");
  ratekit::testing::write_text(tmp / "g.csv", "date,period,player_a,player_b,score_a\n2024-05-04,Cup,Ann,Bo,1\n");
  ratekit::testing::write_text(tmp / "new.csv", "player_a,player_b\nAnn,Bo\n");
  REQUIRE(run_cli("-q run '" + dir + "/c.yaml' --out '" + dir + "/out'").status == 0);
  CHECK_THAT(run_cli("history '" + dir + "/r.db' Ann").out, Catch::Contains("Cup"));
  // Both new at 100 (20 kyu), Se 0.5: con(100) = 16^1.6 and bonus(100) = ln(1 + e^27.5) / 5 each,
  // worked out here from the EGF's formulas; Ann then expects Se on beta = -7 ln(3300 - r).
  const double con = std::pow(16.0, 1.6), bonus = std::log1p(std::exp(27.5)) / 5;
  const double ann = 100 + con / 2 + bonus, bo = 100 - con / 2 + bonus;
  const double se = 1 / (1 + std::exp(7 * std::log(3300 - ann) - 7 * std::log(3300 - bo)));
  REQUIRE((se > 0.54 && se < 0.55));  // Ann, 84 points above Bo
  const auto from_config = run_cli("-q predict '" + dir + "/c.yaml' '" + dir + "/new.csv'");
  REQUIRE(from_config.status == 0);
  CHECK(ratekit::testing::first_row_number(from_config.out, "rating_a") == Approx(ann).margin(1e-9));
  CHECK(ratekit::testing::first_row_number(from_config.out, "rating_b") == Approx(bo).margin(1e-9));
  CHECK(ratekit::testing::first_row_number(from_config.out, "expected_a") == Approx(se).margin(1e-12));
  const auto from_database = run_cli("-q predict --database '" + dir + "/r.db' --competition c '" + dir + "/new.csv'");
  CHECK(from_database.out == from_config.out);
  const auto chart = run_cli("chart '" + dir + "/out' --player Ann");
  REQUIRE(chart.status == 0);
  CHECK(std::filesystem::exists(tmp / "out" / "chart.svg"));
}

}  // namespace test_egf_2021
