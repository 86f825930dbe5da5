// dwz against the Wertungsordnung des Deutschen Schachbundes (2013 and later):
// P(D) normal with sigma 200 sqrt 2 on whole differences (3.3.1), E (Anhang 1.2)
// with its limits, Rn = R0 + 800 (W - We) / (E + n) (3.5.2), the first DWZ by
// iteration (3.4), 700 + R / 8 below 800. Expected numbers were worked out by
// hand from the quoted formulas (docs/plugins/dwz.md), not read off the plugin.
#include "csv_value_support.hpp"
#include "period_support.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <dwz/dwz.hpp>
#include <ratekit/host/input/dataset.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_dwz {

using ratekit::plugins::dwz;
namespace rules = ratekit::plugins::dwz_rules;

namespace {
constexpr double youth = 5, junior = 10, senior = 15;

// Players with rating, rated and index columns; the games of one tournament.
struct tournament : ratekit::testing::one_period {
  explicit tournament(std::vector<double> ratings, std::vector<double> indexes = {})
      : model(ratekit::sdk::host(nullptr), ratekit::sdk::params(nullptr, 0)) {
    indexes.resize(ratings.size(), 0.0);
    std::vector<double> flags(ratings.size());
    for (size_t i = 0; i < ratings.size(); ++i) flags[i] = indexes[i] > 0 ? 1 : 0;
    columns = {std::move(ratings), std::move(flags), std::move(indexes)};
  }
  void play(int32_t a, int32_t b, double score_a, double j_a = senior, double j_b = senior) {
    rk_game& g = one_period::play(a, b, score_a);
    g.k_a = j_a, g.k_b = j_b;
  }
  // Rates the games so far as one tournament, played on `date` (yyyymmdd, 0: undated).
  void rate(int32_t date = 0) { one_period::rate(model, date); }
  void next_tournament() { games.clear(); }
  std::vector<double>& rating() { return columns[0]; }
  std::vector<double>& rated() { return columns[1]; }
  std::vector<double>& index() { return columns[2]; }
  const std::vector<double>& rating() const { return columns[0]; }
  const std::vector<double>& rated() const { return columns[1]; }
  const std::vector<double>& index() const { return columns[2]; }
  dwz model;
};

double coefficient(double r0, double j, bool won, double index) {
  return rules::development_coefficient({r0, j, won ? 1.0 : 0.0, won ? 0.0 : 1.0, index});
}
}  // namespace

TEST_CASE("dwz: P(D) is the normal distribution with sigma 200 sqrt 2 on whole differences", "[dwz]") {
  CHECK(rules::win_expectancy(0) == 0.5);
  CHECK(rules::win_expectancy(400) == Approx(0.9213503964748575).margin(1e-15));  // Phi(sqrt 2)
  CHECK(rules::win_expectancy(-400) == Approx(1 - 0.9213503964748575).margin(1e-15));
  // 3.3.1: the difference lies within +-282.8 points with 68.27% (one sigma).
  CHECK(rules::normal_expectancy(200 * std::sqrt(2.0)) - rules::normal_expectancy(-200 * std::sqrt(2.0)) ==
        Approx(0.682689492137).margin(1e-12));
  // Whole differences: 100.4 counts as 100, 100.5 as 101, on both sides.
  CHECK(rules::win_expectancy(100.4) == rules::win_expectancy(100));
  CHECK(rules::win_expectancy(100.5) == rules::win_expectancy(101));
  CHECK(rules::win_expectancy(-100.5) == rules::win_expectancy(-101));
  CHECK(rules::win_expectancy(101) > rules::win_expectancy(100));
}

