// The files of a run's folder, listed in one place: streamed_outputs makes
// those written while the games are rated (history.csv, the report);
// output_texts builds the rest from the run_result, one file each, and those
// that could not stream (a ranked run's history and report).
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/report.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "output/files/run_files.hpp"

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace fs = std::filesystem;

namespace {

// The output folder as its links lead, refused when they lead nowhere: a loop
// of links, or a link to what does not exist.
fs::path resolved_output(const fs::path& dir) {
  std::error_code ec;
  const fs::path out = fs::weakly_canonical(fs::absolute(dir), ec);
  if (ec == std::errc::too_many_symbolic_link_levels)
    throw user_error(dir.string(), 0, 0,
                     "expected an output folder, got a loop of symbolic links: replace the link, or write the "
                     "outputs elsewhere (--out)");
  if (ec) throw user_error(dir.string(), 0, 0, "cannot resolve the output folder: " + ec.message());
  if (fs::is_symlink(fs::symlink_status(dir, ec)) && !fs::exists(dir, ec))
    throw user_error(dir.string(), 0, 0,
                     "expected an output folder, got a symbolic link to '" + fs::read_symlink(dir, ec).string() +
                         "', which does not exist: create it, or write the outputs elsewhere (--out)");
  return out;
}

}  // namespace

void refuse_inputs_inside(const competition_config& config, const fs::path& dir) {
  std::error_code ec;
  const fs::path out = resolved_output(dir);
  std::vector<fs::path> inputs = config.input_paths;
  if (!config.initial_ratings.empty()) inputs.push_back(config.initial_ratings);
  const bool on_server = is_database_uri(config.output_database.string());
  const fs::path database =
      config.output_database.empty() || on_server ? fs::path() : fs::weakly_canonical(config.output_database, ec);
  const auto inside = [&](const fs::path& in) {  // `in` with its links resolved
    return std::mismatch(out.begin(), out.end(), in.begin(), in.end()).first == out.end();
  };
  for (const fs::path& input : inputs) {
    const fs::path in = fs::weakly_canonical(input, ec);
    if (inside(in))
      throw user_error(input.string(), 0, 0,
                       "this input lies inside the output folder " + dir.string() +
                           ", which the run writes: move it, or write the outputs elsewhere (--out)");
    if (in == database)
      throw user_error(input.string(), 0, 0, "this input is the history database the run writes");
  }
  // The run replaces the folder as a whole: a database in it would go with the old folder.
  for (const fs::path& db : {config.output_database, config.initial_database})
    if (!db.empty() && !is_database_uri(db.string()) && inside(fs::weakly_canonical(db, ec)))
      throw user_error(db.string(), 0, 0,
                       "the history database lies inside the output folder " + dir.string() +
                           ", which the run replaces as a whole: keep it beside the folder, or write the outputs "
                           "elsewhere (--out)");
}

streamed_outputs::streamed_outputs(const competition_config& config, const plugin& model, output_sink& out,
                                   rated_games_sink* database, rated_games_sink* history) {
  if (config.write_history)
    sinks_.add(&history_thread_.emplace(
        history ? *history : history_.emplace(out.dir() / "history.csv", config, model.descriptor())));
  if (database) sinks_.add(&database_thread_.emplace(*database));
  if (config.write_report) {
    sinks_.add(&report_.emplace(out, model));  // reads the model's instance: on the engine's thread
    sinks_.add(&ranked_report_.emplace(out, config, model.descriptor()));
  }
}

void streamed_outputs::finish(const run_result& run, const competition_config& config) {
  if (history_thread_) history_thread_->finish();
  if (history_) history_->finish();
  if (database_thread_) database_thread_->finish();
  if (report_) report_->finish(run, config), ranked_report_->finish();
}

// Every file built before any is written (write_texts), so a failure leaves the previous outputs untouched.
std::vector<output_text> output_texts(const run_result& run, const competition_config& config, const fs::path& dir,
                                      const history_table* history) {
  std::vector<output_text> files{{"ratings.csv", ratings_csv(run, config)}};
  if (config.write_history && !run.history_streamed)  // else a history sink took it
    files.push_back({"history.csv", history_csv(run, config)});
  if (config.write_report && !run.report_streamed) {  // else a report_writer wrote it
    report_files report = build_report(run, config);
    files.push_back({"report.csv", std::move(report.csv)});
    if (!run.data.ranked()) files.push_back({"periods.csv", std::move(report.periods_csv)});
    files.push_back({"report.md", std::move(report.markdown)});
  }
  if (config.write_charts) files.push_back({"chart.svg", top_chart(run, config, dir, history)});
  // Last: a new summary means a complete set.
  files.push_back({"summary.json", json_text(summary_json(run, config), 2) + "\n"});
  return files;
}

void write_outputs(const run_result& run, const competition_config& config, const fs::path& dir) {
  write_texts(dir, output_texts(run, config, dir));
}

}  // namespace ratekit
