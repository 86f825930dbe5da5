// Config errors: every problem placed by line and column, reported together.
#include "test_config_common.hpp"

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_config_errors {

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
                 s.at(6, 9, "expected one of game, event, day, month, year for 'period', got 'mnth' (did you mean 'month'?)"),
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
                    (s.dir / "none.yaml").string() + ": cannot read config file: No such file or directory");
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
                                     "available: fake-calendar, fake-elo, fake-ranked")});
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

TEST_CASE("an input file listed twice, by another path or a link, is refused: its games would count twice",
          "[config]") {
  scratch s;
  fs::create_symlink(s.dir / "data/games.csv", s.dir / "data/link.csv");
  const auto p = s.problems(R"(competition: t
model: fake-ranked
input: { format: games-csv, path: [data/games.csv, data/more.csv, ./data/games.csv, data/link.csv] }
)");
  REQUIRE(p.size() == 2);
  CHECK(p[0] == s.at(3, 67, "expected each input file once, got " + (s.dir / "data/games.csv").string() + " again"));
  CHECK(p[1] == s.at(3, 85, "expected each input file once, got " + (s.dir / "data/link.csv").string() + " again"));
  CHECK(s.load("competition: t\nmodel: fake-ranked\ninput: { format: games-csv, path: [data/games.csv, data/more.csv] }\n")
            .input_paths.size() == 2);
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

TEST_CASE("a K rule's tag is one tag or a list of them, never an empty list", "[config][k_schedule]") {
  scratch s;
  const auto with_tag = [](const std::string& tag) {
    return "competition: t\nmodel: fake-elo\nk_schedule: [ { when: { tag: " + tag +
           " }, k: 40 }, { k: 20 } ]\ninput: { format: games-csv, path: data/games.csv }\n";
  };
  CHECK(s.problems(with_tag("[]")) ==
        std::vector<std::string>{s.at(3, 30, "expected one tag or a list of tags for 'tag', got an empty list, which no "
                                             "game matches (a rule for games of any tag leaves 'tag' out)")});
  CHECK(s.load(with_tag("[cup]")).k.rules()[0].tags == std::vector<std::string>{"cup"});
  CHECK(s.load(with_tag("cup")).k.rules()[0].tags == std::vector<std::string>{"cup"});
}

TEST_CASE("a model that counts calendar time needs day, month or year periods", "[config][periods]") {
  scratch s;
  const auto with_period = [](const std::string& period) {
    return "competition: t\nmodel: fake-calendar\ninput: { format: games-csv, path: data/games.csv }\n" + period;
  };
  const std::string choose =
      ": choose 'period: month' (or day, year), the span in which a player's games are rated together";
  CHECK(s.problems(with_period("")) ==
        std::vector<std::string>{s.at(2, 8, "model 'fake-calendar' counts the time a player is away in calendar "
                                            "periods, so it needs one" + choose)});
  for (const std::string kind : {"game", "event"})
    CHECK(s.problems(with_period("period: " + kind + "\n")) ==
          std::vector<std::string>{s.at(4, 9, "model 'fake-calendar' counts the time a player is away in calendar "
                                              "periods, so it needs one, not 'period: " + kind + "'" + choose)});
  for (const std::string kind : {"day", "month", "year"}) CHECK_NOTHROW(s.load(with_period("period: " + kind + "\n")));
  // Other models rate by game when no period is given.
  CHECK(s.load("competition: t\nmodel: fake-elo\nk_schedule: [ { k: 20 } ]\n"
               "input: { format: games-csv, path: data/games.csv }\n").period == ratekit::period_kind::game);
}

}  // namespace test_config_errors
