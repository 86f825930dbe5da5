#include "commands.hpp"

#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace ratekit::app {

void add_chart_command(CLI::App& app, context&) {
  auto* cmd = app.add_subcommand("chart", "Draw players' ratings over time from a run's history.csv as an SVG chart");
  static std::string dir, output, title;
  static std::vector<std::string> player, players;
  cmd->add_option("OUTDIR", dir, "Output directory of a run (holds history.csv)")->required();
  cmd->add_option("--player", player, "A player or team to draw, its exact name (repeatable: --player \"Short, Nigel\")");
  cmd->add_option("--players", players, "Players or teams to draw as one list split on commas, e.g. NO,IND,MIN")
      ->delimiter(',');
  cmd->add_option("-o,--output", output, "SVG file to write (default OUTDIR/chart.svg)");
  cmd->add_option("--title", title, "Chart title (default: the players' names)");
  cmd->footer(
      "Each point is a rating after a rating period, at the end of the day of its last game, the line\n"
      "rising or falling from its first; dashed: no games. A date axis when the history has dates.\n"
      "A player of ratings.csv without rows in history.csv (he sat every period out) is drawn flat.\n"
      "The SVG is as wide as the window or the element that holds it.\n"
      "Prints player,periods,final,area: area is the sum under the line, one unit per period\n"
      "(Langville and Meyer's season comparison).");
  cmd->callback([] {
    std::vector<std::string> names = player;
    names.insert(names.end(), players.begin(), players.end());
    if (names.empty()) throw CLI::RequiredError("--player or --players");
    for (auto at = names.begin(); at != names.end(); ++at)
      if (std::find(names.begin(), at, *at) != at)
        throw CLI::ValidationError("--player", "'" + *at + "' is named twice; name each player once");
    const output_folder_reader reading(dir);  // no run replaces the folder meanwhile
    const std::filesystem::path history = std::filesystem::path(dir) / "history.csv";
    if (!std::filesystem::exists(history))
      throw user_error(history.string(), 0, 0, "no history.csv here: run with output.history true first");
    // A whole-history run's history.csv holds smoothed estimates, one row per player per batch.
    const auto series = is_whole_history_folder(dir) ? read_smoothed_series(history, names) : read_run_series(dir, names);
    chart_options options;
    options.title = title.empty() ? players_title(names, options) : title;
    const std::filesystem::path file = output.empty() ? std::filesystem::path(dir) / "chart.svg" : std::filesystem::path(output);
    write_file_atomically(file, render_chart_svg(series, options));
    std::printf("player,periods,final,area\n");
    for (const auto& s : series) {
      std::string name;
      append_csv_field(name, s.player);  // a name may hold commas and quotes
      std::printf("%s,%zu,%.6f,%.6f\n", name.c_str(), s.points.size() - 1, s.points.back().rating,
                  series_area(s.ratings()));
    }
    std::fprintf(stderr, "wrote %s\n", file.string().c_str());
  });
}

}  // namespace ratekit::app
