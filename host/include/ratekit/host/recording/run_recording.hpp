// Stage recording. In: a run_result, and each window of rated games as the engine rates it.
// Out: the run into the history database: every period, player, game and state,
// in one transaction that commits together with the run's output folder.
#pragma once

#include <ratekit/host/engine/starting_state.hpp>

#include <atomic>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct rk_descriptor;

namespace ratekit {

namespace store {
class database;
}

struct run_result;
struct competition_config;
struct ratings_list;
class player_table;
class rated_games_sink;

// A run that already recorded one of this run's periods, or was recorded after one (period empty).
struct earlier_run {
  int64_t id = 0;
  std::string recorded_at, fingerprint, period;  // period: the first one shared
  std::string config_file;
  // What rates it again (a run recorded after one replaced): its config's text and input files (a JSON list).
  std::string config_text, inputs;
};

struct recorded_run {
  int64_t run_id = 0;
  size_t periods = 0;
  size_t players = 0;
  bool unchanged = false;  // the same input was recorded before: nothing was added
  // With --replace: the runs removed, those that recorded one of this run's
  // periods and every run recorded after them, which started from their ratings.
  std::vector<earlier_run> replaced;
};

// What a run recorded as it is rated does on meeting a period that an earlier
// run recorded from other input.
struct stream_policy {
  bool replace = false;  // remove that run and every later one (else the run is refused: refuse_other_input)
  // The run starts from this database (initial.database is the same file): a
  // run to replace whose ratings are in the state it starts from (recorded
  // before config.initial_before_run) throws rate_again.
  bool starts_here = false;
};

// Thrown by a recording that meets a period of `run` when the run starts from
// the database it records into (stream_policy::starts_here): rate again from
// the state before `run`, after run_recording::restart().
struct rate_again : std::exception {
  earlier_run run;
  explicit rate_again(earlier_run r) : run(std::move(r)) {}
  const char* what() const noexcept override { return "rate again from the state before an earlier run"; }
};

// A period recorded from other input, without --replace: the run is refused.
[[noreturn]] void refuse_other_input(const competition_config& config, const earlier_run& e);

// What identifies a run's input: the config text and the bytes of every input
// file and starting list. Re-running the same input gives the same fingerprint.
std::string input_fingerprint(const competition_config& config);

// One run's rows, written inside a transaction on a locked database: a second
// run into the same database file is refused while this one lives (on a
// PostgreSQL server, a second run of the same competition waits for it, or is
// refused without `wait`), and nothing is visible to readers before commit().
// Destroyed without commit, nothing changes.
class run_recording final : public starting_state_reader {
 public:
  // `where`: a file or a postgresql:// URI (store/location.hpp); `competition`: the run's.
  run_recording(const std::filesystem::path& where, const std::string& competition, bool wait = true);
  ~run_recording() override;
  // For a process ended mid-run (a signal), where no destructor runs: removes a
  // database file the living recording created and has not committed.
  static void abandon_living() noexcept;
  run_recording(const run_recording&) = delete;
  run_recording& operator=(const run_recording&) = delete;

  // The runs of the competition that recorded any of `run`'s periods (`run` rated from `config`).
  std::vector<earlier_run> earlier_runs(const run_result& run, const competition_config& config);
  // The competition's run recorded from the same input (`fingerprint`), if any:
  // it holds every period a run of that input has, and no other run holds one.
  std::optional<earlier_run> same_input(const std::string& competition, const std::string& fingerprint);
  // How a run of `config` with `model` differs from the competition's latest run
  // (not counting `replaced`): "run 3 used fide-logistic {...}"; "" when they
  // agree or the competition is new. Ratings of two models are not on one scale.
  std::string model_change(const competition_config& config, const rk_descriptor& model,
                           const std::vector<earlier_run>& replaced);
  // Records `run`, rated from `config`; `done`, when given, counts the games (or entries) written.
  recorded_run record(const run_result& run, const competition_config& config, const std::string& fingerprint,
                      std::atomic<uint64_t>* done = nullptr);

  // Recording while rating: the sink to hand rate() with the run's config (it
  // records games and ranked events as they are rated).
  // The sink lives until restart() or the recording's end.
  rated_games_sink& stream(const competition_config& config, const rk_descriptor& model,
                           const std::string& fingerprint, stream_policy policy);
  // Finishes a run the sink recorded (run_result::database_streamed).
  recorded_run finish_stream(const run_result& run);
  // What a run that starts from the database it records into reads its initial
  // state with (run_services::starting_state): the latest state of
  // `competition`'s players before a run, as this recording's transaction sees it.
  ratings_list read_starting_state(const std::string& competition, player_table& players,
                                   int64_t before_run) override;
  // Drops everything recorded so far, keeping the lock, to begin again.
  void restart();

  void commit();

  // The connection, inside the run's transaction: what a whole-history run records through
  // (whole_history/recorded_fit.hpp).
  store::database& connection();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

// Refuses a model or parameters other than the competition's latest run's (not counting `replaced`), unless
// `new_model`, which warns: ratings of two models are not on one scale.
void check_model(run_recording& recording, const competition_config& config, const rk_descriptor& model,
                 const std::vector<earlier_run>& replaced, bool new_model);

// Records `run` (rated from `config`) on its own from what it kept, committed at once; a period the
// competition already holds is refused (user_error naming the period and the run
// that recorded it). `ratekit run` records as it rates (stream()); this plain
// version is what the tests hold the stream to, row for row.
recorded_run record_run(const run_result& run, const competition_config& config, const std::filesystem::path& file,
                        std::atomic<uint64_t>* done = nullptr);

}  // namespace ratekit
