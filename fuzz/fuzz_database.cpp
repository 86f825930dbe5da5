// Fuzz target: the history database file (a mutated SQLite file: damaged pages, hostile rows) as its readers
// meet it: `ratekit history`, a run's `initial: { database: ... }`, the last run's model, and a recorded run's
// start (the schema upgraded, the starting state with its player records, the whole-history games, team
// matches and estimates). Each reader is asked about the competitions and players the file itself names.
// A user_error is the expected answer; anything else is a finding.
#include "fuzz_input.hpp"

#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/store/store.hpp>

#include "store/database.hpp"
#include "store/whole_history_rows.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Up to three of the texts `sql` finds in the file: what the readers below are asked about.
std::vector<std::string> names_in_database(const fs::path& file, const char* sql) {
  std::vector<std::string> names;
  try {
    const auto db = ratekit::store::open_database(file.string(), ratekit::store::database::mode::snapshot);
    ratekit::store::statement s = db->prepare(sql);
    while (names.size() < 3 && s.step())
      if (!s.is_null(0)) names.emplace_back(s.text(0));
  } catch (const ratekit::user_error&) {
  }
  return names;
}

template <class Read>
void refused_or_read(Read&& read) {
  try {
    read();
  } catch (const ratekit::user_error&) {
  }
}

// What a run recording into the file reads before it rates: nothing is committed.
void read_as_a_recorded_run_starts(const fs::path& file, const std::string& competition) {
  ratekit::run_recording recording(file, competition, false);
  ratekit::player_table players;
  recording.read_starting_state(competition, players, INT64_MAX);
  recording.same_input(competition, "fuzz");
  ratekit::store::database& db = recording.connection();
  ratekit::store::kinds_of_runs(db, competition);
  ratekit::store::read_recorded_games(db, competition, {});
  ratekit::store::read_recorded_estimates(db, competition);
}

// SQLite's journal and write-ahead log beside the scratch file, left by the last input.
void remove_database_sidecars(const fs::path& file) {
  for (const char* suffix : {"-journal", "-wal", "-shm"}) fs::remove(file.string() + suffix);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fs::path& file = ratekit::fuzz::scratch_file(".db");
  remove_database_sidecars(file);
  ratekit::fuzz::write_input(data, size, ".db");
  const auto competitions = names_in_database(file, "SELECT name FROM competitions ORDER BY id");
  const auto players = names_in_database(file, "SELECT name FROM players ORDER BY id");
  for (const std::string& c : competitions) {
    refused_or_read([&] {
      ratekit::player_table table;
      ratekit::read_database_ratings(file, c, table);
    });
    refused_or_read([&] { ratekit::last_run_model(file, c); });
  }
  for (const std::string& p : players) refused_or_read([&] { ratekit::player_history(file, p, std::nullopt); });
  // Last: a recording upgrades the schema in the file.
  for (const std::string& c : competitions) refused_or_read([&] { read_as_a_recorded_run_starts(file, c); });
  return 0;
}
