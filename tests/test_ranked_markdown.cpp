// report.md of ranked events and team matches: every column named, none empty
// because no entry of the event has anything to put in it.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_ranked_markdown {

using namespace ratekit;

namespace {

// The lines of `text` that start with "| ".
std::vector<std::string> table_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("| ", 0) == 0) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("a team match's report.md has no empty performance or note column, and names every column", "[teams][report]") {
  testing::temp_dir dir;
  testing::write_text(dir / "m.csv", "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,blue,B,2\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: trueskill\ninput: { format: team-csv, path: m.csv }\n"
                                      "output: { report: true }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
  const auto lines = table_lines(testing::read_text(dir / "out/report.md"));
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "| rank | team | player | expected score | rating | change | weight | sigma |");
  CHECK(lines[1] == "| 1 | red | A | 0.50 | 25.0 -> 29.4 | +4.4 | 1.000 | 8.3 -> 7.2 |");
  // EloD gives a performance and marks new players: both columns, named.
  testing::write_text(dir / "r.csv", "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\n");
  testing::write_text(dir / "e.yaml", "competition: e\nmodel: elod-duplicate-scrabble\n"
                                      "input: { format: standings-csv, path: r.csv }\nperiod: event\noutput: { report: true }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "e.yaml").string() + " --out " + (dir / "e").string()).status == 0);
  const auto ranked = table_lines(testing::read_text(dir / "e/report.md"));
  REQUIRE(ranked.size() == 3);
  CHECK(ranked[0].rfind("| rank | player | expected rank | performance | rating | change | weight |", 0) == 0);
  CHECK(ranked[0].ends_with(" note |"));  // both new
  CHECK(ranked[1].ends_with(" |  new |"));
  CHECK(ranked[1].find(" |  | ") == std::string::npos);  // A's performance is there
}

}  // namespace test_ranked_markdown
