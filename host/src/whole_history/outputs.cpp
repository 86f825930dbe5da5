// A whole-history fit's files: its own history.csv and chart.svg (smoothed estimates, one point per batch),
// ratings.csv and summary.json as every run writes them.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "output/files/run_files.hpp"
#include "whole_history/batch_label.hpp"
#include "whole_history/dense_history.hpp"
#include "whole_history/player_report.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "engine/period_clock.hpp"

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace {

// The chart's five players: the highest latest means, as ratings.csv ranks them.
std::vector<rating_series> top_series(const whole_history_fit& fit) {
  const run_result& r = fit.run;
  std::vector<int32_t> ids;
  for (int32_t p = 0; p < r.data.players.size(); ++p)
    if (r.state.games[size_t(p)] > 0) ids.push_back(p);
  const size_t n = std::min<size_t>(5, ids.size());
  const double* rating = r.state.rating();
  std::partial_sort(ids.begin(), ids.begin() + long(n), ids.end(),
                    [&](int32_t a, int32_t b) { return rating[a] > rating[b]; });
  std::vector<int> line(size_t(r.data.players.size()), -1);
  std::vector<rating_series> series;
  for (size_t i = 0; i < n; ++i) {
    line[size_t(ids[i])] = int(i);
    series.push_back({r.data.players.name(ids[i]), {}, "deviation"});
  }
  const dense_history& h = *fit.history;
  const double per_time = fit.summary["drift"]["variance"].get<double>();
  std::vector<size_t> last_batch(n);
  each_appearance(h, [&](size_t b, int32_t p, uint64_t e, uint64_t) {
    if (line[size_t(p)] < 0) return;
    const int32_t date = h.batch_dates[b];
    const size_t s = size_t(line[size_t(p)]);
    // Each point an estimate at its time: the first is drawn where the line starts, as every series' [0]; from
    // the second on, the bridge of the drift since the one before.
    rating_point point{date, fit.mean[e], fit.sd[e], date, int32_t(b) + 1, true};
    if (series[s].points.empty()) series[s].points.push_back(point);
    else point.drift = per_time * (h.batch_times[b] - h.batch_times[last_batch[s]]);
    series[s].points.push_back(point);
    last_batch[s] = b;
  });
  return series;
}

// summary.json as every run writes it, the fit's sweeps and evidence before its metrics.
nlohmann::ordered_json with_fit(const nlohmann::ordered_json& summary, const nlohmann::ordered_json& fit) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [key, value] : summary.items()) {
    if (key == "metrics") out["whole_history"] = fit;
    out[key] = value;
  }
  return out;
}

}  // namespace

namespace {

[[noreturn]] void refuse(const competition_config& c, std::string_view key, const std::string& what) {
  throw c.error_at(key, what + " is not yet available for whole-history models (model '" + c.model + "')");
}

}  // namespace

void refuse_unavailable_for_whole_history(const competition_config& c) {
  if (c.home_update != c.home_predict)
    refuse(c, "home_advantage", "a home advantage in the update other than in the forecast");
}

std::string whole_history_csv(const whole_history_fit& fit, const std::vector<std::string>& columns) {
  const dense_history& h = *fit.history;
  const run_result& r = fit.run;
  const auto shows = [&](const char* name) {
    return columns.empty() || std::find(columns.begin(), columns.end(), name) != columns.end();
  };
  const bool batch = shows("date") || shows("period"), player = shows("player"), rating = shows("rating"),
             deviation = shows("deviation"), games = shows("games");
  std::string out;
  {
    csv_row header(out);
    if (batch) header.text(batch_column(r.period));
    for (const char* name : {"player", "rating", "deviation", "games"})
      if (shows(name)) header.text(name);
  }
  each_appearance(h, [&](size_t b, int32_t p, uint64_t e, uint64_t played) {
    csv_row row(out);
    if (batch) row.text(batch_label(r.period, h.batch_dates[b]));
    if (player) row.text(r.data.players.name(p));
    if (rating) row.number(fit.mean[e]);
    if (deviation) row.number(fit.sd[e]);
    if (games) row.number(double(played));
  });
  return out;
}

std::vector<output_text> whole_history_texts(const whole_history_fit& fit, const competition_config& config) {
  const run_result& r = fit.run;
  std::vector<output_text> files{{"ratings.csv", ratings_csv(r, config)}};
  if (config.write_history) files.push_back({"history.csv", whole_history_csv(fit, config.history_columns)});
  if (config.write_charts)
    files.push_back({"chart.svg", render_chart_svg(top_series(fit), chart_options{.title = config.competition +
                                                                                           ": the top 5 (smoothed)"})});
  if (config.write_report) {
    whole_history_report report = player_report(fit, config);
    files.push_back({"report.csv", std::move(report.games)});
    files.push_back({"periods.csv", std::move(report.times)});
    files.push_back({"report.md", std::move(report.markdown)});
  }
  // Last, as every run writes it.
  files.push_back({"summary.json", json_text(with_fit(summary_json(r, config), fit.summary), 2) + "\n"});
  return files;
}

void write_whole_history_outputs(const whole_history_fit& fit, const competition_config& config,
                                 const std::filesystem::path& dir) {
  write_texts(dir, whole_history_texts(fit, config));
}

}  // namespace ratekit