TEST_CASE("dwz: E = E0 fB + SBr, rounded, within its limits (Anhang 1.2)", "[dwz]") {
  // E0 = 1.5^4 + 15 = 20.06: 20; the index limits it to 5 index up to index 5.
  CHECK(coefficient(1500, senior, false, 10) == 20);
  CHECK(coefficient(1500, senior, false, 3) == 15);
  CHECK(coefficient(1500, senior, false, 4) == 20);
  CHECK(coefficient(1900, senior, false, 5) == 25);  // 1.9^4 + 15 = 28.03
  CHECK(coefficient(1900, senior, false, 6) == 28);
  CHECK(coefficient(1900, senior, false, 0) == 5);  // a rating of another system counts as index 1
  CHECK(coefficient(2400, senior, false, 10) == 30);  // 48.18, at most 30
  // Age classes: J = 5, 10, 15; fB = R0 / 2000 only for a youth with W >= We.
  CHECK(coefficient(1600, junior, true, 10) == 17);  // 6.55 + 10
  CHECK(coefficient(1600, youth, true, 10) == 9);    // 11.55 * 0.8 = 9.24
  CHECK(coefficient(1600, youth, false, 10) == 12);  // 11.55, no acceleration
  CHECK(coefficient(2200, youth, true, 10) == 28);   // fB 1.1 held at 1: 28.43
  CHECK(coefficient(1400, youth, true, 10) == 6);    // 8.84 * 0.7 = 6.19
  CHECK(coefficient(1000, youth, true, 10) == 5);    // 6 * 0.5 = 3, at least 5
  CHECK(coefficient(800, youth, true, 10) == 5);     // fB 0.4 held at 0.5: 2.70, at least 5
  // SBr = e^((1300 - R0) / 150) - 1 below 1300 with W < We; then E may reach 150 whatever the index.
  CHECK(coefficient(1299, senior, false, 2) == 18);  // 17.85 + 0.0067
  CHECK(coefficient(1300, senior, false, 2) == 10);  // SBr 0: 5 index
  CHECK(coefficient(1299, senior, true, 2) == 10);   // W >= We: no SBr
  CHECK(coefficient(1000, senior, false, 1) == 22);  // 16 + e^2 - 1 = 22.39
  CHECK(coefficient(600, senior, false, 10) == 120);  // 15.13 + 105.34
  CHECK(coefficient(500, senior, false, 10) == 150);  // 221.19, at most 150
}

TEST_CASE("dwz: a first DWZ below 800 is 700 + R / 8", "[dwz]") {
  CHECK(rules::first_dwz(1000) == 1000);
  CHECK(rules::first_dwz(800) == 800);
  CHECK(rules::first_dwz(799) == 800);  // 799.875
  CHECK(rules::first_dwz(560) == 770);
  CHECK(rules::first_dwz(426.27) == 753);  // 753.28
}

TEST_CASE("dwz: an established player's follow-up DWZ, Rn = R0 + 800 (W - We) / (E + n)", "[dwz]") {
  tournament t({1500, 1400, 1500, 1600, 1700}, {10, 10, 10, 10, 10});
  t.play(0, 1, 1);
  t.play(0, 2, 1);
  t.play(0, 3, 1);
  t.play(0, 4, 0);
  t.rate();
  // We = P(100) + P(0) + P(-100) + P(-200) = 1.73975, E = 20: 1500 + 800 * 1.26025 / 24 = 1542.008.
  CHECK(t.rating()[0] == 1542);
  CHECK(t.index()[0] == 11);
  CHECK(t.deltas(0) == Approx(42).margin(1e-9));
  CHECK(t.out[0].expected_a == Approx(rules::normal_expectancy(100)).margin(1e-15));
  CHECK(t.out[1].delta_a == Approx(800 * (1 - rules::normal_expectancy(0)) / 24).margin(1e-12));
  // The 1700 lost nothing against 1500: E 1.7^4 + 15 = 23.35: 23, n = 1.
  CHECK(t.rating()[4] == std::round(1700 + 800 * (1 - rules::normal_expectancy(200)) / 24));
}

TEST_CASE("dwz: a first DWZ needs 5 rated opponents and neither 0% nor 100%", "[dwz]") {
  const auto newcomer = [](int opponents, double points) {
    std::vector<double> ratings{1000};
    for (int i = 0; i < opponents; ++i) ratings.push_back(1300 + 100 * i);
    tournament t(ratings, std::vector<double>(ratings.size(), 10.0));
    t.index()[0] = 0, t.rated()[0] = 0;
    for (int i = 0; i < opponents; ++i) t.play(0, i + 1, i < points ? (points - i >= 1 ? 1.0 : 0.5) : 0.0);
    t.rate();
    return t;
  };
  // 1300 to 1700, 3 points: the R with sum P(R - Ri) = 3 is 1580.74.
  const tournament five = newcomer(5, 3);
  CHECK(five.rating()[0] == 1581);
  CHECK(five.rated()[0] == 1);
  CHECK(five.index()[0] == 1);
  CHECK(five.deltas(0) == Approx(581).margin(1e-9));
  const tournament four = newcomer(4, 3);
  CHECK(four.rated()[0] == 0);
  CHECK(four.rating()[0] == 1000);
  CHECK(four.deltas(0) == 0);
  CHECK(four.rating()[1] == 1300);  // nobody's DWZ moves for a game against him
  CHECK(newcomer(5, 0).rated()[0] == 0);
  CHECK(newcomer(5, 5).rated()[0] == 0);
  CHECK(newcomer(5, 0.5).rated()[0] == 1);
  CHECK(newcomer(5, 4.5).rated()[0] == 1);
}

