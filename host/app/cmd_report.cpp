#include "commands.hpp"

#include <ratekit/host/output/reports/html_report.hpp>
#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <cstdio>

namespace ratekit::app {

void add_report_command(CLI::App& app, context&) {
  auto* cmd = app.add_subcommand("report", "Write the HTML overview, one self-contained page, from a run's output directory");
  static std::string dir, output;
  cmd->add_option("OUTDIR", dir, "Output directory of a run (holds ratings.csv)")->required();
  cmd->add_option("-o,--output", output, "HTML file to write (default OUTDIR/report.html)");
  cmd->callback([] {
    const std::filesystem::path file = output.empty() ? std::filesystem::path(dir) / "report.html" : std::filesystem::path(output);
    const output_folder_reader reading(dir);  // no run replaces the folder meanwhile
    // A whole-history run's history.csv holds smoothed estimates, read by their own reader.
    const smoothed_history smoothed{[](const std::vector<std::string>& players) {
      return read_smoothed_series(std::filesystem::path(dir) / "history.csv", players);
    }};
    write_file_atomically(file, build_html_report(dir, is_whole_history_folder(dir) ? &smoothed : nullptr));
    std::fprintf(stderr, "wrote %s\n", file.string().c_str());
  });
}

}  // namespace ratekit::app
