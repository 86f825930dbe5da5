#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/output/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/output/report.hpp>

#include "output/history_rows.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <future>
#include <iterator>
#include <cmath>
#include <numeric>

namespace ratekit {

namespace fs = std::filesystem;

std::string format_number(double value) {
  std::string s;
  append_number(s, value);
  return s;
}

void append_number(std::string& out, double value) {
  if (std::isnan(value)) return;
  if (value == 0) {  // also folds -0
    out += '0';
    return;
  }
  char buf[400];  // fixed notation of any double fits
  // Counts and flags are whole: the integer conversion writes the same digits, faster.
  const bool whole = std::fabs(value) < 0x1p53 && value == std::trunc(value);
  const auto r = whole ? std::to_chars(buf, buf + sizeof buf, int64_t(value))
                       : std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
  out.append(buf, r.ptr);
}

namespace {

std::string ratings_csv(const run_result& r) {
  const auto& players = r.data.players;
  const rk_descriptor& desc = r.source->descriptor();
  const size_t n = size_t(players.size());
  const double* rating = r.state.rating();
  std::vector<int32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    if (rating[a] != rating[b]) return rating[a] > rating[b];
    return players.name(a) < players.name(b);
  });
  const bool births = std::any_of(players.birth_year.begin(), players.birth_year.end(), [](double v) { return !std::isnan(v); });
  const bool feds = std::any_of(players.federation.begin(), players.federation.end(), [](const auto& v) { return !v.empty(); });
  const bool ids = std::any_of(players.external_id.begin(), players.external_id.end(), [](const auto& v) { return !v.empty(); });

  std::string out = "player";
  for (uint32_t f = 0; f < desc.state_count; ++f) (out += ',') += desc.state[f].name;
  out += ",games,peak";
  // When each player was last rated, for a model that reads elapsed time (only
  // those models keep it): a list read back goes on from there.
  const bool last_played = std::any_of(r.state.last_date.begin(), r.state.last_date.end(), [](int32_t d) { return d != 0; });
  if (last_played) out += ",last_played";
  if (births) out += ",birth_year";
  if (feds) out += ",federation";
  if (ids) out += ",id";
  const bool categories = !r.config.categories.empty();
  if (categories) out += ",category";
  out += '\n';
  auto rows = [&](size_t from, size_t to) {
    std::string text;
    for (size_t i = from; i < to; ++i) {
      const auto p = size_t(order[i]);
      csv_row row(text);
      row.text(players.name(int32_t(p)));
      for (const auto& column : r.state.columns) row.number(column[p]);
      row.number(r.state.games[p]).number(r.state.peak[p]);
      if (last_played) row.number(r.state.last_date[p] ? double(r.state.last_date[p]) : NAN);
      if (births) row.number(players.birth_year[p]);
      if (feds) row.text(players.federation[p]);
      if (ids) row.text(players.external_id[p]);
      if (categories) row.text(category_of(r.config.categories, rating[p]));
    }
    return text;
  };
  // A long list is written in two halves at once: formatting the numbers is the cost.
  const size_t half = n < 50'000 ? n : n / 2;
  auto second = std::async(half < n ? std::launch::async : std::launch::deferred, rows, half, n);
  out += rows(0, half);
  out += second.get();
  return out;
}

// One row per player per game (or ranked entry); the plugin's shown state
// fields (rd, volatility, ...) after the period close each row.
std::string history_csv(const run_result& r) {
  const auto& d = r.data;
  const rk_descriptor& desc = r.source->descriptor();
  const size_t shown = r.shown_state.size();
  const std::vector<size_t> layout = history_layout(desc, r.config.history_columns);
  std::string out = history_header(desc, layout);
  if (!d.ranked()) {
    const double* state = r.game_state_after.data();
    r.replay_games([&](size_t i, double ba, double bb, double aa, double ab) {
      const rk_game& g = d.games[i];
      const rk_game_out& o = r.game_out[i];
      const std::string period = r.period_label(i);
      const std::string date = d.facts.date[i] > 0 ? iso_date(d.facts.date[i]) : std::string();
      history_row(out, layout, period, date, d.players.name(g.a), d.players.name(g.b), o.expected_a, g.score_a,
                  g.k_a, o.delta_a, ba, aa, state + 2 * i * shown);
      history_row(out, layout, period, date, d.players.name(g.b), d.players.name(g.a), o.expected_b, 1 - g.score_a,
                  g.k_b, o.delta_b, bb, ab, state + (2 * i + 1) * shown);
    });
    return out;
  }
  const size_t extra = desc.state_count - 1;  // entry_state_after holds every field besides the rating
  std::vector<double> state;                  // the entry's shown state fields
  size_t event = 0;
  r.replay_entries([&](size_t i, double before, double after) {
    while (i >= d.events[event].end) ++event;
    const rk_entry_out& o = r.entry_out[i];
    if (o.flags & RK_ENTRY_SKIPPED) return;
    state.clear();
    for (const uint32_t f : r.shown_state) state.push_back(r.entry_state_after[i * extra + f - 1]);
    const int32_t date = d.event_infos[event].date;
    history_row(out, layout, r.period_label(event), date > 0 ? iso_date(date) : std::string(),
                d.players.name(d.entries[i].player), d.event_infos[event].name, o.expected, d.entries[i].rank,
                o.weight, o.delta, before, after, state.data());
  });
  return out;
}

