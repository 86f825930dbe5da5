#include "output/files/run_files.hpp"

#include <ratekit/host/input/input_text.hpp>
#include <ratekit/host/output/files/history_table.hpp>
#include <ratekit/host/output/reports/chart.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ratekit {
namespace {

namespace fs = std::filesystem;

// The `count` highest rated players who have played, in this run or before it, highest first.
std::vector<int32_t> top_players(const run_result& r, size_t count) {
  const double* rating = r.state.rating();
  std::vector<int32_t> ids;
  for (int32_t p = 0; p < r.data.players.size(); ++p)
    if (r.state.games[size_t(p)] > 0) ids.push_back(p);
  const size_t n = std::min(count, ids.size());
  std::partial_sort(ids.begin(), ids.begin() + long(n), ids.end(),
                    [&](int32_t a, int32_t b) { return rating[a] > rating[b]; });
  ids.resize(n);
  return ids;
}

// Their ratings, at which those who sat the run out are drawn.
std::vector<double> ratings_of(const run_result& r, const std::vector<int32_t>& ids) {
  std::vector<double> ratings;
  for (const int32_t p : ids) ratings.push_back(r.state.rating()[p]);
  return ratings;
}

// Their rating series, from the games the run kept.
std::vector<rating_series> top_series(const run_result& r, size_t count) {
  const std::vector<int32_t> ids = top_players(r, count);
  // A plugin's `rd` (or `sigma`) state field is drawn as a band around the line.
  const int rd = deviation_field(*r.source);
  const bool sigma = rd > 0 && r.source->descriptor().state[rd].name == std::string_view("sigma");
  const size_t n = ids.size();
  std::vector<rating_series> series;
  std::vector<int> line(size_t(r.data.players.size()), -1);
  for (size_t i = 0; i < n; ++i) {
    line[size_t(ids[i])] = int(i);
    series.push_back({r.data.players.name(ids[i]), {}, sigma ? "sigma" : "RD"});
  }
  series_builder builder(std::move(series));
  const size_t shown = r.shown_state.size();
  const auto rd_at = std::find(r.shown_state.begin(), r.shown_state.end(), uint32_t(rd)) - r.shown_state.begin();
  // `state`: the player's fields after the period (`state_before`: at its
  // start, when kept), `rd_offset` where rd sits in them.
  size_t last_period = SIZE_MAX;
  auto add = [&](int32_t p, size_t period, int32_t date, double before, double after, const double* state,
                 const double* state_before, size_t rd_offset) {
    const int s = line[size_t(p)];
    builder.row(period != last_period, date, s < 0 ? n : size_t(s), before, after,
                rd > 0 && state ? state[rd_offset] : NAN, rd > 0 && state_before ? state_before[rd_offset] : NAN);
    last_period = period;
  };
  if (r.data.ranked()) {
    size_t event = 0;
    r.replay_events([&](const rated_event& e) {
      for (size_t i = 0; i < e.count; ++i)
        if (!(e.out[i].flags & RK_ENTRY_SKIPPED))
          add(e.entries[i].player, event, e.info->date, e.before[i], e.after[i], e.state_after + i * e.fields,
              e.state_before + i * e.fields, size_t(rd - 1));
      ++event;
    });
  } else {
    size_t period = 0;
    r.replay_games([&](size_t i, double before_a, double before_b, double after_a, double after_b) {
      if (r.period_ends.empty()) period = i;  // a period per game
      while (period < r.period_ends.size() && i >= r.period_ends[period]) ++period;
      const int32_t date = r.data.facts.date[i];
      const bool drawn = size_t(rd_at) < shown && !r.game_state_after.empty();
      const double* state = drawn ? r.game_state_after.data() + 2 * i * shown : nullptr;
      add(r.data.games[i].a, period, date, before_a, after_a, state, nullptr, size_t(rd_at));
      add(r.data.games[i].b, period, date, before_b, after_b, state ? state + shown : nullptr, nullptr, size_t(rd_at));
    });
  }
  return builder.finish(ratings_of(r, ids));
}

}  // namespace

std::string top_chart(const run_result& run, const competition_config& config, const fs::path& dir,
                      const history_table* history) {
  std::vector<rating_series> series;
  if (run.history_streamed && chart_reads_history(config)) {  // else from the kept games or entries
    const std::vector<int32_t> ids = top_players(run, 5);
    std::vector<std::string> names;
    for (const int32_t p : ids) names.push_back(run.data.players.name(p));
    if (history) {  // the text the file would hold, read as the file is
      const std::string text = history->csv();
      series = read_rating_series(input_text{"history.csv", text}, names, ratings_of(run, ids));
    } else {
      series = read_rating_series(dir / "history.csv", names, ratings_of(run, ids));
    }
  } else {
    series = top_series(run, 5);
  }
  start_bands(series, run_starting_deviations(run, config));
  return render_chart_svg(series, chart_options{.title = config.competition + ": the top 5", .inline_svg = false,
                                                .y_range = std::nullopt});
}

}  // namespace ratekit
