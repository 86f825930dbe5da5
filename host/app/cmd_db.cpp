#include "commands.hpp"

#include <ratekit/host/store/location.hpp>
#include <ratekit/host/store/store.hpp>

#include <spdlog/spdlog.h>

namespace ratekit::app {

void add_db_command(CLI::App& app, context&) {
  auto* db = app.add_subcommand("db", "Work on a rating history database as a whole");
  db->require_subcommand(1);
  auto* copy = db->add_subcommand(
      "copy", "Copy a whole history between a SQLite file and a PostgreSQL database (postgresql:// URI), either way");
  static std::string from, to;
  copy->add_option("FROM", from, "The history to copy: a file or a URI")->required();
  copy->add_option("TO", to, "Where to: a new file, or a database without runs")->required();
  copy->callback([] {
    const std::string source = database_location(from), target = database_location(to);
    int64_t total = 0;
    for (const auto& [table, rows] : copy_history(source, target)) {
      spdlog::info("{}: {} rows", table, rows);
      total += rows;
    }
    spdlog::info("copied {} rows from {} to {}; every table reads back the same", total, source, target);
  });
}

}  // namespace ratekit::app
