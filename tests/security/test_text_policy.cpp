// One policy for text: configs are UTF-8, data is UTF-8 or converted from
// ISO-8859-1, names never hold control characters, and everything ratekit
// writes (CSV, JSON, SQLite, messages) is valid UTF-8 without escapes.
#include "test_support.hpp"

#include <ratekit/host/text/escape.hpp>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_text_policy {

using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::write_text;
namespace fs = std::filesystem;

namespace {

const std::string head = "model: fide-logistic\nk_schedule: [ { k: 20 } ]\n";

ratekit::testing::command_result run_in(const ratekit::testing::temp_dir& dir, const std::string& yaml,
                                        const std::string& data, const std::string& format = "games-csv") {
  write_text(dir / "data.txt", data);
  write_text(dir / "c.yaml", yaml + head + "input: { format: " + format + ", path: data.txt }\n");
  return run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
}

}  // namespace

TEST_CASE("a config that is not UTF-8, or holds control characters, is refused at its place", "[security][text]") {
  const ratekit::testing::temp_dir dir;
  const std::string games = "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n";
  auto r = run_in(dir, "competition: caf\xE9\n", games);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.yaml:1:17: expected UTF-8 text, got byte 0xE9"));
  r = run_in(dir, "# note\ncompetition: \"a\x1b[2Jb\"\n", games);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.yaml:2:16: expected text without control characters, got byte 0x1B"));
  CHECK(r.out.find('\x1b') == std::string::npos);  // never echoed to the terminal
  CHECK(run_in(dir, "competition: caf\xC3\xA9\n", games).status == 0);  // UTF-8 is fine
}

TEST_CASE("names with control characters are refused in every reader, shown escaped", "[security][text]") {
  const ratekit::testing::temp_dir dir;
  auto r = run_in(dir, "competition: c\n", "date,player_a,player_b,score_a\n2024-01-01,A,B\x1b]0;pwned\x07,1\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("data.txt:2:14: expected player_b as a player name without control characters, "
                                    "got 'B\\x1B]0;pwned\\x07'"));
  CHECK(r.out.find('\x1b') == std::string::npos);
  // C1 controls (U+009B is a terminal's CSI) are control characters too.
  r = run_in(dir, "competition: c\n", "date,player_a,player_b,score_a\n2024-01-01,A\xC2\x9B" "31m,B,1\n");
  CHECK_THAT(r.out, Catch::Contains("data.txt:2:12: expected player_a as a player name without control characters"));
  r = run_in(dir, "competition: c\n", "event,date,player,rank\nOpen,2024-01-01,A\x01,1\nOpen,2024-01-01,B,2\n",
             "standings-csv");
  CHECK_THAT(r.out, Catch::Contains("data.txt:2:17: expected player as a player name without control characters"));
  // Names in ISO-8859-1 are converted, not refused: 0xE9 is é.
  r = run_in(dir, "competition: c\n", "date,player_a,player_b,score_a\n2024-01-01,Jos\xE9,B,1\n");
  CHECK(r.status == 0);
  CHECK_THAT(read_text(dir / "out/ratings.csv"), Catch::Contains("Jos\xC3\xA9,"));
}

TEST_CASE("a ratings list with a control character in a name is refused", "[security][text]") {
  const ratekit::testing::temp_dir dir;
  write_text(dir / "list.csv", "player,rating\nA\x7F,1600\n");
  write_text(dir / "data.txt", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  write_text(dir / "c.yaml", "competition: c\n" + head +
                                 "initial: { ratings: list.csv }\ninput: { format: games-csv, path: data.txt }\n");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("list.csv:2:1: expected a player name without control characters, got 'A\\x7F'"));
}

TEST_CASE("file names that are not UTF-8 reach JSON and the database as valid UTF-8", "[security][text]") {
  const ratekit::testing::temp_dir top;
  const fs::path dir = top / "caf\xE9";  // a folder named in ISO-8859-1
  fs::create_directories(dir);
  write_text(dir / "data.txt", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  write_text(dir / "c.yaml", "competition: c\n" + head +
                                 "input: { format: games-csv, path: data.txt }\noutput: { database: c.db }\n");
  const auto r = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
  REQUIRE(r.status == 0);
  const auto summary = nlohmann::json::parse(read_text(dir / "out/summary.json"));  // throws on invalid UTF-8
  CHECK(summary.dump().find("\xEF\xBF\xBD") == std::string::npos);  // file names only: none there
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "c.db").c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT config_file, inputs FROM runs", -1, &s, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  const std::string file = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
  const std::string inputs = reinterpret_cast<const char*>(sqlite3_column_text(s, 1));
  sqlite3_finalize(s);
  sqlite3_close(db);
  CHECK_THAT(file, Catch::Contains("caf\xEF\xBF\xBD/c.yaml"));
  CHECK_THAT(inputs, Catch::Contains("caf\xEF\xBF\xBD/data.txt"));
  CHECK(ratekit::valid_utf8(file) == file);
}

