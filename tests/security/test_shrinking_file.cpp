// An input that shrinks while it is read (log rotation, a copy in progress) is
// an error naming the file, never a death by SIGBUS.
#include "test_support.hpp"

#include "../host/src/input/source.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <numeric>
#include <thread>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_shrinking_file {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

std::string games(size_t rows) {
  std::string csv = "date,player_a,player_b,score_a\n";
  for (size_t i = 0; i < rows; ++i)
    csv += "2024-01-01,P" + std::to_string(i % 997) + ",Q" + std::to_string(i % 991) + ",1\n";
  return csv;
}

}  // namespace

TEST_CASE("a mapped input cut short under the reader reads as NULs and is reported", "[security][input]") {
  const testing::temp_dir dir;
  const std::string text = games(100000);  // several MB: many pages past the cut
  testing::write_text(dir / "games.csv", text);
  const text::source src(dir / "games.csv", reader_options{});
  REQUIRE(src.text().size() == text.size());
  fs::resize_file(dir / "games.csv", 4096);
  CHECK_NOTHROW(src.check_unchanged());  // nothing past the cut was read yet
  const std::string_view t = src.text();
  const unsigned sum = std::accumulate(t.begin() + 8192, t.end(), 0u, [](unsigned a, char c) { return a + uint8_t(c); });
  CHECK(sum == 0);  // the vanished part reads as zeros, not as a signal
  CHECK(t.substr(0, 31) == "date,player_a,player_b,score_a\n");
  CHECK_THROWS_WITH(src.check_unchanged(),
                    Catch::Contains("games.csv: the file changed while it was read: it shrank from " +
                                    std::to_string(text.size()) + " bytes to 4096"));
}

TEST_CASE("ratekit run on a file truncated while it runs ends with an error or a result, never a signal",
          "[security][input]") {
  const testing::temp_dir dir;
  const std::string text = games(300000);
  testing::write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\noutput: { history: false }\n");
  for (int delay_ms : {0, 5, 20, 60}) {
    testing::write_text(dir / "games.csv", text);
    std::thread cut([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      fs::resize_file(dir / "games.csv", 1000);
    });
    const auto r = testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
    cut.join();
    INFO(r.out);
    CHECK((r.status == 0 || r.status == 1));  // -1: killed by a signal
    if (r.status == 1 && r.out.find("shrank") == std::string::npos)
      CHECK_THAT(r.out, Catch::Contains("games.csv:"));  // read after the cut: an ordinary error with its place
  }
}

}  // namespace test_shrinking_file
