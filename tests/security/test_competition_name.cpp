// A competition's name becomes the folder out/<competition>: it can never lead outside it.
#include "test_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_competition_name {

using namespace ratekit;

namespace {

std::string load_with_name(const std::string& yaml_name) {
  const testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: " + yaml_name +
                                          "\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                          "input: { format: games-csv, path: games.csv }\n");
  try {
    load_config(dir / "c.yaml", testing::builtin());
    return "";
  } catch (const user_error& e) {
    return e.what();
  }
}

}  // namespace

TEST_CASE("competition names that would leave out/ are refused with their place", "[security][config]") {
  CHECK_THAT(load_with_name("../.."), Catch::Contains("c.yaml:1:14: expected a competition name usable as a folder "
                                                      "name, got '../..' (it holds a path separator)"));
  CHECK_THAT(load_with_name(".."), Catch::Contains("(it names a folder outside out/)"));
  CHECK_THAT(load_with_name("\".\""), Catch::Contains("(it names a folder outside out/)"));
  CHECK_THAT(load_with_name("/etc"), Catch::Contains("(it holds a path separator)"));
  CHECK_THAT(load_with_name("a\\\\b"), Catch::Contains("(it holds a path separator)"));
  CHECK_THAT(load_with_name("\"tab\\there\""), Catch::Contains("(it holds a control character)"));
  CHECK_THAT(load_with_name("\"esc\\e[31m\""), Catch::Contains("(it holds a control character)"));
  CHECK_THAT(load_with_name("\"\""), Catch::Contains("(it is empty)"));
  CHECK(load_with_name("Irish Championship 2011..final") == "");
  CHECK(load_with_name("fide-2024") == "");
}

}  // namespace test_competition_name
