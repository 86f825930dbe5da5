// The run into the history database: every period, player, game and state,
// in one transaction beside the run's other outputs.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>

namespace ratekit {

struct run_result;

struct recorded_run {
  int64_t run_id = 0;
  size_t periods = 0;
  size_t players = 0;
};

// Records `run` in one transaction: when anything fails, the database stays as
// it was. A period the competition already holds is refused (user_error naming
// the period and the run that recorded it), so a month cannot be imported twice.
// `done`, when given, counts the games (or entries) written, for progress.
recorded_run record_run(const run_result& run, const std::filesystem::path& file,
                        std::atomic<uint64_t>* done = nullptr);

}  // namespace ratekit
