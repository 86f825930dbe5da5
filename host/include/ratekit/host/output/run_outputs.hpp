// The files of a run's folder, listed in one place (run_outputs.cpp): those
// written while the games are rated (history.csv, the report: streamed_outputs),
// made as the config asks, and the rest built once the run is rated (output_texts).
#pragma once

#include <ratekit/host/output/background/fan_out_sink.hpp>
#include <ratekit/host/output/files/history_table.hpp>
#include <ratekit/host/output/files/history_writer.hpp>
#include <ratekit/host/output/files/output_sink.hpp>
#include <ratekit/host/output/files/output_text.hpp>
#include <ratekit/host/output/reports/ranked_report_writer.hpp>
#include <ratekit/host/output/reports/report_writer.hpp>
#include <ratekit/host/output/background/sink_thread.hpp>

#include <filesystem>
#include <optional>

namespace ratekit {

// Refuses a run whose inputs (results, starting list) or history database lie
// inside the folder it writes, where an output could replace an input or the
// folder's replacement take the database along; before anything is rated.
void refuse_inputs_inside(const competition_config& config, const std::filesystem::path& dir);

// ratings.csv, history.csv (when `config`, the config the run rated, asks for it and no history sink took it)
// and summary.json, last, with chart.svg and the reports the config asks for and no sink wrote, built from the
// run in memory; `dir` is the folder the streamed files are in (a chart reads history.csv back from it), or
// `history` holds the streamed history.csv's rows (a run kept in memory), which the chart then reads.
std::vector<output_text> output_texts(const run_result& run, const competition_config& config,
                                      const std::filesystem::path& dir, const history_table* history = nullptr);
// Writes them into `dir`, created when missing.
void write_outputs(const run_result& run, const competition_config& config, const std::filesystem::path& dir);

class streamed_outputs {
 public:
  // Into `out` (the staging folder, or memory), which outlives this; `database`, when given, streams beside
  // them. history.csv and the database each take the games on a thread of their own.
  // `history`, when given, takes history.csv's rows in the place of the file (a history_table); a sink kept in
  // memory needs it when the config asks for history.
  streamed_outputs(const competition_config& config, const plugin& model, output_sink& out,
                   rated_games_sink* database, rated_games_sink* history = nullptr);
  // What the engine hands the rated games to; nullptr when nothing streams.
  rated_games_sink* sink() { return sinks_.empty() ? nullptr : &sinks_; }
  // Once the run is rated (from `config`): history.csv closed, the database's rows in, the
  // report written. I/O errors are user_errors; what a sink threw comes back.
  void finish(const run_result& run, const competition_config& config);

 private:
  std::optional<history_writer> history_;
  std::optional<report_writer> report_;
  std::optional<ranked_report_writer> ranked_report_;
  std::optional<sink_thread> history_thread_, database_thread_;  // stopped before the sinks they feed go
  fan_out_sink sinks_;
};

}  // namespace ratekit
