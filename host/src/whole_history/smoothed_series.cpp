// `ratekit chart` on a whole-history run's folder: its history.csv (date or period, player, rating, deviation,
// games: one row per player per batch) read back as the smoothed curves the run's own chart.svg draws.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "input/text.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <array>
#include <set>

namespace ratekit {

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

}  // namespace

std::vector<rating_series> read_smoothed_series(const std::filesystem::path& history_csv,
                                                const std::vector<std::string>& players) {
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
    // Each point an estimate at its time; the first also where the line starts, as the run's chart draws it.
    const rating_point point{day, mean, sd, day, batches, true};
    if (out[s].points.empty()) out[s].points.push_back(point);
    out[s].points.push_back(point);
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
