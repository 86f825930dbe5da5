// ratekit run --period-label: the whole input is one rating period of that
// name (period: event), or must lie in it (calendar periods); recorded with
// the run, so a re-rating after a --replace names it alike.
#include "officer_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_period_label {

using namespace ratekit::testing;

namespace {

// A club whose months are files without a period column, rated by one config.
struct labelled_club {
  temp_dir dir;
  std::string database = (dir / "club.db").string();
  explicit labelled_club(const std::string& period = "event") {
    config("club", database, period);
    write_text(dir / "01.csv", "date,player_a,player_b,score_a\n2024-01-06,A,B,1\n2024-01-31,A,B,1\n");
    write_text(dir / "01-fixed.csv", "date,player_a,player_b,score_a\n2024-01-06,A,B,0\n2024-01-31,A,B,1\n");
    write_text(dir / "02.csv", "date,player_a,player_b,score_a\n2024-02-01,B,A,1\n2024-02-10,A,C,1\n");
  }
  void config(const std::string& name, const std::string& db, const std::string& period) const {
    write_text(dir / (name + ".yaml"),
               "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: { rating: 1500, "
               "database: \"" + db + "\" }\ninput: { format: games-csv }\n" +
                   (period.empty() ? "" : "period: " + period + "\n") + "output: { dir: out-" + name +
                   ", database: \"" + db + "\" }\n");
  }
  command_result month(const std::string& file, const std::string& label, const std::string& flags = "",
                       const std::string& name = "club") const {
    return run_cli("run '" + (dir / (name + ".yaml")).string() + "' --input '" + (dir / file).string() + "'" +
                   (label.empty() ? "" : " --period-label '" + label + "'") + flags);
  }
};

}  // namespace

TEST_CASE("run --period-label makes the whole input one rating period of that name", "[store][cli]") {
  const labelled_club c;
  const auto january = c.month("01.csv", "2024-01");
  INFO(january.out);
  REQUIRE(january.status == 0);
  // One period: both wins of A over B are expected at 0.5 from the ratings at its start, +10 each
  // (two periods would give +10 and then 20 x (1 - 0.5288) = +9.42).
  const auto history = read_text(c.dir / "out-club/history.csv");
  CHECK_THAT(history, Catch::Contains("2024-01,2024-01-06,A,B,0.5,1,20,10,1500,1520,1\n"));
  CHECK_THAT(history, Catch::Contains("2024-01,2024-01-31,A,B,0.5,1,20,10,1500,1520,1\n"));
  CHECK_THAT(read_text(c.dir / "out-club/summary.json"), Catch::Contains("\"period_label\": \"2024-01\""));
  CHECK(officer_rows(c.database, "periods") == std::vector<std::string>{"2024-01|1"});
  CHECK(officer_rows(c.database, "runs").at(0).find("{\"files\":[\"" + (c.dir / "01.csv").string() +
                                                    "\"],\"period_label\":\"2024-01\"}") != std::string::npos);
}

TEST_CASE("run --period-label replaces the input's own events with its one period", "[store][cli]") {
  const labelled_club c;
  write_text(c.dir / "events.csv", "date,player_a,player_b,score_a,period\n2024-03-02,A,B,1,Spring Open\n"
                                   "2024-03-09,A,B,1,Club Cup\n");
  const auto r = c.month("events.csv", "2024-03");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto history = read_text(c.dir / "out-club/history.csv");
  CHECK_THAT(history, Catch::Contains("2024-03,2024-03-09,A,B,0.5,1,20,10,1500,1520,1\n"));
  CHECK(history.find("Club Cup") == std::string::npos);
  CHECK(officer_rows(c.database, "periods") == std::vector<std::string>{"2024-03|1"});
}

TEST_CASE("the same file under another label is another period, under the same label the same run", "[store][cli]") {
  const labelled_club c;
  REQUIRE(c.month("01.csv", "2024-01").status == 0);
  const auto again = c.month("01.csv", "2024-01");
  CHECK(again.status == 0);
  CHECK_THAT(again.out, Catch::Contains("club.db already holds this run from the same input (run 1); left as it was"));
  const auto other = c.month("01.csv", "2024-01b");
  INFO(other.out);
  CHECK(other.status == 0);
  CHECK(officer_rows(c.database, "periods") == std::vector<std::string>{"2024-01|1", "2024-01b|2"});
}

TEST_CASE("a corrected month rates the later labelled month again under its recorded label", "[store][cli]") {
  const labelled_club c;
  REQUIRE(c.month("01.csv", "2024-01").status == 0);
  REQUIRE(c.month("02.csv", "2024-02").status == 0);
  const auto fixed = c.month("01-fixed.csv", "2024-01", " --replace");
  INFO(fixed.out);
  REQUIRE(fixed.status == 0);
  CHECK_THAT(fixed.out, Catch::Contains("rated run 2 of "));
  const std::string fresh = (c.dir / "fresh.db").string();
  c.config("fresh", fresh, "event");
  REQUIRE(c.month("01-fixed.csv", "2024-01", "", "fresh").status == 0);
  REQUIRE(c.month("02.csv", "2024-02", "", "fresh").status == 0);
  for (const char* table : officer_tables) {
    INFO("table " << table);
    CHECK(officer_rows(c.database, table) == officer_rows(fresh, table));
  }
  CHECK_THAT(officer_rows(c.database, "runs").at(1), Catch::EndsWith(",\"period_label\":\"2024-02\"}"));
}

