// A run's own row in the history database and the earlier runs it meets: the
// competition, the `runs` row, the labels its periods are stored under, the
// runs that recorded one of them, and their removal (--replace).
#pragma once

#include "store/database.hpp"

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace ratekit::db_rows {

std::string params_json(const competition_config& config, const rk_descriptor& model);
int64_t competition_id(store::database& db, const std::string& name);
// The run's row in `runs`; returns its id.
int64_t insert_run(store::database& db, int64_t competition, const competition_config& config,
                   const rk_descriptor& model, const std::string& fingerprint);
// The id an `INSERT ... RETURNING id` gave; the statement is ready to run again.
int64_t inserted_id(store::statement& insert);
// The run of competition `competition` (its id) that recorded period `label`, if any.
std::optional<earlier_run> period_owner(store::database& db, int64_t competition, const std::string& label);
// Run `first` and every run of competition `competition` (its id) recorded
// after it, but `own`: a run replaced takes with it the runs that started from its ratings.
std::vector<earlier_run> runs_from(store::database& db, int64_t competition, const earlier_run& first, int64_t own);
// Removes runs entirely, with every row they recorded but their players.
void remove_runs(store::database& db, const std::vector<int64_t>& runs);

// The labels of a run's stored periods, each once: a label met again gets
// " (2)", " (3)", ...; an empty one is "period N".
class period_labels {
 public:
  std::string add(std::string label);
  size_t size() const { return count_; }

 private:
  std::unordered_set<std::string> seen_;
  size_t count_ = 0;
};

// A streamed run's stored periods, labelled in the order the engine hands its
// windows over, with the input's period names as they arrive.
class window_labels {
 public:
  explicit window_labels(period_kind kind) : kind_(kind) {}
  // The labels of the window's periods, in order (not for game periods).
  const std::vector<std::string>& of(const rated_games& window);
  std::string add(std::string label) { return labels_.add(std::move(label)); }
  size_t size() const { return labels_.size(); }

 private:
  const period_kind kind_;
  std::vector<std::string> names_, window_;
  period_labels labels_;
};

// Every period of competition `competition` (its id) recorded, by label, with the run that recorded it.
std::map<std::string, earlier_run> recorded_periods(store::database& db, int64_t competition);

// The one period a run rated game by game (period: game) is stored as: named
// after its first and last date, or after its input files when a game has none.
std::string game_run_label(const competition_config& config, int32_t first_date, int32_t last_date);

}  // namespace ratekit::db_rows