TEST_CASE("dwz: new players who meet each other are rated by one iteration over all of them", "[dwz]") {
  // A (no DWZ) meets five 1500s and scores 3.5; B (no DWZ) meets A five times and
  // scores 2: A is of the first stage, B of the second. Their ratings solve
  // sum P(Ra - Ropp) = 3.5 + (5 - 2) over A's ten games and sum P(Rb - Ra) = 2 at once.
  tournament t({1000, 1000, 1500, 1500, 1500, 1500, 1500}, {0, 0, 10, 10, 10, 10, 10});
  const double a_scores[] = {1, 1, 1, 0.5, 0};
  for (int i = 0; i < 5; ++i) t.play(0, i + 2, a_scores[i]);
  for (int i = 0; i < 5; ++i) t.play(1, 0, i < 2 ? 1.0 : 0.0);
  t.rate();
  // Worked out by bisection on each equation, alternating until both hold: Ra = 1648.32, Rb = 1576.67.
  CHECK(t.rating()[0] == 1648);
  CHECK(t.rating()[1] == 1577);
  CHECK(t.rated()[1] == 1);
  // An established player's We counts A at his first DWZ, 1648.
  const double e = rules::development_coefficient({1500, senior, 0, 1, 10});
  CHECK(t.rating()[2] == std::round(1500 + 800 * (0 - rules::win_expectancy(1500 - 1648)) / (e + 1)));
}

TEST_CASE("dwz: a performance more than 300 above a player's DWZ is what his opponents count him with", "[dwz]") {
  // X scores 4.5 of 5 against five 1500s: his performance Rh solves 5 P(Rh - 1500) = 4.5,
  // 1862.48, a whole 1862. The 1500 he beat expects against 1862 when that is more than 300
  // above X's DWZ (1561: 301), against X's DWZ otherwise (1562: 300).
  const auto beaten = [](double x) {
    tournament t({x, 1500, 1500, 1500, 1500, 1500}, {10, 10, 10, 10, 10, 10});
    for (int32_t i = 1; i <= 5; ++i) t.play(0, i, i == 5 ? 0.5 : 1.0);
    t.rate();
    return t.rating()[1];
  };
  const double e = 20, n = 1;  // the 1500's E (1.5^4 + 15) and his one game
  CHECK(beaten(1561) == std::round(1500 + 800 * (0 - rules::win_expectancy(1500 - 1862)) / (e + n)));
  CHECK(beaten(1561) == 1496);
  CHECK(beaten(1200) == 1496);
  CHECK(beaten(1562) == std::round(1500 + 800 * (0 - rules::win_expectancy(1500 - 1562)) / (e + n)));
  CHECK(beaten(1562) == 1484);
}

TEST_CASE("dwz: the iteration of the new players runs again with the exceptional players' performances", "[dwz]") {
  // X (1200) scores 4.5 against five 1500s and beats N; N (no DWZ) scores 2.5 against the
  // 1500s. First pass: N solves 5 P(R - 1500) + P(R - 1200) = 2.5: 1391. X's performance
  // against the 1500s and N at 1391 (5.5 of 6) is 1876.78, a whole 1877, over 300 above 1200;
  // again with X at 1877, N's first DWZ solves 5 P(R - 1500) + P(R - 1877) = 2.5: 1488.01.
  tournament t({1200, 1500, 1500, 1500, 1500, 1500, 1000}, {10, 10, 10, 10, 10, 10, 0});
  const double n_scores[] = {1, 1, 0.5, 0, 0};
  for (int32_t i = 1; i <= 5; ++i) {
    t.play(0, i, i == 5 ? 0.5 : 1.0);
    t.play(6, i, n_scores[i - 1]);
  }
  t.play(0, 6, 1);
  t.rate();
  CHECK(t.rating()[6] == 1488);
}