nlohmann::ordered_json summary_json(const run_result& r) {
  using json = nlohmann::ordered_json;  // keys in the order written
  const auto& c = r.config;
  const rk_descriptor& desc = r.source->descriptor();
  json params = json::object();
  for (uint32_t i = 0; i < desc.param_count; ++i) {
    const rk_param_spec& p = desc.params[i];
    const double v = c.params[i];
    if (p.type == RK_PARAM_BOOL) {
      params[p.key] = v != 0;
    } else if (p.type == RK_PARAM_CHOICE) {
      std::string_view choices = p.choices;
      for (int k = 0; k < int(v); ++k) choices.remove_prefix(choices.find('|') + 1);
      params[p.key] = std::string(choices.substr(0, choices.find('|')));
    } else {
      params[p.key] = v;
    }
  }
  json bookkeeping = json::array();  // state fields that reports leave out (a 1.0 plugin names none)
  for (uint32_t f = 0; f < desc.state_count && f < 32; ++f)
    if (desc.bookkeeping_state >> f & 1u) bookkeeping.push_back(desc.state[f].name);
  json inputs = json::array();
  for (const auto& path : c.input_paths) inputs.push_back(path.filename().string());
  json s = {{"competition", c.competition},
            {"model", c.model},
            {"plugin", {{"id", desc.id}, {"version", desc.version}, {"file", r.source->file().filename().string()}}},
            {"params", params},
            {"bookkeeping_state", bookkeeping},
            {"home_advantage", {{"predict", c.home_predict}, {"update", c.home_update},
                                {"hindsight", std::isnan(c.home_hindsight) ? c.home_predict : c.home_hindsight}}},
            {"input", {{"format", c.input_format}, {"files", inputs}}},
            {"counts", {{"players", r.data.players.size()}, {"games", r.game_count},
                        {"periods", r.period_count},
                        {"events", r.data.events.size()}, {"entries", r.data.entries.size()}}}};
  if (r.data.ranked()) {
    json skipped = json::array();
    for (size_t e = 0; e < r.data.events.size(); ++e) {
      const rk_event& ev = r.data.events[e];
      if (r.event_skipped(e))
        skipped.push_back({{"event", r.data.event_infos[e].name},
                           {"rounds", std::isnan(ev.rounds) ? json(nullptr) : json(ev.rounds)},
                           {"players", ev.end - ev.begin}});
    }
    s["skipped_events"] = skipped;
  }
  s["metrics"] = json(r.metrics);
  // The config itself, so a report shows exactly what produced the numbers.
  std::ifstream config(c.file, std::ios::binary);
  s["config_text"] = std::string(std::istreambuf_iterator<char>(config), std::istreambuf_iterator<char>());
  return s;
}

// The rating lines of the `count` best-rated players who played, best first.
// The best-rated players' lines, one point per rating period at its last date.
// The `count` highest rated players who played, highest first.
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

