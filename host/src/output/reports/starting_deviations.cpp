// Where a chart's band starts when history.csv has no deviation before a player's first period: summary.json's
// `starting_deviation` (summary_json.cpp writes it).
#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace ratekit {

namespace {

// A deviation summary.json gives at `where`: a positive finite number, else a user_error naming it.
double deviation_in(const nlohmann::json& value, const std::filesystem::path& file, const std::string& where) {
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0)
    throw user_error(file.string(), 0, 0, "expected " + where + " as a positive number, got " + value.dump());
  return value.get<double>();
}

}  // namespace

starting_deviations read_starting_deviations(const std::filesystem::path& summary_json) {
  starting_deviations start;
  if (!std::filesystem::is_regular_file(summary_json)) return start;
  std::ifstream in(summary_json, std::ios::binary);
  const nlohmann::json summary = nlohmann::json::parse(in, nullptr, false);
  if (summary.is_discarded()) throw user_error(summary_json.string(), 0, 0, "expected JSON (the run's summary)");
  if (!summary.is_object() || !summary.contains("starting_deviation")) return start;
  const nlohmann::json& given = summary["starting_deviation"];
  if (!given.is_object() || !given.contains("new_player") || !given.value("seeded", nlohmann::json()).is_object())
    throw user_error(summary_json.string(), 0, 0,
                     "expected starting_deviation as {\"new_player\": a number, \"seeded\": {player: a number}}");
  start.new_player = deviation_in(given["new_player"], summary_json, "starting_deviation.new_player");
  for (const auto& [player, value] : given["seeded"].items())
    start.seeded.emplace(player, deviation_in(value, summary_json, "starting_deviation.seeded['" + player + "']"));
  return start;
}

void start_bands(std::vector<rating_series>& series, const starting_deviations& start) {
  for (rating_series& s : series) {
    if (s.points.size() < 2 || !std::isnan(s.points[0].spread) || !s.points[1].played) continue;
    if (std::none_of(s.points.begin() + 1, s.points.end(), [](const rating_point& p) { return !std::isnan(p.spread); }))
      continue;  // no band to start
    const auto seeded = start.seeded.find(s.player);
    s.points[0].spread = seeded != start.seeded.end() ? seeded->second : start.new_player;
  }
}

}  // namespace ratekit