TEST_CASE("valid_utf8 and has_control", "[text]") {
  CHECK(ratekit::valid_utf8("caf\xC3\xA9") == "caf\xC3\xA9");
  CHECK(ratekit::valid_utf8("caf\xE9!") == "caf\xEF\xBF\xBD!");
  CHECK(ratekit::valid_utf8("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");      // overlong
  CHECK(ratekit::valid_utf8("\xED\xA0\x80") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  CHECK(ratekit::valid_utf8("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");
  CHECK_FALSE(ratekit::has_control("Zo\xC3\xAB Short, Nigel"));
  CHECK(ratekit::has_control(std::string("a\0b", 3)));
  CHECK(ratekit::has_control("a\x1f"));
  CHECK_FALSE(ratekit::has_control("a\x20"));
  CHECK(ratekit::has_control("\x7F"));
  CHECK(ratekit::has_control("\xC2\x80"));
  CHECK(ratekit::has_control("\xC2\x9F"));
  CHECK_FALSE(ratekit::has_control("\xC2\xA0"));  // no-break space is text
}

TEST_CASE("printable shows control characters escaped and leaves text alone", "[text]") {
  CHECK(ratekit::printable("Zo\xC3\xAB Short, Nigel") == "Zo\xC3\xAB Short, Nigel");
  CHECK(ratekit::printable("a\x1b[2Jb\x07") == "a\\x1B[2Jb\\x07");
  CHECK(ratekit::printable("line\nnext\r") == "line\\x0Anext\\x0D");
  CHECK(ratekit::printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(ratekit::printable("\x1f\x20\x7F") == "\\x1F \\x7F");
  CHECK(ratekit::printable("A\xC2\x85" "B\xC2\x9B" "C\xC2\xA0") == "A\\u0085B\\u009BC\xC2\xA0");  // C1, then no-break space
}

TEST_CASE("labels with control characters are refused in every reader", "[security][text]") {
  const ratekit::testing::temp_dir dir;
  auto r = run_in(dir, "competition: c\nperiod: event\n",
                  "date,player_a,player_b,score_a,period\n2024-01-01,A,B,1,R1\n2024-01-02,A,B,1,\x1b[2JR2\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("data.txt:3:18: expected period as a period label without control characters, "
                                    "got '\\x1B[2JR2'"));
  r = run_in(dir, "competition: c\nperiod: event\n",
             "event,date,player,rank\nOpen\xC2\x9B,2024-01-01,A,1\nOpen\xC2\x9B,2024-01-01,B,2\n", "standings-csv");
  CHECK_THAT(r.out, Catch::Contains("data.txt:2:1: expected event as an event name without control characters"));
  r = run_in(dir, "competition: c\n", "; EV[Open\x07]\n1 A - 1500 2+\n2 B - 1600 1-\n", "egd");
  CHECK_THAT(r.out, Catch::Contains("data.txt:1:6: expected EV[an event name without control characters], "
                                    "got 'Open\\x07'"));
  CHECK(r.out.find('\x07') == std::string::npos);
}

TEST_CASE("messages repeat paths and values escaped, on one line each", "[security][text]") {
  const ratekit::testing::temp_dir dir;
  fs::create_directory(dir / "a\nb\x1b]0;x\x07");
  write_text(dir / "a\nb\x1b]0;x\x07" / "c.yaml", "competition: c\n");
  const auto r = run_cli("run '" + (dir / "a\nb\x1b]0;x\x07" / "c.yaml").string() + "'");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("a\\x0Ab\\x1B]0;x\\x07/c.yaml:1: missing required key 'model'"));
  CHECK(r.out.find('\x1b') == std::string::npos);
  for (size_t at = r.out.find('\n'); at != std::string::npos && at + 1 < r.out.size(); at = r.out.find('\n', at + 1))
    CHECK(r.out.compare(at + 1, 7, "error: ") == 0);  // every line a message of its own
}

TEST_CASE("a period named after a file name shows its control characters escaped", "[security][text]") {
  const ratekit::testing::temp_dir dir;
  write_text(dir / "g\x1b[31m.egd", "1 A - 1500 2+\n2 B - 1600 1-\n");
  write_text(dir / "c.yaml", "competition: c\nmodel: egf-go\nk_schedule: [ { k: 20 } ]\nperiod: event\n"
                             "input: { format: egd, path: \"g\\e[31m.egd\" }\noutput: { database: c.db }\n");
  REQUIRE(run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
  const std::string history = read_text(dir / "out/history.csv");
  CHECK(history.find('\x1b') == std::string::npos);
  CHECK_THAT(history, Catch::Contains("g\\x1B[31m,"));
  CHECK(run_cli("history " + (dir / "c.db").string() + " A").out.find('\x1b') == std::string::npos);
}

}  // namespace test_text_policy
