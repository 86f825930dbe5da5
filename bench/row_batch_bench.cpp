// Rows into the history database's `games` table (its key, types and checks,
// with a recording's settings), in µs a row: bound and stepped one by one
// (store::statement) against held and inserted by batches (store::row_batch),
// with SQLite's CHECK constraints and with the numbers checked as bound instead.
//
//   ratekit-row-batch-bench [--benchmark_filter=...]
#include "store/row_batch.hpp"
#include "store/sqlite.hpp"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <optional>
#include <type_traits>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using namespace ratekit::store;

constexpr int64_t rows = 200000;
constexpr const char* columns =
    "INSERT INTO games (run_id, seq, period_id, player_a, player_b, score_a, expected_a, expected_b, k_a, k_b, "
    "change_a, change_b, rating_a, rating_b)";

// A new database file, set up as run_recording sets up a recording, inside a transaction.
struct scratch {
  fs::path file = fs::temp_directory_path() / ("ratekit-row-batch-bench-" + std::to_string(::getpid()) + ".db");
  std::optional<sqlite_database> db;
  std::optional<transaction> tx;
  scratch() {
    fs::remove(file);
    db.emplace(file, database::mode::read_write);
    db->exec("PRAGMA page_size = 16384");
    db->exec("PRAGMA foreign_keys = OFF");
    db->exec("PRAGMA cache_size = -8192");
    tx.emplace(*db);
    db->ensure_schema();
  }
  ~scratch() {
    tx.reset();
    db.reset();
    fs::remove(file);
  }
};

// Game i's 14 values, like a generated game's.
template <class Insert>
void add_game(Insert& insert, int64_t i) {
  const double expected = 0.3 + double(i % 401) / 1000, change = 20 * (1 - expected);
  insert.bind(1, int64_t(1)).bind(2, i).bind(3, i / 28000 + 1).bind(4, i * 7919 % 100000 + 1);
  insert.bind(5, i * 104729 % 100000 + 1).bind(6, 1.0).bind(7, expected).bind(8, 1 - expected).bind(9, 20.0);
  insert.bind(10, 20.0).bind(11, change).bind(12, -change).bind(13, 1500 + double(i % 977) * 0.123456789);
  insert.bind(14, 1500 - double(i % 613) * 0.987654321).run();
}

// Times inserting the rows, not setting up the file or committing it.
template <class Insert, class Make>
void insert_games(benchmark::State& state, Make make) {
  for (auto _ : state) {
    state.PauseTiming();
    {
      scratch s;
      Insert insert = make(*s.db);
      state.ResumeTiming();
      for (int64_t i = 0; i < rows; ++i) add_game(insert, i);
      if constexpr (std::is_same_v<Insert, row_batch>) insert.flush();
      state.PauseTiming();
    }
    state.ResumeTiming();
  }
  state.counters["per_row"] =
      benchmark::Counter(double(rows), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void bound_and_stepped(benchmark::State& state) {
  insert_games<statement>(state, [](database& db) {
    return db.prepare((std::string(columns) + " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)").c_str());
  });
}

void by_batches(benchmark::State& state) {
  insert_games<row_batch>(state, [](database& db) { return row_batch(db, columns, 14); });
}

// As a recording inserts them: the numbers checked as bound, SQLite's nine CHECKs a row skipped.
void by_batches_checked_when_bound(benchmark::State& state) {
  insert_games<row_batch>(state, [](database& db) {
    db.check_numbers_when_bound();
    return row_batch(db, columns, 14);
  });
}

}  // namespace

BENCHMARK(bound_and_stepped)->Unit(benchmark::kMillisecond);
BENCHMARK(by_batches)->Unit(benchmark::kMillisecond);
BENCHMARK(by_batches_checked_when_bound)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
