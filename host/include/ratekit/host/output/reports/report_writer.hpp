// The report of pairwise games (report.csv, periods.csv, report.md) written
// with memory bounded by the players, not the games. While the games are rated
// (rated_games_sink) each side of each game becomes one fixed-size record in an
// unlinked temporary file (a file of memory for a sink kept in memory: spill_file), and the writer counts each player's sides. When the
// run ends, the final ratings set the order (players by final rating, highest
// first, ties by name; each player's games in order): the records are dealt
// into buckets of players of contiguous ranks, each at most `bucket_bytes`
// (unless one player's records alone are more), and bucket by bucket they are
// read back, put in order and written out through buffered writes.
// Memory: O(players) plus about twice the bucket budget.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/engine/spill_file.hpp>
#include <ratekit/host/output/files/output_sink.hpp>

#include <string>
#include <vector>

namespace ratekit {

class report_writer final : public rated_games_sink {
 public:
  static constexpr size_t default_bucket_bytes = size_t(64) << 20;

  // The files go into `out` (which outlives this) when finish() is called; `model` is the run's plugin.
  report_writer(output_sink& out, const plugin& model, size_t bucket_bytes = default_bucket_bytes);
  report_writer(const report_writer&) = delete;
  report_writer& operator=(const report_writer&) = delete;

  void take(rated_games& games) override;
  unsigned streams() const override { return streams_report; }

  // Writes the three files when `run` (rated from `config`) streamed its report to this writer
  // (run_result::report_streamed); otherwise, and for ranked events
  // (ranked_report_writer), nothing.
  // An I/O error is a user_error naming the file.
  void finish(const run_result& run, const competition_config& config);

  // How many buckets the last finish() dealt the records into (1: none dealt).
  size_t buckets() const { return buckets_; }

 private:
  void flush();

  output_sink& out_;
  const rk_ext_game_columns* const columns_;  // the model's extra report columns, or none
  const size_t bucket_bytes_;
  size_t shown_ = 0;         // shown state fields per record, known with the first batch
  size_t record_bytes_ = 0;  // one side's record
  uint64_t periods_ = 0;     // rating periods handed over so far
  std::vector<uint64_t> sides_;  // per player: sides recorded
  std::vector<char> pending_;    // records not yet in the file
  uint64_t written_ = 0;         // bytes in the file
  spill_file spill_;
  size_t buckets_ = 0;
};

}  // namespace ratekit
