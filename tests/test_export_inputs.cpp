// Real exports read as they come: every date layout at the edges of its fields,
// results that are none skipped and counted, and players seeded from the file's
// own rating columns.
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.hpp"

#include <cmath>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_export_inputs {

namespace {

using ratekit::date_layout;
using namespace ratekit::testing;

// The yyyymmdd `date` reads as in `layout`, or -1 when the reader refuses it.
int32_t read_date(date_layout layout, const std::string& date) {
  temp_dir dir;
  write_text(dir / "g.csv", "date,player_a,player_b,score_a\n\"" + date + "\",ann,bob,1\n");
  ratekit::reader_options o;
  o.dates = layout;
  ratekit::dataset d;
  try {
    ratekit::read_games_csv(dir / "g.csv", o, d);
  } catch (const ratekit::user_error&) {
    return -1;
  }
  return d.facts.date.at(0);
}

// Reads `csv` as games-csv with `o`; the problems as "line:column: message", empty when it reads.
std::string read_csv(const std::string& csv, const ratekit::reader_options& o, ratekit::dataset& d) {
  temp_dir dir;
  write_text(dir / "g.csv", csv);
  try {
    ratekit::read_games_csv(dir / "g.csv", o, d);
  } catch (const ratekit::user_error& e) {
    std::string out;
    for (const auto& p : e.diagnostics())
      out += std::to_string(p.line) + ":" + std::to_string(p.column) + ": " + p.message + "\n";
    return out;
  }
  return "";
}

}  // namespace

TEST_CASE("PGN dates yyyy.mm.dd: real days in, impossible days and other shapes out", "[export_inputs][readers]") {
  CHECK(read_date(date_layout::dotted_ymd, "2024.01.15") == 20240115);
  CHECK(read_date(date_layout::dotted_ymd, "2024.1.5") == 20240105);
  CHECK(read_date(date_layout::dotted_ymd, "2024.01.31") == 20240131);
  CHECK(read_date(date_layout::dotted_ymd, "2024.01.32") == -1);
  CHECK(read_date(date_layout::dotted_ymd, "2024.02.29") == 20240229);  // leap year
  CHECK(read_date(date_layout::dotted_ymd, "2023.02.29") == -1);
  CHECK(read_date(date_layout::dotted_ymd, "2024.12.01") == 20241201);
  CHECK(read_date(date_layout::dotted_ymd, "2024.13.01") == -1);
  CHECK(read_date(date_layout::dotted_ymd, "2024.00.01") == -1);
  CHECK(read_date(date_layout::dotted_ymd, "2024.01.001") == -1);  // three digits for a day
  CHECK(read_date(date_layout::dotted_ymd, "224.01.15") == -1);     // three for a year
  CHECK(read_date(date_layout::dotted_ymd, "????.??.??") == -1);
  CHECK(read_date(date_layout::dotted_ymd, "2024-01-15") == -1);
}

TEST_CASE("day-first dates dd.mm.yyyy and dd/mm/yyyy read the day first", "[export_inputs][readers]") {
  CHECK(read_date(date_layout::dotted_dmy, "15.01.2024") == 20240115);
  CHECK(read_date(date_layout::dotted_dmy, "5.1.2024") == 20240105);
  CHECK(read_date(date_layout::dotted_dmy, "30.04.2024") == 20240430);
  CHECK(read_date(date_layout::dotted_dmy, "31.04.2024") == -1);
  CHECK(read_date(date_layout::dotted_dmy, "15/01/2024") == -1);  // the other separator
  CHECK(read_date(date_layout::slashed_dmy, "12/01/2024") == 20240112);  // 12 January, not 1 December
  CHECK(read_date(date_layout::slashed_dmy, "13/01/2024") == 20240113);
  CHECK(read_date(date_layout::slashed_dmy, "01/13/2024") == -1);  // no month 13
  CHECK(read_date(date_layout::slashed_dmy, "1/2/24") == -1);
  CHECK(read_date(date_layout::us, "12/01/2024") == 20241201);  // m/d/yyyy unchanged
}

TEST_CASE("ISO date-times keep the day as written, checking time and zone", "[export_inputs][readers]") {
  const auto iso = date_layout::iso_datetime;
  CHECK(read_date(iso, "2024-01-15") == 20240115);
  CHECK(read_date(iso, "2024-01-15T23:59:59Z") == 20240115);
  CHECK(read_date(iso, "2024-01-15T23:30-05:00") == 20240115);  // not moved to 16 January in UTC
  CHECK(read_date(iso, "2024-01-15 18:02:11.250+0100") == 20240115);
  CHECK(read_date(iso, "2024-01-15T18:02:11,5+01") == 20240115);
  CHECK(read_date(iso, "2024-01-15T23:59:60Z") == 20240115);  // a leap second
  CHECK(read_date(iso, "2024-01-15T23:59:61Z") == -1);
  CHECK(read_date(iso, "2024-01-15T24:00") == -1);
  CHECK(read_date(iso, "2024-01-15T23:60") == -1);
  CHECK(read_date(iso, "2024-01-15T23:59+23:59") == 20240115);
  CHECK(read_date(iso, "2024-01-15T23:59+24:00") == -1);
  CHECK(read_date(iso, "2024-01-15T23:59+01:60") == -1);
  CHECK(read_date(iso, "2024-01-15T1:00") == -1);
  CHECK(read_date(iso, "2024-01-15T10:00:00.") == -1);
  CHECK(read_date(iso, "2024-01-15T10:00Q") == -1);
  CHECK(read_date(iso, "2024-01-15X10:00") == -1);
  CHECK(read_date(iso, "2024-02-30T10:00") == -1);
  CHECK(read_date(date_layout::iso, "2024-01-15T10:00") == -1);  // yyyy-mm-dd takes no time
}