TEST_CASE("with calendar periods --period-label is the period every game must lie in", "[store][cli]") {
  SECTION("month: the last day of the month is in it, the first of the next is not") {
    const labelled_club c("month");
    const auto in = c.month("01.csv", "2024-01");  // its last game is of 2024-01-31
    INFO(in.out);
    CHECK(in.status == 0);
    CHECK(officer_rows(c.database, "periods") == std::vector<std::string>{"2024-01|1"});
    const auto out = c.month("02.csv", "2024-01");  // its first game is of 2024-02-01
    CHECK(out.status == 1);
    CHECK_THAT(out.out, Catch::Contains("error: " + (c.dir / "02.csv").string() +
                                        ":2: this game of 2024-02-01 is not in the period '2024-01' that "
                                        "--period-label names (month periods are named yyyy-mm)"));
    CHECK(officer_rows(c.database, "periods") == std::vector<std::string>{"2024-01|1"});  // nothing recorded
  }
  SECTION("day and year") {
    const labelled_club c("year");
    CHECK(c.month("01.csv", "2024").status == 0);
    const auto wrong = c.month("02.csv", "2023");
    CHECK_THAT(wrong.out, Catch::Contains(":2: this game of 2024-02-01 is not in the period '2023' that --period-label "
                                          "names (year periods are named yyyy)"));
    const labelled_club d("day");
    const auto day = d.month("01.csv", "2024-01-06");
    CHECK_THAT(day.out, Catch::Contains("01.csv:3: this game of 2024-01-31 is not in the period '2024-01-06'"));
    CHECK_FALSE(std::filesystem::exists(d.database));
  }
}

TEST_CASE("run --period-label is refused where it cannot name one period", "[store][cli]") {
  const labelled_club c("");
  const auto game = c.month("01.csv", "2024-01");
  CHECK(game.status == 1);
  CHECK_THAT(game.out, Catch::Contains("club.yaml: --period-label names one rating period, but with 'period: game' "
                                       "(the default) each game is one; write 'period: event'"));
  CHECK_FALSE(std::filesystem::exists(c.database));
  write_text(c.dir / "ranked.yaml", "competition: club\nmodel: elod-duplicate-scrabble\ninput: { format: "
                                    "standings-csv }\n");
  write_text(c.dir / "standings.csv", "event,date,player,score\nOpen,2024-01-06,A,900\nOpen,2024-01-06,B,800\n");
  const auto ranked = c.month("standings.csv", "2024-01", "", "ranked");
  CHECK_THAT(ranked.out, Catch::Contains("--period-label names one rating period, but the input holds ranked events, "
                                         "each a period of its own named by the input"));
  const labelled_club e;
  CHECK_THAT(e.month("01.csv", "").out, Catch::Contains("give the input a period column (each game's event or round), "
                                                        "name the whole input's one period with --period-label"));
  CHECK_THAT(e.month("01.csv", "", " --period-label ''").out,
             Catch::Contains("--period-label: expected a period label, got ''"));
  CHECK_THAT(e.month("01.csv", "", " --period-label \"$(printf 'a\\033[2Jb')\"").out,
             Catch::Contains("--period-label: expected a period label of UTF-8 text without control characters"));
  CHECK_THAT(e.month("01.csv", std::string(201, 'x')).out,
             Catch::Contains("--period-label: expected a period label of at most 200 bytes"));
  CHECK(e.month("01.csv", std::string(200, 'x')).status == 0);  // the longest taken
  CHECK(officer_rows(e.database, "periods") == std::vector<std::string>{std::string(200, 'x') + "|1"});
}

TEST_CASE("run --period-label with period: event rates games from any dates as one period", "[store][cli]") {
  // examples/history-database/list.yaml's way to rate a list period: the file's order is not the dates'.
  const labelled_club c;
  write_text(c.dir / "list.csv", "date,player_a,player_b,score_a\n2024-03-20,A,B,1\n2024-01-05,A,B,1\n"
                                 "2024-02-11,C,A,0\n");
  const auto r = c.month("list.csv", "spring");
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Each game from the ratings at the period's start: 1500 against 1500, K 20, +10 a win.
  for (const char* date : {"2024-03-20,A,B", "2024-01-05,A,B", "2024-02-11,A,C"})
    CHECK_THAT(read_text(c.dir / "out-club/history.csv"),
               Catch::Contains(std::string("spring,") + date + ",0.5,1,20,10,1500,1530,1\n"));
  CHECK(officer_rows(c.database, "periods") == std::vector<std::string>{"spring|1"});
}

}  // namespace test_period_label
