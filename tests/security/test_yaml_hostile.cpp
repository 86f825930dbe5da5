// Hostile configs: aliases that refer to themselves, chain or multiply, huge
// files, second documents, stray byte-order marks, CR line ends; and numbers
// on the command line that are not numbers.
#include "test_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_yaml_hostile {

using namespace ratekit;

namespace {

const std::string head = "competition: x\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                         "input: { format: games-csv, path: g.csv }\n";

std::string problems_of(const std::string& text) {
  const testing::temp_dir dir;
  testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  testing::write_text(dir / "c.yaml", text);
  try {
    load_config(dir / "c.yaml", testing::builtin());
    return "";
  } catch (const user_error& e) {
    return e.what();
  }
}

}  // namespace

TEST_CASE("an alias that refers to itself is refused with its line", "[security][yaml]") {
  CHECK_THAT(problems_of(head + "extra: &a [ *a ]\n"),
             Catch::Contains("c.yaml:5:8: expected at most 2000 levels of nesting, got deeper: aliases (*name) nest too deep"));
  CHECK_THAT(problems_of(head + "k_schedule2: &a { rules: *a }\n"), Catch::Contains("levels of nesting"));
}

TEST_CASE("a long alias chain is refused, not a stack overflow", "[security][yaml]") {
  std::string text = head + "c0: &c0 x\n";
  for (int i = 1; i <= 5000; ++i)
    text += "c" + std::to_string(i) + ": &c" + std::to_string(i) + " [*c" + std::to_string(i - 1) + "]\n";
  CHECK_THAT(problems_of(text), Catch::Contains("expected at most 2000 levels of nesting"));
}

TEST_CASE("an alias bomb is refused at once", "[security][yaml]") {
  std::string text = head + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 12; ++i) {  // 10^12 values once expanded
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) text += (k ? ", *a" : "*a") + std::to_string(i - 1);
    text += "]\n";
  }
  CHECK_THAT(problems_of(text), Catch::Contains("expected at most 100000 values, got more: aliases (*name) expand"));
}

TEST_CASE("aliases a config really uses still work", "[security][yaml]") {
  CHECK(problems_of("competition: x\nmodel: fide-logistic\nk_schedule: &k [ { k: 20 } ]\n"
                    "input: { format: games-csv, path: g.csv }\n") == "");
}

TEST_CASE("a config over 1 MB is refused before it is parsed", "[security][yaml]") {
  CHECK_THAT(problems_of(head + "# " + std::string(1 << 20, 'x') + "\n"),
             Catch::Contains("expected a config of at most 1 MB, got 1048"));
}

TEST_CASE("text after a top-level list ends the reading at once, named where it starts", "[security][yaml]") {
  // The YAML reader's own document loop never ended on these: it ran out of memory.
  const std::string after = "expected the end of the config, got more text after it";
  CHECK_THAT(problems_of("[800, 80], [900, 75]\n" + head), Catch::Contains("c.yaml:1:10: " + after));
  CHECK_THAT(problems_of("# a comment\n  [1], 2\n" + head), Catch::Contains("c.yaml:2:6: " + after));
  CHECK_THAT(problems_of("[1] x\n"), Catch::Contains("c.yaml:1:5: " + after));
  CHECK_THAT(problems_of("{a: 1}, b\n"), Catch::Contains("c.yaml:1:7: " + after));
}

TEST_CASE("a second document, a stray byte-order mark and CR line ends are named", "[security][yaml]") {
  CHECK_THAT(problems_of(head + "---\ncompetition: y\n"),
             Catch::Contains("c.yaml:5:1: expected one YAML document, got a second"));  // at the ---
  CHECK_THAT(problems_of("\xEF\xBB\xBF\xEF\xBB\xBF" + head),
             Catch::Contains("c.yaml:1:2: expected text, got a byte-order mark (U+FEFF)"));
  CHECK(problems_of("\xEF\xBB\xBF" + head) == "");  // one mark at the start is fine
  std::string cr = head;
  for (char& ch : cr)
    if (ch == '\n') ch = '\r';
  CHECK_THAT(problems_of(cr), Catch::Contains("c.yaml:1:15: expected a line end LF or CRLF, got CR alone"));
}

TEST_CASE("expect refuses ratings that are not finite numbers, exit 2", "[security][cli]") {
  const auto nan = testing::run_cli("expect fide-logistic nan 1500");
  CHECK(nan.status == 2);
  CHECK_THAT(nan.out, Catch::StartsWith("error: A: expected a finite number, got 'nan'"));
  CHECK(testing::run_cli("expect fide-logistic 1500 inf").status == 2);
  CHECK(testing::run_cli("expect fide-logistic --advantage -inf 1500 1500").status == 2);
}

}  // namespace test_yaml_hostile
