// compare's and tune's rating passes: how far a pass rates to forecast a window (the rest is tune's
// speed, issue 49), and that stopping there scores what a pass over every game scores.
#include "history_scores.hpp"
#include "test_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/evaluate/game_window.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_rating_pass {

using namespace ratekit;
using ratekit::testing::builtin;
using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::scores_from_history;
using ratekit::testing::temp_dir;
using ratekit::testing::write_text;

namespace {

// Seven games over three months; the home column `home` gives each game's home side (a, b or empty).
void month_games(const std::filesystem::path& dir, const std::vector<std::string>& home) {
  const std::vector<std::string> dates = {"2024-01-05", "2024-01-20", "2024-02-03", "2024-02-10",
                                          "2024-02-25", "2024-03-02", "2024-03-15"};
  std::string games = "date,player_a,player_b,score_a,home\n";
  for (size_t i = 0; i < dates.size(); ++i)
    games += dates[i] + ",P" + std::to_string(i % 3) + ",P" + std::to_string(i % 3 + 1) + "," +
             (i % 2 ? "1" : "0") + "," + home[i] + "\n";
  write_text(dir / "games.csv", games);
  write_text(dir / "glicko.yaml", "competition: t\nmodel: glicko\nperiod: month\n"
                                  "input: { format: games-csv, path: games.csv }\n");
}

}  // namespace

TEST_CASE("a pass rates up to the end of the period of the window's last game, or on to the first home side",
          "[tune]") {
  temp_dir dir;
  month_games(dir.path(), {"a", "", "", "", "", "", "b"});
  const held_input input(load_config(dir / "glicko.yaml", builtin()));
  // The window: 2024-02-03 and 2024-02-10 (games 3 and 4 of 7), up to 2024-02-15.
  const game_window w = window_from(input, 20240201, 20240215);
  REQUIRE(w.outcomes.size() == 2);
  const dataset& d = input.data();
  CHECK(games_to_rate(d, w, period_kind::game) == 4);
  CHECK(games_to_rate(d, w, period_kind::day) == 4);
  CHECK(games_to_rate(d, w, period_kind::month) == 5);  // 2024-02-25 is February's too
  CHECK(games_to_rate(d, w, period_kind::year) == 7);
  // A window to the end needs every game.
  CHECK(games_to_rate(d, window_from(input, 20240301), period_kind::game) == 7);

  // The only home side after the games rated: a run of those alone would refuse the home advantage.
  temp_dir later;
  month_games(later.path(), {"", "", "", "", "", "", "b"});
  const held_input late(load_config(later / "glicko.yaml", builtin()));
  CHECK(games_to_rate(late.data(), window_from(late, 20240201, 20240215), period_kind::month) == 7);
}

TEST_CASE("tune's passes that stop at the window score as a run over every game does", "[tune]") {
  temp_dir dir;
  // Home sides only in the test window, and a home advantage: the validation passes must rate on.
  month_games(dir.path(), {"", "", "", "", "", "", "a"});
  write_text(dir / "elo.yaml", "competition: t\nmodel: fide-logistic\nperiod: month\nk_schedule: [ { k: 20 } ]\n"
                               "home_advantage: 50\ninput: { format: games-csv, path: games.csv }\n"
                               "output: { history: true }\n");
  const auto r = run_cli("tune " + (dir / "elo.yaml").string() + " --param k_schedule.1=20:40:20" +
                         " --validate-from 2024-02-01 --test-from 2024-02-15 --out " + (dir / "tune").string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json out = nlohmann::json::parse(read_text(dir / "tune" / "tune.json"));
  // The config as given (K 20), run whole: its validation score is the one its history.csv gives.
  REQUIRE(run_cli("run " + (dir / "elo.yaml").string() + " --out " + (dir / "run").string()).status == 0);
  const auto whole = scores_from_history(dir / "run" / "history.csv", "2024-02-01", "2024-02-15");
  CHECK(out["given"]["validation"]["games"] == whole.games);
  CHECK(out["given"]["validation"]["log_loss"].get<double>() == Approx(whole.log_loss).epsilon(1e-12));
}

}  // namespace test_rating_pass
