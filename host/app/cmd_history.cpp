#include <ratekit/host/text/escape.hpp>
#include "commands.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/store/store.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace ratekit::app {

namespace {

// Characters, not bytes, so a name with 'é' lines up.
size_t characters(std::string_view s) {
  return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string padded(std::string_view s, size_t width) {
  return std::string(s) + std::string(width - std::min(width, characters(s)), ' ');
}

// 2345 as 2345, 1510.4237 as 1510.42; a change with its sign.
std::string rating_text(double v, bool change) {
  const int decimals = v == std::floor(v) && std::fabs(v) < 1e15 ? 0 : 2;
  return change ? fmt::format("{:+.{}f}", v, decimals) : fmt::format("{:.{}f}", v, decimals);
}

}  // namespace

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
    // A team match's period says which team he played for.
    const bool with_team = std::any_of(points.begin(), points.end(), [](const auto& p) { return !p.team.empty(); });
    // An event's dates, where the input gave them (a period named by its dates needs none).
    const bool with_date = std::any_of(points.begin(), points.end(), [](const auto& p) { return !p.date.empty(); });
    if (json) {
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      for (const auto& p : points) {
        nlohmann::ordered_json row{{"competition", p.competition}, {"period", p.period}};
        if (with_date) row["date"] = p.date.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(p.date);
        if (with_team) row["team"] = p.team;
        row.update(nlohmann::ordered_json{{"rating", p.rating}, {"change", p.change}, {"games", p.games}});
        for (const auto& [name, value] : p.state) row[name] = std::isnan(value) ? nlohmann::ordered_json() : nlohmann::ordered_json(value);
        rows.push_back(std::move(row));
      }
      std::printf("%s\n", json_text(nlohmann::ordered_json{{"player", player}, {"history", rows}}, 2).c_str());
      return;
    }
    // Text columns as wide as their longest cell; ratings as whole numbers when they are.
    size_t competition_width = 11, period_width = 6, date_width = 4, team_width = 4;
    for (const auto& p : points) {
      competition_width = std::max(competition_width, characters(p.competition));
      period_width = std::max(period_width, characters(p.period));
      date_width = std::max(date_width, characters(p.date));
      team_width = std::max(team_width, characters(p.team));
    }
    std::string table = padded("competition", competition_width) + " " + padded("period", period_width) +
                        (with_date ? " " + padded("date", date_width) : std::string()) +
                        (with_team ? " " + padded("team", team_width) : std::string()) +
                        fmt::format(" {:>10} {:>9} {:>6}", "rating", "change", "games");
    for (const auto& f : fields) table += fmt::format(" {:>12}", f);
    table += '\n';
    for (const auto& p : points) {
      table += padded(p.competition, competition_width) + " " + padded(p.period, period_width) +
               (with_date ? " " + padded(p.date, date_width) : std::string()) + (with_team ? " " + padded(p.team, team_width) : std::string()) + fmt::format(" {:>10} {:>9} {:>6}", rating_text(p.rating, false), rating_text(p.change, true), p.games);
      for (const auto& f : fields) {
        const double v = value_of(p, f);
        table += std::isnan(v) ? fmt::format(" {:>12}", "") : fmt::format(" {:>12.6g}", v);
      }
      table += '\n';
    }
    std::fputs(table.c_str(), stdout);
  });
}

}  // namespace ratekit::app
