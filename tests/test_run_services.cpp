// What a run uses besides its config reaches rate() apart from it (run_services): a program's rows in the
// place of the input files, and the reader of the state it starts from. The config stays plain data.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/input/input_rows.hpp>
#include <ratekit/host/input/ratings_list.hpp>
#include <ratekit/host/input/readers.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_run_services {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

using testing::builtin;

// Rows taken from a games file the config does not name.
class file_rows final : public input_rows {
 public:
  explicit file_rows(fs::path file) : file_(std::move(file)) {}
  void fill(dataset& out) const override { read_games_csv(file_, {}, out); }

 private:
  fs::path file_;
};

// A starting state of one player, A at 1700, and what it was asked for.
class one_player_state final : public starting_state_reader {
 public:
  ratings_list read_starting_state(const std::string& competition, player_table& players,
                                   int64_t before_run) override {
    asked_competition = competition;
    asked_before = before_run;
    ratings_list list;
    list.add_column("rating");
    list.add_row(players.intern("A"));
    list.at(0, 0) = 1700;
    return list;
  }
  std::string asked_competition;
  int64_t asked_before = 0;
};

double rating_of(const run_result& r, const std::string& name) {
  return r.state.rating()[size_t(r.data.players.find(name))];
}

// A config of competition t (fide-logistic, K 20, everyone new at 1500) whose input is named `games`,
// a file that does not exist: the test hands the games over itself.
competition_config config_in(const testing::temp_dir& dir) {
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "initial: 1500\ninput: { format: games-csv }\n");
  competition_config config = load_config(dir / "c.yaml", builtin(), true);
  config.input_paths = {dir / "games"};
  return config;
}

}  // namespace

TEST_CASE("a run rates the rows it is handed, not its config's input files", "[engine][services]") {
  testing::temp_dir dir;
  testing::write_text(dir / "elsewhere.csv", "date,player_a,player_b,score_a\n2024-03-01,A,B,1\n");
  const file_rows rows(dir / "elsewhere.csv");
  const run_result r = rate(config_in(dir), builtin(), run_services{.rows = &rows});
  CHECK(r.game_count == 1);
  CHECK(r.data.source == (dir / "games").string());  // messages name the rows as the config names its input
  // Equal ratings, K 20: the winner gains 10 and the loser loses 10.
  CHECK(rating_of(r, "A") == Approx(1510).epsilon(1e-12));
  CHECK(rating_of(r, "B") == Approx(1490).epsilon(1e-12));
}

TEST_CASE("a run starts from the state its starting-state reader gives", "[engine][services]") {
  testing::temp_dir dir;
  testing::write_text(dir / "elsewhere.csv", "date,player_a,player_b,score_a\n2024-03-01,A,B,0\n");
  const file_rows rows(dir / "elsewhere.csv");
  one_player_state start;
  competition_config config = config_in(dir);
  config.initial_before_run = 7;
  const run_result r = rate(config, builtin(), run_services{.starting_state = &start, .rows = &rows});
  CHECK(start.asked_competition == "t");
  CHECK(start.asked_before == 7);
  const int32_t a = r.data.players.find("A"), b = r.data.players.find("B");
  CHECK(r.start_ratings[size_t(a)] == 1700);
  CHECK(r.start_ratings[size_t(b)] == 1500);
  // A, 200 points above B, loses: he expects 1 / (1 + 10^(-1/2)) of the point and gives that times K to B.
  const double expected = 1 / (1 + std::pow(10.0, -0.5));
  CHECK(rating_of(r, "A") == Approx(1700 - 20 * expected).epsilon(1e-12));
  CHECK(rating_of(r, "B") == Approx(1500 + 20 * expected).epsilon(1e-12));
}

}  // namespace test_run_services