TEST_CASE("dwz: games of a player left without a first DWZ count in his next evaluation for two years", "[dwz]") {
  // Tournament one: N scores 1.5 against 1400, 1500 and 1600, too few for a first DWZ; he keeps
  // the games. Tournament two: 1 point against 1450 and 1550. With the kept games he has 5
  // opponents and 2.5 points against ratings around 1500, symmetric: his first DWZ is 1500.
  const auto second_tournament = [](int32_t first_day, int32_t second_day) {
    tournament t({1000, 1400, 1500, 1600, 1450, 1550}, {0, 10, 10, 10, 10, 10});
    t.play(0, 1, 1);
    t.play(0, 2, 0.5);
    t.play(0, 3, 0);
    t.rate(first_day);
    REQUIRE(t.rated()[0] == 0);
    t.next_tournament();
    t.play(0, 4, 0.5);
    t.play(0, 5, 0.5);
    t.rate(second_day);
    return t;
  };
  const tournament kept = second_tournament(20220310, 20240310);  // two years to the day: kept
  CHECK(kept.rated()[0] == 1);
  CHECK(kept.rating()[0] == 1500);
  CHECK(kept.deltas(0) == Approx(500).margin(1e-9));  // his change shows on this tournament's games
  const tournament dropped = second_tournament(20220310, 20240311);
  CHECK(dropped.rated()[0] == 0);
  CHECK(second_tournament(0, 0).rated()[0] == 1);  // undated games are kept
}

TEST_CASE("ratekit expect dwz: P(D) of the whole difference", "[dwz][cli]") {
  CHECK(ratekit::testing::run_cli("expect dwz 1600 1500").out == "0.63816\n");  // Phi(100 / 282.84)
  CHECK(ratekit::testing::run_cli("expect dwz 1500 1600").out == "0.36184\n");
}

TEST_CASE("dwz refuses a K that is no age class", "[dwz]") {
  tournament t({1500, 1500}, {10, 10});
  t.play(0, 1, 1, 20, senior);
  CHECK_THROWS_WITH(t.rate(), Catch::Contains("age class J: 5 (up to 20 years)"));
}

namespace {
// configs/dwz-example.yaml's final ratings.csv.
constexpr const char* example_ratings =
    "player,rating,rated,index,games,peak,birth_year\n"
    "Emil,1888,1,32,10,1900,1999\n"
    "Anna,1648,1,14,10,1650,1980\n"
    "Ben,1530,1,5,10,1530,2004\n"
    "Greta,1524,1,2,10,1524,2012\n"
    "Clara,1506,1,10,10,1510,2003\n"
    "Frida,1304,1,7,10,1304,1998\n"
    "Hans,1287,1,2,10,1289,1990\n"
    "Dieter,1137,1,22,10,1180,1960\n";
}  // namespace

// configs/dwz-example.yaml: two tournaments of a club list (data/dwz/). The final
// list was worked out apart from the plugin, by a second reading of the rules
// (a short script over the same files: selection, iteration, E, Rn), to the point.
TEST_CASE("dwz rates configs/dwz-example.yaml: first DWZ, age classes from birth years, indexes", "[dwz][cli]") {
  using ratekit::testing::read_text;
  const ratekit::testing::temp_dir tmp;
  const auto r = ratekit::testing::run_cli("-q run " + ratekit::testing::source_path("configs/dwz-example.yaml").string() +
                                           " --out '" + tmp.path().string() + "'");
  REQUIRE(r.status == 0);
  CHECK(read_text(tmp / "ratings.csv") == example_ratings);
  CHECK_THAT(read_text(tmp / "summary.json"), Catch::Contains("\"foresight\""));  // metrics
  CHECK(std::filesystem::exists(tmp / "chart.svg"));
  // J is each game's K: 20 years in 2024 is a youth (Ben, 2004), 21 a junior (Clara, 2003),
  // 25 a junior (Emil, 1999), 26 over 25 (Frida, 1998).
  std::map<std::string, std::set<std::string>> classes;  // player: the K (J) of his games
  std::istringstream history(read_text(tmp / "history.csv"));
  for (std::string line; std::getline(history, line);) {
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    if (fields.size() > 6 && fields[0] != "period") classes[fields[2]].insert(fields[6]);
  }
  using names = std::set<std::string>;
  CHECK(classes["Ben"] == names{"5"});
  CHECK(classes["Clara"] == names{"10"});
  CHECK(classes["Emil"] == names{"10"});
  CHECK(classes["Frida"] == names{"15"});
  CHECK(classes["Greta"] == names{"5"});
}

