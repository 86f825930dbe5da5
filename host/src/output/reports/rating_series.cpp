// Rating series from history.csv: one point per player and period.
#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "input/text.hpp"

#include <ratekit/host/input/input_text.hpp>

#include <algorithm>
#include <array>
#include <set>

namespace ratekit {

std::vector<double> rating_series::ratings() const {
  std::vector<double> out;
  out.reserve(points.size());
  for (const auto& p : points) out.push_back(p.rating);
  return out;
}

double series_area(const std::vector<double>& ratings) {
  double area = 0.0;
  for (size_t i = 1; i < ratings.size(); ++i) area += 0.5 * (ratings[i - 1] + ratings[i]);
  return area;
}

void series_builder::row(bool new_period, int32_t date, size_t s, double before, double after, double spread,
                         double spread_before) {
  if (new_period || period_ == 0) {
    close_period();
    ++period_;
    first_ = last_ = date;
  } else if (date > 0) {
    first_ = first_ > 0 ? std::min(first_, date) : date;
    last_ = std::max(last_, date);
  }
  if (s >= series_.size()) return;
  auto& points = series_[s].points;
  if (points.empty()) {
    points.push_back({.rating = before, .spread = spread_before, .period = period_ - 1});
    open_.emplace_back(s, 0);
  }
  if (points.back().period == period_) {  // rows of one period all carry the rating at its end
    points.back().rating = after, points.back().spread = spread;
    return;
  }
  points.push_back({.rating = after, .spread = spread, .period = period_});
  open_.emplace_back(s, points.size() - 1);
}

void series_builder::close_period() {
  if (period_ == 1) run_first_ = first_;
  for (const auto& [s, i] : open_) {
    rating_point& p = series_[s].points[i];
    p.start = first_;
    p.date = i == 0 ? first_ : last_;  // the rating before: at the start of the first period
  }
  open_.clear();
}

std::vector<rating_series> series_builder::finish(std::span<const double> sat_out) {
  close_period();
  for (size_t s = 0; s < sat_out.size() && s < series_.size(); ++s)
    if (series_[s].points.empty() && period_ > 0)  // from the run's first day to its last
      series_[s].points = {{.date = run_first_, .rating = sat_out[s], .start = run_first_, .period = 0},
                           {.date = last_, .rating = sat_out[s], .start = run_first_, .period = period_, .played = false}};
  return std::move(series_);
}

// Named for the file: its column names are bare enumerators, apart from other files' in a unity batch.
namespace rating_series_csv {
namespace {

enum column { period, date, player, rating_before, rating_after, rd_after, sigma_after, rd_before, sigma_before };

constexpr std::array<text::column_spec, 9> history_columns{{
    {"period", false}, {"date", false}, {"player", true}, {"rating_before", true}, {"rating_after", true},
    {"rd_after", false}, {"sigma_after", false}, {"rd_before", false}, {"sigma_before", false},
}};

// Parses yyyy-mm-dd into yyyymmdd; 0 when empty or malformed.
int32_t date_of(std::string_view s) {
  int32_t day = 0;
  return text::parse_date(s, day) ? day : 0;
}

// The players `history` names (up to 100,000 of them), in order.
std::vector<std::string> names_in(const text::source& history, size_t column, size_t field_count) {
  text::problem_list ignored(history);
  text::line_cursor lines(history.text());
  text::csv_splitter csv;
  text::line l;
  std::set<std::string, std::less<>> names;
  for (lines.next(l); lines.next(l) && names.size() < 100000;) {
    history.release_read(l.text.data());
    if (!text::is_blank(l.text) && csv.split(l, ignored) && csv.size() == field_count && !names.count(csv[column]))
      names.emplace(csv[column]);
  }
  return {names.begin(), names.end()};
}

// The series of `players` from the history `src`, as read_rating_series gives them.
std::vector<rating_series> series_in(const text::source& src, const std::vector<std::string>& players,
                                     std::span<const double> sat_out) {
  text::problem_list problems(src);
  text::line_cursor lines(src.text());
  text::csv_splitter csv;
  text::line l;
  if (!lines.next(l) || text::is_blank(l.text)) {
    problems.add(1, 1, "expected the history header (period,date,player,...,rating_after), got an empty file");
    problems.throw_if_any();
  }
  if (!csv.split(l, problems)) problems.throw_if_any();
  const std::vector<int> at = text::map_header(csv, l, history_columns, problems, true);
  problems.throw_if_any();
  const size_t field_count = csv.size();
  auto cell = [&](column c) { return at[c] < 0 ? std::string_view() : csv[size_t(at[c])]; };

  std::vector<rating_series> out(players.size());
  std::string last_period;
  // A deviation drawn as a band: Glicko's rd, or TrueSkill's and Weng-Lin's
  // sigma; the team models' history has it before each match too.
  const column deviation = at[rd_after] >= 0 ? rd_after : sigma_after;
  const column deviation_before = deviation == rd_after ? rd_before : sigma_before;
  for (size_t p = 0; p < players.size(); ++p) {
    out[p].player = players[p];
    if (deviation == sigma_after) out[p].spread_name = "sigma";
  }
  series_builder builder(std::move(out));
  while (lines.next(l)) {
    src.release_read(l.text.data());  // one pass: the rows behind are done with
    if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
    if (csv.size() != field_count) {
      problems.add(l.number, csv.end_column(),
                   "expected " + std::to_string(field_count) + " fields as in the header, got " +
                       std::to_string(csv.size()));
      continue;
    }
    // Every row dates its period, whoever it is of; a history without periods has one per row.
    const bool new_period = at[period] < 0 || cell(period) != last_period;
    if (new_period) last_period = cell(period);
    const size_t s = size_t(std::find(players.begin(), players.end(), cell(player)) - players.begin());
    if (s == players.size()) {
      builder.row(new_period, date_of(cell(date)), s, 0, 0, NAN);
      continue;
    }
    double before = 0, after = 0;
    bool ok = true;
    for (const auto& [c, value] : {std::pair{rating_before, &before}, std::pair{rating_after, &after}}) {
      if (text::parse_number(cell(c), *value)) continue;
      problems.add(l.number, csv.column(size_t(at[c])),
                   "expected " + std::string(history_columns[c].name) + " as a number, got " + text::quote(cell(c)));
      ok = false;
    }
    const auto deviation_of = [&](column c) {
      double value = NAN;
      return at[c] >= 0 && text::parse_number(cell(c), value) ? value : NAN;
    };
    builder.row(new_period, date_of(cell(date)), ok ? s : players.size(), before, after, deviation_of(deviation),
                deviation_of(deviation_before));
  }
  problems.throw_if_any();
  out = builder.finish(sat_out);  // a player's bad rows explain his missing points
  std::vector<std::string> names;  // for "did you mean", read again only when a player has no games
  for (const auto& s : out) {
    if (!s.points.empty()) continue;
    if (names.empty()) names = names_in(src, size_t(at[player]), field_count);
    std::string message = "no games of '" + s.player + "' in this history";
    const std::string near = did_you_mean(s.player, names);
    if (!near.empty()) message += " (did you mean '" + near + "'?)";
    problems.add(0, 0, message);
  }
  problems.throw_if_any();
  return out;
}

}  // namespace
}  // namespace rating_series_csv

std::vector<rating_series> read_rating_series(const std::filesystem::path& history_csv,
                                              const std::vector<std::string>& players,
                                              std::span<const double> sat_out) {
  return rating_series_csv::series_in(text::source(history_csv, {}), players, sat_out);
}

std::vector<rating_series> read_rating_series(const input_text& history_csv, const std::vector<std::string>& players,
                                              std::span<const double> sat_out) {
  return rating_series_csv::series_in(text::source(history_csv), players, sat_out);
}

}  // namespace ratekit
