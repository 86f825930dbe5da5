// `ratekit chart` on a whole-history run's folder: its history.csv (date or period, player, rating, deviation,
// games: one row per player per batch) read back as the smoothed curves the run's own chart.svg draws.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "input/text.hpp"
#include "whole_history/drift.hpp"
#include "whole_history/folder_summary.hpp"

#include "engine/period_clock.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <array>
#include <set>

namespace ratekit {

// Named for the file: its column names are bare enumerators, apart from other files' in a unity batch.
namespace smoothed_series_csv {
namespace {

enum column { date, period, player, rating, deviation, games };
constexpr std::array<text::column_spec, 6> history_columns{{{"date", false}, {"period", false}, {"player", true},
                                                            {"rating", true}, {"deviation", true}, {"games", false}}};

// yyyymmdd of a batch's label: its day, or the first day of its month ("2024-01") or its year ("2024").
int32_t batch_day(std::string_view label) {
  int32_t day = 0;
  if (label.size() == 7) return text::parse_date(std::string(label) + "-01", day) ? day : 0;
  if (label.size() == 4) return text::parse_date(std::string(label) + "-01-01", day) ? day : 0;
  return text::parse_date(label, day) ? day : 0;
}

// The drift's variance per unit of time and the unit, from the run's summary.json beside its history.csv (a
// batch's label gives its time in that unit); none when the folder's summary.json is older than them.
struct folder_drift {
  double per_time = NAN;
  period_kind unit = period_kind::day;

  explicit folder_drift(const std::filesystem::path& dir) {
    const nlohmann::json summary = whole_history_summary(dir);
    if (summary.is_null() || !summary["whole_history"].contains("drift")) return;
    const nlohmann::json& drift = summary["whole_history"]["drift"];
    const auto kind = time_unit_of(drift.value("per", std::string()));
    if (!kind || !drift.contains("variance") || !drift["variance"].is_number()) return;
    per_time = drift["variance"].get<double>(), unit = *kind;
  }
  double time_of(int32_t day) const {
    int64_t number = 0;
    calendar_number(unit, day, number);
    return double(number);
  }
};

}  // namespace
}  // namespace smoothed_series_csv

std::vector<rating_series> read_smoothed_series(const std::filesystem::path& history_csv,
                                                const std::vector<std::string>& players) {
  using smoothed_series_csv::column, smoothed_series_csv::history_columns, smoothed_series_csv::batch_day,
      smoothed_series_csv::folder_drift;
  using enum smoothed_series_csv::column;
  const text::source src(history_csv, {});
  text::problem_list problems(src);
  text::csv_table table(src, problems, history_columns, "the header date,player,rating,deviation,games");
  const column batch = table.has(date) ? date : period;
  if (!table.has(batch))
    problems.add(table.current().number, 1, "expected a column named 'date' or 'period' (a whole-history history)");
  problems.throw_if_any();
  std::vector<rating_series> out(players.size());
  for (size_t p = 0; p < players.size(); ++p) out[p].player = players[p], out[p].spread_name = "deviation";
  std::set<std::string, std::less<>> names;  // for "did you mean"
  std::string last_batch;
  int32_t batches = 0;
  const folder_drift drift(history_csv.parent_path());
  std::vector<double> last_time(players.size());
  while (table.next_row()) {
    if (table.field(batch) != last_batch) last_batch = table.field(batch), ++batches;
    if (names.size() < 100000) names.emplace(table.field(player));
    const auto s = size_t(std::find(players.begin(), players.end(), table.field(player)) - players.begin());
    if (s == players.size()) continue;
    const int32_t day = batch_day(table.field(batch));
    double mean = 0, sd = 0;
    if (!day) table.bad(batch, "as a day (yyyy-mm-dd), a month (yyyy-mm) or a year (yyyy)");
    if (!text::parse_number(table.field(rating), mean)) table.bad(rating, "as a number");
    if (!text::parse_number(table.field(deviation), sd)) table.bad(deviation, "as a number");
    if (!day || !std::isfinite(mean) || !std::isfinite(sd)) continue;
    // Each point an estimate at its time; the first also where the line starts, as the run's chart draws it;
    // from the second on, the bridge of the drift since the one before.
    rating_point point{day, mean, sd, day, batches, true};
    if (out[s].points.empty()) out[s].points.push_back(point);
    else point.drift = drift.per_time * (drift.time_of(day) - last_time[s]);
    out[s].points.push_back(point);
    last_time[s] = drift.time_of(day);
  }
  problems.throw_if_any();
  for (const rating_series& s : out) {
    if (!s.points.empty()) continue;
    std::string message = "no games of '" + s.player + "' in this history";
    const std::string near = did_you_mean(s.player, std::vector<std::string>(names.begin(), names.end()));
    if (!near.empty()) message += " (did you mean '" + near + "'?)";
    problems.add(0, 0, message);
  }
  problems.throw_if_any();
  return out;
}

}  // namespace ratekit
