#include "recording/run_rows.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <nlohmann/json.hpp>

#include <ctime>
#include <stdexcept>

namespace ratekit::db_rows {
namespace {

using store::statement;

// Now, as runs.recorded_at holds it: the same text whichever engine stores it.
std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

std::string params_json(const competition_config& config, const rk_descriptor& model) {
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (uint32_t i = 0; i < model.param_count; ++i) params[model.params[i].key] = config.params[i];
  return json_text(params);
}

// Looked up first: a PostgreSQL upsert would draw an id each time, found or not.
int64_t competition_id(store::database& db, const std::string& name) {
  statement find = db.prepare("SELECT id FROM competitions WHERE name = ?1");
  find.bind(1, std::string_view(name));
  if (find.step()) return find.integer(0);
  statement insert = db.prepare("INSERT INTO competitions (name) VALUES (?1) RETURNING id");
  insert.bind(1, std::string_view(name));
  return inserted_id(insert);
}

int64_t insert_run(store::database& db, int64_t competition, const competition_config& config,
                   const rk_descriptor& model, const std::string& fingerprint) {
  nlohmann::json inputs = nlohmann::json::array();
  for (const auto& path : config.input_paths) inputs.push_back(path.string());
  if (!config.period_label.empty()) inputs = {{"files", inputs}, {"period_label", config.period_label}};
  const std::string params = params_json(config, model), input_text = json_text(inputs),
                    file = valid_utf8(config.file.string()), text = recorded_config_text(config), now = utc_now();
  statement s = db.prepare(
      "INSERT INTO runs (competition_id, recorded_at, model, plugin_version, params, inputs, config_file, "
      "config_text, fingerprint) VALUES (?1, ?9, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id");
  s.bind(1, competition).bind(2, std::string_view(model.id)).bind(3, std::string_view(model.version));
  s.bind(4, std::string_view(params)).bind(5, std::string_view(input_text)).bind(6, std::string_view(file));
  s.bind(7, std::string_view(text)).bind(8, std::string_view(fingerprint)).bind(9, std::string_view(now));
  return inserted_id(s);
}

int64_t inserted_id(statement& insert) {
  if (!insert.step()) throw std::logic_error("an INSERT ... RETURNING id returned no row");
  const int64_t id = insert.integer(0);
  insert.run();  // done, ready to run again
  return id;
}

std::optional<earlier_run> period_owner(store::database& db, int64_t competition, const std::string& label) {
  statement s = db.prepare(
      "SELECT r.id, r.recorded_at, coalesce(r.fingerprint, ''), r.config_file FROM periods p "
      "JOIN runs r ON r.id = p.run_id WHERE p.competition_id = ?1 AND p.label = ?2");
  s.bind(1, competition).bind(2, std::string_view(label));
  if (!s.step()) return std::nullopt;
  return earlier_run{s.integer(0), std::string(s.text(1)), std::string(s.text(2)), label, std::string(s.text(3)), {}, {}};
}

std::map<std::string, earlier_run> recorded_periods(store::database& db, int64_t competition) {
  statement s = db.prepare(
      "SELECT p.label, r.id, r.recorded_at, coalesce(r.fingerprint, ''), r.config_file FROM periods p "
      "JOIN runs r ON r.id = p.run_id WHERE p.competition_id = ?1");
  s.bind(1, competition);
  std::map<std::string, earlier_run> owners;
  while (s.step()) {
    std::string label(s.text(0));
    owners.emplace(label,
                   earlier_run{s.integer(1), std::string(s.text(2)), std::string(s.text(3)), label, std::string(s.text(4)), {}, {}});
  }
  return owners;
}

const std::vector<std::string>& window_labels::of(const rated_games& g) {
  names_.insert(names_.end(), g.new_period_names.begin(), g.new_period_names.end());
  window_.clear();
  for (size_t p = 0, begin = 0; p < g.period_count; begin = size_t(g.ends[p++]))
    window_.push_back(labels_.add(period_label(kind_, g.dates[begin], g.periods[begin], names_, g.first + begin)));
  return window_;
}

std::vector<earlier_run> runs_from(store::database& db, int64_t competition, const earlier_run& first, int64_t own) {
  statement s = db.prepare(
      "SELECT id, recorded_at, coalesce(fingerprint, ''), config_file, config_text, inputs FROM runs "
      "WHERE competition_id = ?1 AND id >= ?2 AND id <> ?3 ORDER BY id");
  s.bind(1, competition).bind(2, first.id).bind(3, own);
  std::vector<earlier_run> runs;
  while (s.step())
    runs.push_back(earlier_run{s.integer(0), std::string(s.text(1)), std::string(s.text(2)),
                               s.integer(0) == first.id ? first.period : std::string(), std::string(s.text(3)),
                               std::string(s.text(4)), std::string(s.text(5))});
  return runs;
}

void remove_runs(store::database& db, const std::vector<int64_t>& runs) {
  static const char* const deletes[] = {
      "DELETE FROM games WHERE run_id = ?1", "DELETE FROM entries WHERE run_id = ?1",
      "DELETE FROM states WHERE run_id = ?1", "DELETE FROM player_records WHERE run_id = ?1",
      "DELETE FROM ratings WHERE period_id IN (SELECT id FROM periods WHERE run_id = ?1)",
      // the competition's list is made anew from what stays (standings_rows.hpp)
      "DELETE FROM standings WHERE competition_id = (SELECT competition_id FROM runs WHERE id = ?1)",
      "DELETE FROM period_dates WHERE period_id IN (SELECT id FROM periods WHERE run_id = ?1)",
      "DELETE FROM periods WHERE run_id = ?1", "DELETE FROM runs WHERE id = ?1"};
  for (const char* sql : deletes) {
    statement s = db.prepare(sql);
    for (const int64_t id : runs) s.bind(1, id).run();
  }
}

std::string period_labels::add(std::string label) {
  ++count_;
  if (label.empty()) label = "period " + std::to_string(count_);
  const std::string base = label;
  for (int n = 2; seen_.count(label); ++n) label = base + " (" + std::to_string(n) + ")";
  seen_.insert(label);
  return label;
}

std::string game_run_label(const competition_config& config, int32_t first_date, int32_t last_date) {
  if (first_date > 0) return iso_date(first_date) + ".." + iso_date(last_date);
  std::string label;
  for (const auto& path : config.input_paths)
    label += (label.empty() ? "" : ", ") + printable(valid_utf8(path.filename().string()));
  return label;
}

}  // namespace ratekit::db_rows
