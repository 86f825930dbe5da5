// `ratekit describe --markdown`: the config reference generated from descriptors.
#include "test_support.hpp"

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_describe {

using ratekit::testing::run_cli;

TEST_CASE("describe --markdown ID prints the plugin's parameter table", "[cli][describe]") {
  const auto r = run_cli("describe --markdown fide-logistic");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("## `fide-logistic` "));
  CHECK_THAT(r.out, Catch::Contains("| key | type | default | range | meaning |\n|---|---|---|---|---|\n"
                                    "| `xi` | number | 400 | [1, 1000000] | logistic spread"));
  CHECK_THAT(r.out, Catch::Contains("| `first_rating` | bool | false |  |"));
  CHECK_THAT(r.out, Catch::Contains("| `rating` | "));
  CHECK_THAT(r.out, !Catch::Contains("file:"));  // no machine-specific paths in the docs
}

TEST_CASE("describe --markdown without an id covers every plugin", "[cli][describe]") {
  const auto r = run_cli("describe --markdown");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::StartsWith("# Plugin parameters\n\nGenerated from the plugins' own descriptors by\n"
                                      "`ratekit describe --markdown > docs/config-reference.md`"));
  for (const char* id : {"fide-logistic", "fide-normal", "egf-go", "egf-2021", "dwz", "fifa-sum", "uscf", "nfl-score-elo", "elod-duplicate-scrabble", "glicko", "glicko2"})
    CHECK_THAT(r.out, Catch::Contains(std::string("## `") + id + "` "));
  CHECK(r.out == ratekit::testing::read_text(ratekit::testing::source_path("docs/config-reference.md")));  // the docs say what the plugins say
}

TEST_CASE("describe without an id or --markdown says what it expects", "[cli][describe]") {
  const auto r = run_cli("describe");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("error: describe: expected a plugin id (or --markdown for every plugin)"));
}

TEST_CASE("describe says that a model without parameters has none", "[cli][describe]") {
  for (const std::string id : {"fifa-sum", "dwz"}) {
    const auto r = run_cli("describe " + id);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("\nstate fields:\n  rating "));
    CHECK_THAT(r.out, Catch::EndsWith("\n\nparameters (params:): none\n"));  // not an empty list
  }
  const auto uscf = run_cli("describe uscf");
  CHECK_THAT(uscf.out, Catch::Contains("\nparameters (params:):\n  bonus_threshold "));
  CHECK_THAT(uscf.out, !Catch::Contains("params:): none"));
}

}  // namespace test_describe