TEST_CASE("dwz continues from its history database: rated and index travel with the DWZ", "[dwz][cli]") {
  using ratekit::testing::read_text;
  using ratekit::testing::write_text;
  const ratekit::testing::temp_dir tmp;
  // The example's two tournaments, one run each, the second from the database the first wrote.
  std::istringstream all(read_text(ratekit::testing::source_path("data/dwz/example-tournaments.csv")));
  std::string header, line, club, autumn;
  std::getline(all, header);
  while (std::getline(all, line)) (line.find(",Club championship 2024") != std::string::npos ? club : autumn) += line + "\n";
  write_text(tmp / "club.csv", header + "\n" + club);
  write_text(tmp / "autumn.csv", header + "\n" + autumn);
  const std::string common = "competition: club\nmodel: dwz\nperiod: event\noutput: { database: ratings.db }\n"
                             "k_schedule: [ { when: { age_le: 20 }, k: 5 }, { when: { age_le: 25 }, k: 10 }, { k: 15 } ]\n";
  write_text(tmp / "club.yaml", common + "initial: { ratings: '" +
                                    ratekit::testing::source_path("data/dwz/example-list.csv").string() +
                                    "' }\ninput: { format: games-csv, path: club.csv }\n");
  write_text(tmp / "autumn.yaml", common + "initial: { database: ratings.db }\ninput: { format: games-csv, path: autumn.csv }\n");
  const std::string out = " --out '" + tmp.path().string() + "/out";
  REQUIRE(ratekit::testing::run_cli("-q run '" + (tmp / "club.yaml").string() + "'" + out + "1'").status == 0);
  REQUIRE(ratekit::testing::run_cli("-q run '" + (tmp / "autumn.yaml").string() + "'" + out + "2'").status == 0);
  CHECK(read_text(tmp / "out2/ratings.csv") == example_ratings);
  const auto greta = ratekit::testing::run_cli("history '" + (tmp / "ratings.db").string() + "' Greta");
  CHECK_THAT(greta.out, Catch::Contains("Club championship 2024") && Catch::Contains("1517"));
  // predict from the database: Emil (1888) against Dieter (1137), P(751) = Phi(751 / (200 sqrt 2)).
  write_text(tmp / "next.csv", "player_a,player_b\nEmil,Dieter\n");
  const auto next = ratekit::testing::run_cli("-q predict --database '" + (tmp / "ratings.db").string() +
                                              "' --competition club '" + (tmp / "next.csv").string() + "'");
  REQUIRE(next.status == 0);
  const double p = std::erfc(-751.0 / 400) / 2;
  REQUIRE(p > 0.99);
  CHECK(ratekit::testing::first_row_number(next.out, "expected_a") == Approx(p).margin(1e-12));
}

TEST_CASE("dwz reads the age class from a TRF's birth dates", "[dwz][cli][trf]") {
  using ratekit::testing::read_text;
  using ratekit::testing::trf_player;
  const ratekit::testing::temp_dir tmp;
  // In 2024 Ann (born 2004) is 20, a youth, and Bob (born 2003) 21, a junior. Their TRF ratings
  // count as DWZ of index 0, so E is held at 5 (index 1): 1600 + 800 (1 - 0.5) / 6 = 1666.67.
  ratekit::testing::write_text(tmp / "t.trf", ratekit::testing::trf_tournament(
                                                  "Club", "2024/03/01",
                                                  trf_player(1, "Ann", 1600, "2004/06/01", {{2, 'w', '1'}}) +
                                                      trf_player(2, "Bob", 1600, "2003/01/01", {{1, 'b', '0'}})));
  ratekit::testing::write_text(tmp / "c.yaml", "competition: t\nmodel: dwz\nperiod: event\ninput: { format: trf, path: t.trf }\n"
                                               "k_schedule: [ { when: { age_le: 20 }, k: 5 }, { when: { age_le: 25 }, k: 10 }, { k: 15 } ]\n"
                                               "output: { history: true }\n");
  REQUIRE(ratekit::testing::run_cli("-q run '" + (tmp / "c.yaml").string() + "' --out '" + (tmp / "out").string() + "'").status == 0);
  const std::string history = read_text(tmp / "out/history.csv");
  CHECK_THAT(history, Catch::Contains(",Ann,Bob,0.5,1,5,"));
  CHECK_THAT(history, Catch::Contains(",Bob,Ann,0.5,0,10,"));
  CHECK_THAT(read_text(tmp / "out/ratings.csv"), Catch::Contains("Ann,1667,1,1,") && Catch::Contains("Bob,1533,1,1,"));
}

}  // namespace test_dwz
