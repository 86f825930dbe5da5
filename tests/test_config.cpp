// Competition configs: every section, and every mistake reported with its place.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using ratekit::competition_config;
using ratekit::user_error;

namespace {

const rk_state_field rating_only[] = {{"rating", 1500, "rating"}};
const rk_param_spec elo_params[] = {
    {"xi", RK_PARAM_NUMBER, 0, 400, 1, 1e6, nullptr, "logistic spread"},
    {"cap", RK_PARAM_NUMBER, 0, 400, 0, 1e6, nullptr, "difference cap"},
    {"score", RK_PARAM_CHOICE, 0, 0, 0, 0, "winloss|points", "score rule"},
};
const rk_descriptor fake_elo = {sizeof(rk_descriptor), 0, "fake-elo", "1.0.0", "test model",
                                RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE,
                                1, 3, rating_only, elo_params};
const rk_param_spec ranked_params[] = {
    {"min_rounds", RK_PARAM_INTEGER, 0, 12, 1, 100, nullptr, "rounds to be rated"},
    {"two_pass", RK_PARAM_BOOL, 0, 1, 0, 1, nullptr, "rate new players apart"},
};
const rk_descriptor fake_ranked = {sizeof(rk_descriptor), 0, "fake-ranked", "1.0.0", "test model",
                                   RK_CAP_RANKED, 1, 2, rating_only, ranked_params};

struct fake_catalog : ratekit::model_catalog {
  const rk_descriptor* find(std::string_view id) const override {
    if (id == fake_elo.id) return &fake_elo;
    if (id == fake_ranked.id) return &fake_ranked;
    return nullptr;
  }
  std::vector<std::string> ids() const override { return {"fake-elo", "fake-ranked"}; }
};

// A fresh folder with one data file, removed at the end of the test.
struct scratch {
  fs::path dir;
  scratch() {
    static int count = 0;
    dir = fs::temp_directory_path() /
          ("ratekit-test-config-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
    fs::create_directories(dir / "data");
    write("data/games.csv", "date,player_a,player_b,score_a\n");
    write("data/more.csv", "date,player_a,player_b,score_a\n");
    write("data/previous.csv", "player,rating\n");
  }
  ~scratch() { fs::remove_all(dir); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
  }
  competition_config load(const std::string& text) const {
    return ratekit::load_config(write("c.yaml", text), fake_catalog{});
  }
  // Every diagnostic of a config that must fail, as "file:line:column: message".
  std::vector<std::string> problems(const std::string& text) const {
    const auto file = write("c.yaml", text);
    try {
      ratekit::load_config(file, fake_catalog{});
    } catch (const user_error& e) {
      std::vector<std::string> out;
      for (const auto& d : e.diagnostics()) out.push_back(d.str());
      return out;
    }
    FAIL("the config was accepted");
    return {};
  }
  std::string at(int line, int column, const std::string& message) const {
    return (dir / "c.yaml").string() + ":" + std::to_string(line) + ":" + std::to_string(column) +
           ": " + message;
  }
};

const char* minimal = R"(competition: test
model: fake-ranked
input: { format: games-csv, path: data/games.csv }
)";

}  // namespace

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
  CHECK(c.output_dir == fs::path("results/test"));
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

TEST_CASE("A misspelt top-level key is placed and corrected", "[config]") {
  scratch s;
  const auto p = s.problems(R"(competition: t
model: fake-ranked
k_shedule: [ { k: 20 } ]
input: { format: games-csv, path: data/games.csv }
)");
  CHECK(p == std::vector<std::string>{s.at(3, 1, "unknown key 'k_shedule' (did you mean 'k_schedule'?)")});
}

