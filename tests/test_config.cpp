// Competition configs: every section, and every mistake reported with its place.
#include "test_config_common.hpp"

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_config {

TEST_CASE("diagnostic::str omits unknown parts", "[config]") {
  CHECK(ratekit::diagnostic{"a.yaml", 3, 7, "bad"}.str() == "a.yaml:3:7: bad");
  CHECK(ratekit::diagnostic{"a.yaml", 3, 0, "bad"}.str() == "a.yaml:3: bad");
  CHECK(ratekit::diagnostic{"a.yaml", 0, 0, "bad"}.str() == "a.yaml: bad");
  CHECK(ratekit::diagnostic{"", 0, 0, "bad"}.str() == "bad");
  const user_error e({{"a.yaml", 1, 2, "one"}, {"b.yaml", 0, 0, "two"}});
  CHECK(std::string(e.what()) == "a.yaml:1:2: one\nb.yaml: two");
  CHECK(std::string(user_error("f", 4, 0, "x").what()) == "f:4: x");
}

TEST_CASE("did_you_mean suggests only near misses, best first", "[config]") {
  using ratekit::did_you_mean;
  CHECK(did_you_mean("k_shedule", {"competition", "k_schedule", "model"}) == "k_schedule");
  CHECK(did_you_mean("xl", {"cap", "xi"}) == "xi");
  CHECK(did_you_mean("modle", {"model", "models"}) == "model");  // a transposition costs 1
  CHECK(did_you_mean("zz", {"xi", "cap"}).empty());
  CHECK(did_you_mean("compettion", {"competition"}) == "competition");
  CHECK(did_you_mean("period", {"competition"}).empty());
  CHECK(did_you_mean("ab", {"ac", "aa"}) == "aa");  // ties: alphabetical, whatever the order
  CHECK(did_you_mean("ab", {"aa", "ac"}) == "aa");
  CHECK(did_you_mean("x", {}).empty());
}

TEST_CASE("A full config is read into every field", "[config]") {
  scratch s;
  const auto c = s.load(R"(# a complete config
competition: test-2024
model: fake-elo
params: { xi: 1000, score: points }
k_schedule:
  rules:
    - { when: { games_lt: 30 }, k: 40 }
    - { when: { age_le: 18, rating_lt: 2300 }, k: 40 }
    - { when: { peak_ge: 2400 }, k: 10 }
    - { k: 20 }
  max_k_times_games: 700
home_advantage: { predict: 9.5 }
initial: { rating: 1200, ratings: data/previous.csv }
input:
  format: games-csv
  path: [data/games.csv, data/more.csv]
  encoding: latin1
period: month
output: { dir: results/test, history: false, charts: true }
)");
  CHECK(c.competition == "test-2024");
  CHECK(c.model == "fake-elo");
  CHECK(c.params == std::vector<double>{1000, 400, 1});
  REQUIRE(c.k.rules().size() == 4);
  CHECK(c.k.cap() == 700.0);
  CHECK(c.home_predict == 9.5);
  CHECK(c.home_update == 0);
  CHECK(c.initial_rating == 1200);
  CHECK(c.initial_ratings == (s.dir / "data/previous.csv").lexically_normal());
  CHECK(c.input_format == "games-csv");
  CHECK(c.input_paths == std::vector<fs::path>{s.dir / "data/games.csv", s.dir / "data/more.csv"});
  CHECK(c.input_paths[0].is_absolute());
  CHECK(c.input_options.encoding == "latin1");
  CHECK(c.period == ratekit::period_kind::month);
  CHECK(c.output_dir == (s.dir / "results/test").lexically_normal());  // beside the config, like the inputs
  CHECK(c.output_dir.is_absolute());
  CHECK_FALSE(c.write_history);
  CHECK(c.write_charts);

  // The parsed schedule is FIDE 2024 with the 700 rule.
  ratekit::k_context p;
  p.games = 10;
  p.period_games = 18;
  CHECK(c.k.k(p) == 38);
  p = {};
  p.games = 50, p.rating = 2299, p.peak = 2299, p.age = 18;
  CHECK(c.k.k(p) == 40);
  p.age = 19;
  CHECK(c.k.k(p) == 20);
  p.peak = 2400;
  CHECK(c.k.k(p) == 10);
  p.peak = 2000, p.period_games = 36;
  CHECK(c.k.k(p) == 19);
}

TEST_CASE("Defaults fill what a config leaves out", "[config]") {
  scratch s;
  const auto c = s.load(minimal);
  CHECK(c.params == std::vector<double>{12, 1});
  CHECK(c.k.empty());
  CHECK(c.home_predict == 0);
  CHECK(c.home_update == 0);
  CHECK(std::isnan(c.initial_rating));
  CHECK(c.initial_ratings.empty());
  CHECK(c.input_paths == std::vector<fs::path>{s.dir / "data/games.csv"});
  CHECK(c.input_options.encoding.empty());
  CHECK(c.period == ratekit::period_kind::game);
  CHECK(c.output_dir == fs::path("out/test"));
  CHECK(c.write_history);
  CHECK_FALSE(c.write_charts);
  CHECK(c.file == s.dir / "c.yaml");
}

TEST_CASE("Short forms: numbers for home advantage and initial, a list for k_schedule", "[config]") {
  scratch s;
  const auto c = s.load(R"(competition: nfl
model: fake-elo
params: { xi: 1000, score: winloss }
k_schedule:
  - { when: { playoff: true }, k: 64 }
  - { when: { week_ge: 16 }, k: 16 }
  - { when: { tag: [Final, Semi] }, k: 50 }
  - when: { tag: Friendly }
    k: 20
  - { k: { table: [[100, 116], [200, 110]] } }
home_advantage: 15
initial: 0
input: { format: games-csv, path: data/games.csv, encoding: utf-8 }
period: event
)");
  CHECK(c.params == std::vector<double>{1000, 400, 0});
  CHECK(c.home_predict == 15);
  CHECK(c.home_update == 15);
  CHECK(c.initial_rating == 0);
  CHECK(c.input_options.encoding == "utf-8");
  CHECK(c.period == ratekit::period_kind::event);
  CHECK_FALSE(c.k.cap());
  REQUIRE(c.k.rules().size() == 5);
  const auto& r = c.k.rules();
  CHECK(r[0].playoff == true);
  CHECK(r[1].week->lo == 16);
  CHECK(r[1].week->hi == INFINITY);
  CHECK(r[2].tags == std::vector<std::string>{"Final", "Semi"});
  CHECK(r[3].tags == std::vector<std::string>{"Friendly"});
  CHECK(r[4].table == std::vector<std::pair<double, double>>{{100, 116}, {200, 110}});
  ratekit::k_context g;
  g.rating = 150;
  CHECK(c.k.k(g) == 113);
  CHECK(c.k.reads_player_state());
}

TEST_CASE("'le' and 'gt' bounds include and exclude their value", "[config]") {
  scratch s;
  const auto c = s.load(R"(competition: t
model: fake-elo
k_schedule:
  - { when: { week_gt: 15, week_le: 17 }, k: 16 }
  - { when: { age_lt: 12 }, k: 50 }
  - { k: 32 }
input: { format: games-csv, path: data/games.csv }
)");
  ratekit::k_context g;
  for (const auto& [week, k] : std::vector<std::pair<int, double>>{{15, 32}, {16, 16}, {17, 16}, {18, 32}}) {
    g.week = week;
    CHECK(c.k.k(g) == k);
  }
  g.week = 1;
  g.age = 11.5;
  CHECK(c.k.k(g) == 50);
  g.age = 12;
  CHECK(c.k.k(g) == 32);
}

}  // namespace test_config
