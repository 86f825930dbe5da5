// Stage config. In: one competition's YAML file and the loaded plugins' schemas.
// Out: a checked competition_config (model, parameters, K schedule, periods, outputs).
//
// Competition configs: one YAML file per competition, validated against the
// chosen plugin's schema before anything is rated.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/config/history_columns.hpp>
#include <ratekit/host/config/k_schedule.hpp>
#include <ratekit/host/config/model_catalog.hpp>
#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit {

enum class period_kind { game, event, day, month, year };

// Day, month and year periods are numbered by their dates; event and game periods are counted.
inline bool is_calendar(period_kind kind) {
  return kind == period_kind::day || kind == period_kind::month || kind == period_kind::year;
}

// A dated one-time change of a ratings list (FIDE, 1 March 2024: ratings from
// 1000 to 2000 raised by 0.4 (2000 - R)): every listed rating in [from, to]
// moves `fraction` of the way to `toward`, rounded to a whole number when asked.
// It applies to a list that starts a run dated on or after `date`.
struct list_adjustment {
  int32_t date = 0;  // yyyymmdd
  double from = 0, to = 0, toward = 0, fraction = 0;
  bool round = false;
  double apply(double r) const {
    if (!(r >= from && r <= to)) return r;
    const double moved = r + fraction * (toward - r);
    return round ? std::round(moved) : moved;
  }
};

struct competition_config;
// True when chart.svg is drawn from the run's own history.csv, written with
// every column while the games are rated: the run keeps no game for the chart.
bool chart_reads_history(const competition_config& c);

struct competition_config {
  std::filesystem::path file;  // the YAML file itself
  std::string text;            // its YAML as read, recorded with the run and part of its fingerprint
  // Line and column of each top-level key, for what the run finds wrong with it later.
  std::map<std::string, std::pair<int, int>, std::less<>> key_places;
  // A problem with `key` found once the input is read, placed at the key.
  user_error error_at(std::string_view key, std::string message) const;
  std::string competition;
  std::string model;
  std::vector<double> params;  // values in the descriptor's order, defaults filled in
  k_schedule k;                // empty when the config has none
  double home_predict = 0;     // rating points for the home side when predicting
  double home_update = 0;      // ... and inside the update
  double home_hindsight = NAN; // ... for hindsight accuracy; NaN: as when predicting
  double initial_rating = NAN; // NaN: the plugin's initial value
  double initial_games = 0;    // games assumed for players whose rating comes from the input
  // initial.state: a new player's value of the model's other state fields (Glicko's rd), by name.
  std::vector<std::pair<std::string, double>> initial_state;
  std::filesystem::path initial_ratings;  // previous ratings list, absolute; empty when none
  std::filesystem::path initial_database; // history database to start from, absolute; empty when none
  // initial.database is output.database and does not exist yet: a first run, everyone new, creates it.
  bool creates_initial_database = false;
  int64_t initial_before_run = INT64_MAX; // ... its state before this run (set when a run is redone)
  std::optional<list_adjustment> initial_adjustment;  // applied to the list or database above
  std::string input_format;
  std::vector<std::filesystem::path> input_paths;  // absolute, read in order into one dataset
  reader_options input_options;
  period_kind period = period_kind::game;
  bool period_given = false;  // `period:` is in the config (ranked events are their own periods)
  // ratekit run --period-label: the whole input is the one rating period of this name (event periods), or
  // must lie in it (calendar periods). Recorded with the run, so a re-rating names it alike. Empty: none.
  std::string period_label;
  std::filesystem::path output_dir;       // output.dir, absolute; else out/<competition> in the working directory
  std::filesystem::path output_database;  // history database to record the run in, absolute; empty when none
  bool write_history = true;
  std::vector<std::string> history_columns;  // output.history as a list: only these columns; empty: all
  bool write_charts = false;
  bool write_report = false;   // report.csv, periods.csv and report.md, per player and period
  // metrics: walk-forward (a whole-history model's games scored from fits of earlier batches only)
  bool walk_forward_metrics = false;
  // Category labels by rating: (lowest rating, label), ascending; empty when none.
  std::vector<std::pair<double, std::string>> categories;
};

// The label of the highest category whose lower bound `rating` reaches; "" when none.
inline std::string category_of(const std::vector<std::pair<double, std::string>>& categories, double rating) {
  std::string label;
  for (const auto& [from, name] : categories)
    if (rating >= from) label = name;
  return label;
}

// Parses and validates `file`. Every problem found (unknown or misspelt keys
// with a suggestion, wrong types, out-of-range values, unknown model or format)
// is reported together in one user_error with file:line:column.
// With `input_apart`, `input` needs no path and its path is not read: the
// caller sets input_paths (ratekit run --input).
competition_config load_config(const std::filesystem::path& file, const model_catalog& models,
                               bool input_apart = false);

// A config a program holds as text (a Python dict as YAML): `name` stands for
// the file in messages and `base` for its folder. With `input_apart`, `input`
// needs no path: the caller sets input_paths and hands the rows over itself
// (reader_options::fill).
struct config_text {
  std::string name, yaml;
  std::filesystem::path base;
  bool input_apart = false;
};
competition_config load_config(const config_text& text, const model_catalog& models);

// The config file's text as a run records it (summary.json, the database's
// runs table): a password its database URIs hold replaced by "********".
std::string recorded_config_text(const competition_config& config);

// Validates `key=value` parameter overrides (from the command line) against a
// schema and returns every value in descriptor order, defaults filled in.
std::vector<double> resolve_params(const rk_descriptor& schema,
                                   const std::vector<std::pair<std::string, std::string>>& overrides);
// The same over `base` values (e.g. the config's params) instead of the defaults.
std::vector<double> resolve_params(const rk_descriptor& schema, const std::vector<double>& base,
                                   const std::vector<std::pair<std::string, std::string>>& overrides);

}  // namespace ratekit
