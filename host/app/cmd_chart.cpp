#include "commands.hpp"

#include <ratekit/host/output/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/outputs.hpp>

#include <cstdio>
#include <filesystem>

namespace ratekit::app {

void add_chart_command(CLI::App& app, context&) {
  auto* cmd = app.add_subcommand("chart", "Draw game-by-game ratings from a run's history.csv as an SVG chart");
  static std::string dir, output, title;
  static std::vector<std::string> players;
  cmd->add_option("OUTDIR", dir, "Output directory of a run (holds history.csv)")->required();
  cmd->add_option("--players", players, "Players or teams to draw, e.g. NO,IND,MIN")->required()->delimiter(',');
  cmd->add_option("-o,--output", output, "SVG file to write (default OUTDIR/chart.svg)");
  cmd->add_option("--title", title, "Chart title (default: the players' names)");
  cmd->callback([] {
    const std::filesystem::path history = std::filesystem::path(dir) / "history.csv";
    if (!std::filesystem::exists(history))
      throw user_error(history.string(), 0, 0, "no history.csv here: run with output.history true first");
    const auto series = read_rating_series(history, players);
    chart_options options;
    if (!title.empty()) {
      options.title = title;
    } else {
      options.title = "Game-by-game ratings:";
      for (size_t i = 0; i < players.size(); ++i) options.title += (i ? " vs " : " ") + players[i];
    }
    const std::filesystem::path file = output.empty() ? std::filesystem::path(dir) / "chart.svg" : std::filesystem::path(output);
    write_file_atomically(file, render_chart_svg(series, options));
    // The book compares teams by the area under their lines over the season.
    std::printf("player,games,final,area\n");
    for (const auto& s : series)
      std::printf("%s,%zu,%.6f,%.6f\n", s.player.c_str(), s.ratings.size() - 1, s.ratings.back(),
                  series_area(s.ratings));
    std::fprintf(stderr, "wrote %s\n", file.string().c_str());
  });
}

}  // namespace ratekit::app