TEST_CASE("results the config names as none are counted, not rated, others stay errors", "[export_inputs][readers]") {
  ratekit::reader_options o;
  o.columns = {{"score_a", "Result"}};
  const std::string header = "date,player_a,player_b,Result\n";
  ratekit::dataset d;
  REQUIRE(read_csv(header + "2024-01-05,ann,bob,*\n", o, d) ==
          "2:20: expected Result as a number from 0 to 1, got '*'\n");

  o.skip_results = {"*", "+-"};
  ratekit::dataset skipped;
  REQUIRE(read_csv(header +
                       "2024-01-05,ann,bob,*\n"
                       "2024-01-05,ann,cid,1-0\n"
                       "2024-01-06,dan,ann,+-\n"
                       "2024-01-06,bob,ann,*\n",
                   o, skipped) == "");
  CHECK(skipped.games.size() == 1);
  CHECK(skipped.players.size() == 2);  // bob and dan play no rated game: no players of the run
  CHECK(skipped.players.find("bob") < 0);
  CHECK(skipped.players.find("dan") < 0);
  using counts = std::vector<std::pair<std::string, size_t>>;
  CHECK(skipped.skipped_results == counts{{"*", 2}, {"+-", 1}});

  ratekit::dataset none;  // counts of zero are kept, so summary.json says nothing was skipped
  REQUIRE(read_csv(header + "2024-01-05,ann,bob,1\n", o, none) == "");
  CHECK(none.skipped_results == counts{{"*", 0}, {"+-", 0}});

  ratekit::dataset other;
  CHECK(read_csv(header + "2024-01-05,ann,bob,-+\n", o, other) ==
        "2:20: expected Result as a number from 0 to 1, got '-+'\n");
  ratekit::dataset bad_row;  // a skipped row's date is still checked
  CHECK(read_csv(header + "2024-13-05,ann,bob,*\n2024-01-05,ann,bob,1\n", o, bad_row) ==
        "2:1: expected date as a valid date YYYY-MM-DD, got '2024-13-05'\n");
  ratekit::dataset no_score;
  o.columns = {{"points_a", "pa"}, {"points_b", "pb"}};
  CHECK(read_csv("date,player_a,player_b,pa,pb\n2024-01-05,ann,bob,1,0\n", o, no_score) ==
        "1:1: expected a score_a column, since input.skip_results names results to skip\n");
}

TEST_CASE("the rating given with a player's first game seeds him, later ones do not", "[export_inputs][readers]") {
  ratekit::reader_options o;
  const std::string csv =
      "date,player_a,player_b,score_a,rating_a,rating_b\n"
      "2024-01-05,ann,bob,1,1812.5,?\n"
      "2024-01-06,bob,cid,1,1700,\n"
      "2024-01-07,cid,ann,0,1650,1900\n"
      "2024-01-08,dan,ann,0,0,1905\n";
  ratekit::dataset d;
  REQUIRE(read_csv(csv, o, d) == "");
  const auto& declared = d.players.declared_rating;
  CHECK(declared[size_t(d.players.find("ann"))] == 1812.5);  // not 1900 or 1905, his ratings later on
  CHECK(std::isnan(declared[size_t(d.players.find("bob"))]));  // '?' at his first game: none, and 1700 comes late
  CHECK(std::isnan(declared[size_t(d.players.find("cid"))]));  // empty at his first game
  CHECK(declared[size_t(d.players.find("dan"))] == 0);

  ratekit::dataset listed;  // a player the list (or an earlier file) has is not seeded again
  listed.players.intern("ann");
  REQUIRE(read_csv(csv, o, listed) == "");
  CHECK(std::isnan(listed.players.declared_rating[size_t(listed.players.find("ann"))]));
}

TEST_CASE("the docs' Lichess example rates a file shaped like a Lichess export", "[export_inputs][cli]") {
  temp_dir dir;
  const auto r = run_cli("run " + source_path("examples/lichess/lichess.yaml").string() + " --out " + dir.path().string());
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("skipped 2 rows with result '*' (input.skip_results)"));
  CHECK_THAT(r.out, Catch::Contains("rated 11 games among 5 players"));
  const auto summary = nlohmann::json::parse(read_text(dir / "summary.json"));
  CHECK(summary["skipped_results"] == nlohmann::json{{"*", 2}});
  CHECK(summary["counts"]["games"] == 11);
  // tamsin_r's first game gives '?': he starts from initial.rating; the others from their first game's Elo.
  const std::string ratings = read_text(dir / "ratings.csv");
  CHECK_THAT(ratings, Catch::Contains("\ntamsin_r,"));
  const std::string history = read_text(dir / "history.csv");
  CHECK_THAT(history, Catch::Contains(",kestrel_84,Omnivore,"));
  CHECK_THAT(history, Catch::Contains(",1712,"));  // kestrel_84 starts from WhiteElo of his first game
  CHECK_THAT(history, Catch::Contains(",1655,"));  // Omnivore from BlackElo
}

}  // namespace test_export_inputs
