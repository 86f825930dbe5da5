// The run into the history database: every period, player, game and state,
// in one transaction that commits together with the run's output folder.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ratekit {

struct run_result;
struct competition_config;

struct recorded_run {
  int64_t run_id = 0;
  size_t periods = 0;
  size_t players = 0;
  bool unchanged = false;  // the same input was recorded before: nothing was added
};

// A run that already recorded one of this run's periods.
struct earlier_run {
  int64_t id = 0;
  std::string recorded_at, fingerprint, period;  // period: the first one shared
};

// What identifies a run's input: the config text and the bytes of every input
// file and starting list. Re-running the same input gives the same fingerprint.
std::string input_fingerprint(const competition_config& config);

// One run's rows, written inside a transaction on a locked database: a second
// run into the same database is refused while this one lives, and nothing is
// visible to readers before commit(). Destroyed without commit, nothing changes.
class run_recording {
 public:
  explicit run_recording(const std::filesystem::path& file);
  ~run_recording();
  run_recording(const run_recording&) = delete;
  run_recording& operator=(const run_recording&) = delete;

  // The runs of the competition that recorded any of `run`'s periods.
  std::vector<earlier_run> earlier_runs(const run_result& run);
  // How `run`'s model or parameters differ from the competition's latest run
  // (not counting `replaced`): "run 3 used fide-logistic {...}"; "" when they
  // agree or the competition is new. Ratings of two models are not on one scale.
  std::string model_change(const run_result& run, const std::vector<earlier_run>& replaced);
  // Removes earlier runs entirely (an explicit replace).
  void remove_runs(const std::vector<earlier_run>& runs);
  // Records `run`; `done`, when given, counts the games (or entries) written.
  recorded_run record(const run_result& run, const std::string& fingerprint, std::atomic<uint64_t>* done = nullptr);
  void commit();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

// Records `run` on its own, committed at once; a period the competition already
// holds is refused (user_error naming the period and the run that recorded it).
recorded_run record_run(const run_result& run, const std::filesystem::path& file,
                        std::atomic<uint64_t>* done = nullptr);

}  // namespace ratekit