// Their rating series, from the games the run kept.
std::vector<rating_series> top_series(const run_result& r, size_t count) {
  const std::vector<int32_t> ids = top_players(r, count);
  const size_t n = ids.size();
  std::vector<rating_series> series;
  std::vector<int> line(size_t(r.data.players.size()), -1);
  std::vector<size_t> last_period(n, SIZE_MAX);
  for (size_t i = 0; i < n; ++i) {
    line[size_t(ids[i])] = int(i);
    series.push_back({r.data.players.name(ids[i]), {}});
  }
  // A plugin's `rd` state field is drawn as a band around the line.
  const int rd = r.source->state_field("rd");
  const size_t extra = r.source->descriptor().state_count - 1, shown = r.shown_state.size();
  const auto rd_at = std::find(r.shown_state.begin(), r.shown_state.end(), uint32_t(rd)) - r.shown_state.begin();
  // `state`: the player's fields after the period, `rd_offset` where rd sits in them.
  auto add = [&](int32_t p, size_t period, int32_t date, double before, double after, const double* state,
                 size_t rd_offset) {
    const int s = line[size_t(p)];
    if (s < 0) return;
    const double spread = rd > 0 && state ? state[rd_offset] : NAN;
    auto& points = series[size_t(s)].points;
    if (points.empty()) points.push_back({date, before});
    if (last_period[size_t(s)] == period)
      points.back() = {std::max(points.back().date, date), after, spread};
    else
      points.push_back({date, after, spread});
    last_period[size_t(s)] = period;
  };
  if (r.data.ranked()) {
    size_t event = 0;
    r.replay_entries([&](size_t i, double before, double after) {
      while (i >= r.data.events[event].end) ++event;
      if (!(r.entry_out[i].flags & RK_ENTRY_SKIPPED))
        add(r.data.entries[i].player, event, r.data.event_infos[event].date, before, after,
            r.entry_state_after.data() + i * extra, size_t(rd - 1));
    });
  } else {
    size_t period = 0;
    r.replay_games([&](size_t i, double before_a, double before_b, double after_a, double after_b) {
      if (r.period_ends.empty()) period = i;  // a period per game
      while (period < r.period_ends.size() && i >= r.period_ends[period]) ++period;
      const int32_t date = r.data.facts.date[i];
      const bool drawn = size_t(rd_at) < shown && !r.game_state_after.empty();
      const double* state = drawn ? r.game_state_after.data() + 2 * i * shown : nullptr;
      add(r.data.games[i].a, period, date, before_a, after_a, state, size_t(rd_at));
      add(r.data.games[i].b, period, date, before_b, after_b, state ? state + shown : nullptr, size_t(rd_at));
    });
  }
  return series;
}

// chart.svg: the top 5's series from history.csv when the run streamed it whole, else from the kept games.
std::string top_chart(const run_result& run, const fs::path& dir) {
  std::vector<rating_series> series;
  if (run.history_streamed && chart_reads_history(run.config)) {
    std::vector<std::string> names;
    for (const int32_t p : top_players(run, 5)) names.push_back(run.data.players.name(p));
    series = read_rating_series(dir / "history.csv", names);
  } else {
    series = top_series(run, 5);
  }
  return render_chart_svg(series, chart_options{.title = run.config.competition + ": the top 5", .inline_svg = false,
                                                .y_range = std::nullopt});
}

}  // namespace

void refuse_inputs_inside(const competition_config& config, const fs::path& dir) {
  std::error_code ec;
  const fs::path out = fs::weakly_canonical(fs::absolute(dir), ec);
  std::vector<fs::path> inputs = config.input_paths;
  if (!config.initial_ratings.empty()) inputs.push_back(config.initial_ratings);
  const fs::path database = config.output_database.empty() ? fs::path() : fs::weakly_canonical(config.output_database, ec);
  for (const fs::path& input : inputs) {
    const fs::path in = fs::weakly_canonical(input, ec);
    const auto [end, _] = std::mismatch(out.begin(), out.end(), in.begin(), in.end());
    if (end == out.end())  // `in` lies in `out` (links resolved)
      throw user_error(input.string(), 0, 0,
                       "this input lies inside the output folder " + dir.string() +
                           ", which the run writes: move it, or write the outputs elsewhere (--out)");
    if (in == database)
      throw user_error(input.string(), 0, 0, "this input is the history database the run writes");
  }
}

void write_outputs(const run_result& run, const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw user_error(dir.string(), 0, 0, "cannot create output directory: " + ec.message());
  // Build everything first, so a failure leaves the previous outputs untouched.
  const std::string ratings = ratings_csv(run);
  const bool history_here = run.config.write_history && !run.history_streamed;  // else a history_writer wrote it
  const std::string history = history_here ? history_csv(run) : std::string();
  const std::string summary = json_text(summary_json(run), 2) + "\n";
  const bool report_here = run.config.write_report && !run.report_streamed;  // else a report_writer wrote it
  const report_files report = report_here ? build_report(run) : report_files{};
  const std::string chart = run.config.write_charts ? top_chart(run, dir) : "";
  std::vector<output_file> files{{dir / "ratings.csv", ratings}};
  if (history_here) files.push_back({dir / "history.csv", history});
  if (report_here) {
    files.push_back({dir / "report.csv", report.csv});
    if (!run.data.ranked()) files.push_back({dir / "periods.csv", report.periods_csv});
    files.push_back({dir / "report.md", report.markdown});
  }
  if (run.config.write_charts) files.push_back({dir / "chart.svg", chart});
  files.push_back({dir / "summary.json", summary});  // last: a new summary means a complete set
  write_files_atomically(files);
}

}  // namespace ratekit
