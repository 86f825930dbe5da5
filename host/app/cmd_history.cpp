#include <ratekit/host/text/escape.hpp>
#include "commands.hpp"

#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/store/store.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace ratekit::app {

void add_history_command(CLI::App& app, context&) {
  auto* cmd = app.add_subcommand("history", "Print a player's rating over time from a rating database");
  static std::string db, player, competition;
  static bool json = false;
  cmd->add_option("DB", db, "Rating database (output.database of a run)")->required();
  cmd->add_option("PLAYER", player, "Player name or external id")->required();
  cmd->add_option("--competition", competition, "Only this competition");
  cmd->add_flag("--json", json, "Print JSON instead of a table");
  cmd->callback([] {
    const auto points =
        player_history(db, player, competition.empty() ? std::nullopt : std::optional<std::string>(competition));
    // The plugins' other state fields (rd, volatility, ...) as further columns, in order of first appearance.
    std::vector<std::string> fields;
    for (const auto& p : points)
      for (const auto& [name, value] : p.state)
        if (std::find(fields.begin(), fields.end(), name) == fields.end()) fields.push_back(name);
    auto value_of = [](const history_point& p, const std::string& field) -> double {
      for (const auto& [name, value] : p.state)
        if (name == field) return value;
      return NAN;
    };
    if (json) {
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      for (const auto& p : points) {
        nlohmann::ordered_json row{{"competition", p.competition}, {"period", p.period}, {"rating", p.rating},
                                   {"change", p.change}, {"games", p.games}};
        for (const auto& [name, value] : p.state) row[name] = std::isnan(value) ? nlohmann::ordered_json() : nlohmann::ordered_json(value);
        rows.push_back(std::move(row));
      }
      std::printf("%s\n", json_text(nlohmann::ordered_json{{"player", player}, {"history", rows}}, 2).c_str());
      return;
    }
    std::printf("%-20s %-24s %10s %9s %6s", "competition", "period", "rating", "change", "games");
    for (const auto& f : fields) std::printf(" %12s", f.c_str());
    std::printf("\n");
    for (const auto& p : points) {
      std::printf("%-20s %-24s %10.2f %+9.2f %6lld", p.competition.c_str(), p.period.c_str(), p.rating, p.change,
                  static_cast<long long>(p.games));
      for (const auto& f : fields) {
        const double v = value_of(p, f);
        if (std::isnan(v)) std::printf(" %12s", "");
        else std::printf(" %12.6g", v);
      }
      std::printf("\n");
    }
  });
}

}  // namespace ratekit::app
