// Recording into one PostgreSQL database at once: runs of two competitions go
// side by side; a second run of one competition waits for the first, or is
// refused with --no-wait (a session advisory lock per competition).
#include "pg_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <atomic>
#include <chrono>
#include <thread>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_concurrency {

using namespace ratekit;

namespace {

// Competitions north and south, each recorded by the config of its name.
struct two_competitions : testing::monthly_runs {
  explicit two_competitions(const testing::pg_schema& pg) : monthly_runs(pg.uri) {
    testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-12,A,C,0.5\n");
    config("north", "north", "g.csv");
    config("south", "south", "g.csv");
  }
  competition_config load(const std::string& name) const { return load_config(dir / (name + ".yaml"), testing::builtin()); }
};

}  // namespace

TEST_CASE("PostgreSQL: runs of two competitions record at the same time", "[.][postgres]") {
  const testing::pg_schema pg("two_at_once");
  two_competitions t(pg);
  const competition_config north = t.load("north"), south = t.load("south");
  // Both recordings open, each in its transaction, neither waiting for the other (wait: false refuses instead).
  run_recording a(north.output_database, north.competition, false);
  run_recording b(south.output_database, south.competition, false);
  a.record(rate(north, testing::builtin()), north, "n");
  b.record(rate(south, testing::builtin()), south, "s");
  b.commit();
  a.commit();
  CHECK(testing::table_rows(pg.uri, "SELECT c.name, count(*) FROM runs r JOIN competitions c ON c.id = r.competition_id "
                                    "GROUP BY c.name ORDER BY c.name") == std::vector<std::string>{"'north'|1", "'south'|1"});
  CHECK(pg.count("games") == 4);
}

TEST_CASE("PostgreSQL: a second run of one competition waits for the first, or is refused with --no-wait", "[.][postgres]") {
  const testing::pg_schema pg("one_at_a_time");
  two_competitions t(pg);
  const competition_config north = t.load("north");
  std::optional<run_recording> first;
  first.emplace(north.output_database, north.competition);
  first->record(rate(north, testing::builtin()), north, "first");

  CHECK_THROWS_WITH(run_recording(north.output_database, north.competition, false),
                    Catch::Contains("another ratekit run is recording competition 'north' into this database"));
  const auto refused = t.run("north", " --no-wait");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("another ratekit run is recording competition 'north'") != std::string::npos);
  CHECK(t.run("south", " --no-wait").status == 0);  // another competition is not held up

  std::atomic<bool> done{false};
  testing::command_result waited{};
  std::thread second([&] {
    waited = t.run("north");
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  CHECK_FALSE(done);  // still waiting for the first
  first.reset();      // the first ends without committing: the second records
  second.join();
  INFO(waited.out);
  CHECK(waited.status == 0);
  CHECK(waited.out.find("waiting for another ratekit run that is recording competition 'north'") != std::string::npos);
  CHECK(testing::table_rows(pg.uri, "SELECT c.name FROM runs r JOIN competitions c ON c.id = r.competition_id ORDER BY r.id") ==
        std::vector<std::string>{"'south'", "'north'"});
}

}  // namespace test_postgres_concurrency