TEST_CASE("Parameters: misspelt, wrong type, out of range, all reported together", "[config]") {
  scratch s;
  const auto p = s.problems(R"(competition: t
model: fake-elo
params:
  xl: 400
  cap: abc
  score: pionts
k_schedule: [ { k: 20 } ]
input: { format: games-csv, path: data/games.csv }
)");
  CHECK(p == std::vector<std::string>{
                 s.at(4, 3, "unknown parameter 'xl' for model 'fake-elo' (did you mean 'xi'?)"),
                 s.at(5, 8, "expected a number for 'cap', got 'abc'"),
                 s.at(6, 10, "expected one of winloss|points for 'score', got 'pionts' (did you mean 'points'?)"),
             });
  const auto range = s.problems(R"(competition: t
model: fake-elo
params: { xi: 0, cap: 1e7, score: [1] }
k_schedule: [ { k: 20 } ]
input: { format: games-csv, path: data/games.csv }
)");
  CHECK(range == std::vector<std::string>{
                     s.at(3, 15, "'xi' must be between 1 and 1000000, got 0"),
                     s.at(3, 23, "'cap' must be between 0 and 1000000, got 1e7"),
                     s.at(3, 35, "expected one of winloss|points for 'score', got a list"),
                 });
  const auto typed = s.problems(R"(competition: t
model: fake-ranked
params: { min_rounds: 2.5, two_pass: yes }
input: { format: games-csv, path: data/games.csv }
)");
  CHECK(typed == std::vector<std::string>{
                     s.at(3, 23, "expected a whole number for 'min_rounds', got '2.5'"),
                     s.at(3, 38, "expected true or false for 'two_pass', got 'yes'"),
                 });
  // A quoted number is a string in YAML.
  CHECK(s.problems(R"(competition: t
model: fake-ranked
params: { min_rounds: "12" }
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{s.at(3, 23, "expected a whole number for 'min_rounds', got '12'")});
}

TEST_CASE("Several problems in different sections come back together", "[config]") {
  scratch s;
  const auto p = s.problems(R"(competition: [t]
model: fake-elo
home_advantage: { predict: 9.5, updat: 1 }
initial: { rating: high }
input: { format: games-csv, path: data/missing.csv, encodng: utf-8 }
period: mnth
output: { dir: out, history: maybe }
)");
  CHECK(p == std::vector<std::string>{
                 s.at(1, 14, "expected a string for 'competition', got a list"),
                 s.at(2, 8, "model 'fake-elo' needs a k_schedule"),
                 s.at(3, 33, "unknown key 'updat' in 'home_advantage' (did you mean 'update'?)"),
                 s.at(4, 20, "expected a number for 'rating', got 'high'"),
                 s.at(5, 35, "input file not found: 'data/missing.csv' (looked for " +
                                 (s.dir / "data/missing.csv").string() + ")"),
                 s.at(5, 53, "unknown key 'encodng' in 'input' (did you mean 'encoding'?)"),
                 s.at(6, 9, "expected one of game, event, day, month for 'period', got 'mnth' (did you mean 'month'?)"),
                 s.at(7, 30, "expected true or false for 'history', got 'maybe'"),
             });
}

TEST_CASE("Missing required keys name the file", "[config]") {
  scratch s;
  const std::string f = (s.dir / "c.yaml").string();
  CHECK(s.problems("period: game\n") == std::vector<std::string>{
                                            f + ":1: missing required key 'competition'",
                                            f + ":1: missing required key 'model'",
                                            f + ":1: missing required key 'input'",
                                        });
  CHECK_THROWS_WITH(ratekit::load_config(s.dir / "none.yaml", fake_catalog{}),
                    (s.dir / "none.yaml").string() + ": cannot read config file");
  CHECK(s.problems("") == std::vector<std::string>{
                              f + ":1: expected a map of settings (competition, model, input, ...), got nothing"});
  CHECK(s.problems("- a\n") == std::vector<std::string>{s.at(
                                  1, 1, "expected a map of settings (competition, model, input, ...), got a list")});
  CHECK(s.problems(R"(competition: t
model: fake-ranked
input: { path: data/games.csv }
)") == std::vector<std::string>{s.at(3, 1, "'input' needs 'format'")});
}

TEST_CASE("Duplicate keys are refused with both lines", "[config]") {
  scratch s;
  CHECK(s.problems(R"(competition: t
model: fake-elo
params:
  xi: 400
  xi: 1000
k_schedule: [ { k: 20 } ]
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{s.at(5, 3, "duplicate key 'xi' (first at line 4)")});
}

TEST_CASE("Tabs in indentation are named with their line", "[config]") {
  scratch s;
  CHECK(s.problems("competition: t\nmodel: fake-ranked\ninput:\n\tformat: games-csv\n") ==
        std::vector<std::string>{s.at(4, 1, "tab used for indentation; indent with spaces")});
}

TEST_CASE("Malformed YAML reports the parser's place", "[config]") {
  scratch s;
  CHECK(s.problems("competition: t\nmodel: fake-elo\n  xi: 1\n") ==
        std::vector<std::string>{s.at(3, 5, "illegal map value")});
  // An unclosed list is noticed where the text ends.
  CHECK(s.problems("competition: t\nmodel: [fake-elo\n") ==
        std::vector<std::string>{s.at(3, 1, "end of sequence flow not found")});
}

TEST_CASE("An unknown model is corrected and the installed ones listed", "[config]") {
  scratch s;
  CHECK(s.problems(R"(competition: t
model: fake-elos
params: { anything: 1 }
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{s.at(2, 8,
                                     "unknown model 'fake-elos' (did you mean 'fake-elo'?); "
                                     "available: fake-elo, fake-ranked")});
}

TEST_CASE("Unknown input format and missing ratings file", "[config]") {
  scratch s;
  const auto p = s.problems(R"(competition: t
model: fake-ranked
initial: { ratings: data/nothing.csv }
input: { format: game-csv, path: data/games.csv }
)");
  REQUIRE(p.size() == 2);
  CHECK(p[0] == s.at(3, 21, "ratings file not found: 'data/nothing.csv' (looked for " +
                                (s.dir / "data/nothing.csv").string() + ")"));
  CHECK(p[1].rfind(s.at(4, 18, "unknown input format 'game-csv' (did you mean 'games-csv'?); known formats: "), 0) == 0);
}

TEST_CASE("K schedules: capability checks and malformed rules", "[config]") {
  scratch s;
  CHECK(s.problems(R"(competition: t
model: fake-ranked
k_schedule: [ { k: 20 } ]
home_advantage: 10
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{
             s.at(3, 1, "model 'fake-ranked' has no K factor; remove 'k_schedule'"),
             s.at(4, 1, "model 'fake-ranked' has no home advantage; remove 'home_advantage'"),
         });
  CHECK(s.problems(R"(competition: t
model: fake-elo
k_schedule:
  rules:
    - { when: { games_lt: 30, rating_gt: 2000 }, k: 40 }
    - { when: { age_lt: 18, age_le: 17 }, k: 40 }
    - { k: { table: [[200, 110], [100, 116]] } }
    - { k: -5 }
    - { when: { playoff: true } }
    - 32
  max_k_times_games: 0
  cap: 700
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{
             s.at(5, 31, "unknown condition 'rating_gt' in 'when' (did you mean 'rating_ge'?)"),
             s.at(6, 29, "'age_lt' and 'age_le' both bound age from above"),
             s.at(7, 34, "table ratings must ascend: 100 comes after 200"),
             s.at(8, 12, "K must not be negative, got -5"),
             s.at(9, 7, "a k_schedule rule needs 'k'"),
             s.at(10, 7, "expected a map for 'k_schedule rule 6', got '32'"),
             s.at(11, 22, "'max_k_times_games' must be positive, got 0"),
             s.at(12, 3, "unknown key 'cap' in 'k_schedule'"),
         });
  CHECK(s.problems(R"(competition: t
model: fake-elo
k_schedule: { max_k_times_games: 700 }
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{s.at(3, 13, "'k_schedule' needs 'rules'")});
  CHECK(s.problems(R"(competition: t
model: fake-elo
k_schedule: []
input: { format: games-csv, path: data/games.csv }
)") == std::vector<std::string>{s.at(3, 13, "'k_schedule' has no rules")});
}

TEST_CASE("resolve_params parses overrides by type and reports every mistake", "[config]") {
  CHECK(ratekit::resolve_params(fake_elo, {{"xi", "1000"}, {"score", "points"}}) ==
        std::vector<double>{1000, 400, 1});
  CHECK(ratekit::resolve_params(fake_ranked, {{"two_pass", "false"}}) == std::vector<double>{12, 0});
  CHECK(ratekit::resolve_params(fake_elo, {1000, 0, 1}, {{"cap", "200"}}) == std::vector<double>{1000, 200, 1});
  try {
    ratekit::resolve_params(fake_elo, {{"xl", "1"}, {"xi", "-3"}, {"cap", "x"}, {"xi", "5"}});
    FAIL("bad overrides were accepted");
  } catch (const user_error& e) {
    CHECK(std::string(e.what()) ==
          "unknown parameter 'xl' for model 'fake-elo' (did you mean 'xi'?)\n"
          "'xi' must be between 1 and 1000000, got -3\n"
          "expected a number for 'cap', got 'x'\n"
          "parameter 'xi' given twice");
  }
}
