// record_run: one run into the history database, all or nothing.
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/database.hpp>

#include "store/schema.hpp"
#include "store/sqlite.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <sstream>

namespace ratekit {
namespace {

namespace fs = std::filesystem;
using store::statement;

// The periods a run is stored as. Games rated one by one (period: game) form a
// single stored period named after their dates (or input files), so a second
// import of the same file is still recognised.
struct stored_periods {
  std::vector<std::string> labels;
  std::vector<uint32_t> of;  // stored period of each game (pairwise) or event (ranked)
};

void add_label(stored_periods& s, std::string label) {
  if (label.empty()) label = "period " + std::to_string(s.labels.size() + 1);
  const std::string base = label;
  for (int n = 2; std::find(s.labels.begin(), s.labels.end(), label) != s.labels.end(); ++n)
    label = base + " (" + std::to_string(n) + ")";
  s.labels.push_back(std::move(label));
}

stored_periods split_periods(const run_result& r) {
  const dataset& d = r.data;
  stored_periods s;
  if (d.ranked()) {
    for (size_t e = 0; e < d.events.size(); ++e) {
      s.of.push_back(uint32_t(s.labels.size()));
      add_label(s, r.period_label(e));
    }
  } else if (!r.period_ends.empty()) {
    size_t begin = 0;
    for (const uint64_t end : r.period_ends) {
      s.of.insert(s.of.end(), size_t(end) - begin, uint32_t(s.labels.size()));
      add_label(s, r.period_label(begin));
      begin = size_t(end);
    }
  } else {
    s.of.assign(d.games.size(), 0);
    const auto [lo, hi] = std::minmax_element(d.facts.date.begin(), d.facts.date.end());
    std::string label;
    if (lo != d.facts.date.end() && *lo > 0) {
      label = iso_date(*lo) + ".." + iso_date(*hi);
    } else {
      for (const auto& path : r.config.input_paths)
        label += (label.empty() ? "" : ", ") + valid_utf8(path.filename().string());
    }
    add_label(s, std::move(label));
  }
  return s;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string params_json(const run_result& r) {
  const rk_descriptor& desc = r.source->descriptor();
  nlohmann::ordered_json params = nlohmann::ordered_json::object();
  for (uint32_t i = 0; i < desc.param_count; ++i) params[desc.params[i].key] = r.config.params[i];
  return json_text(params);
}

int64_t competition_id(store::database& db, const std::string& name) {
  statement s = db.prepare(
      "INSERT INTO competitions (name) VALUES (?1) ON CONFLICT (name) DO UPDATE SET name = name RETURNING id");
  s.bind(1, std::string_view(name));
  s.step();
  return s.integer(0);
}

class recorder {
 public:
  recorder(store::database& db, const run_result& r, std::atomic<uint64_t>* done) : db_(db), r_(r), done_(done) {}

  recorded_run record(const std::string& fingerprint) {
    competition_ = competition_id(db_, r_.config.competition);
    const stored_periods periods = split_periods(r_);
    insert_run(fingerprint);
    insert_periods(periods.labels);
    insert_players();
    if (r_.data.ranked()) {
      insert_entry_ratings(periods);
      insert_entries(periods);
    } else {
      insert_game_ratings(periods);
      insert_games(periods);
    }
    insert_states();
    return {run_, periods.labels.size(), player_ids_.size()};
  }

 private:
  void insert_run(const std::string& fingerprint) {
    const rk_descriptor& desc = r_.source->descriptor();
    nlohmann::json inputs = nlohmann::json::array();
    for (const auto& path : r_.config.input_paths) inputs.push_back(path.string());
    const std::string params = params_json(r_), input_text = json_text(inputs), file = valid_utf8(r_.config.file.string()),
                      text = read_file(r_.config.file);
    statement s = db_.prepare(
        "INSERT INTO runs (competition_id, recorded_at, model, plugin_version, params, inputs, config_file, "
        "config_text, fingerprint) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    s.bind(1, competition_).bind(2, std::string_view(desc.id)).bind(3, std::string_view(desc.version));
    s.bind(4, std::string_view(params)).bind(5, std::string_view(input_text)).bind(6, std::string_view(file));
    s.bind(7, std::string_view(text)).bind(8, std::string_view(fingerprint)).run();
    run_ = db_.last_id();
  }

  void insert_periods(const std::vector<std::string>& labels) {
    statement s = db_.prepare("INSERT INTO periods (competition_id, run_id, label) VALUES (?1, ?2, ?3)");
    for (const auto& label : labels) {
      s.bind(1, competition_).bind(2, run_).bind(3, std::string_view(label)).run();
      period_ids_.push_back(db_.last_id());
    }
  }

  void insert_players() {
    statement s = db_.prepare(
        "INSERT INTO players (competition_id, name, external_id, federation, birth_year) "
        "VALUES (?1, ?2, nullif(?3, ''), nullif(?4, ''), ?5) ON CONFLICT (competition_id, name) DO UPDATE SET "
        "external_id = coalesce(excluded.external_id, external_id), "
        "federation = coalesce(excluded.federation, federation), "
        "birth_year = coalesce(excluded.birth_year, birth_year) RETURNING id");
    const player_table& p = r_.data.players;
    for (int32_t i = 0; i < p.size(); ++i) {
      s.bind(1, competition_).bind(2, std::string_view(p.name(i)));
      s.bind(3, std::string_view(p.external_id[size_t(i)])).bind(4, std::string_view(p.federation[size_t(i)]));
      s.bind(5, p.birth_year[size_t(i)]);
      s.step();
      player_ids_.push_back(s.integer(0));
      s.reset();
    }
  }

  // Per stored period, each player's first rating before and last rating and
  // shown state fields after (run_result::shown_state).
  class period_totals {
   public:
    period_totals(recorder& rec, size_t players)
        : rec_(rec), extra_(rec.r_.shown_state.size()), before_(players, NAN), after_(players),
          state_(players * extra_), games_(players, 0),
          insert_(rec.db_.prepare("INSERT INTO ratings (period_id, player_id, rating, change, games) "
                                  "VALUES (?1, ?2, ?3, ?4, ?5)")),
          insert_state_(rec.db_.prepare("INSERT INTO period_states (period_id, player_id, field, value) "
                                        "VALUES (?1, ?2, ?3, ?4)")) {
      touched_.reserve(players);
    }
    // `state`: the player's shown state fields after the period.
    void add(uint32_t period, int32_t player, double before, double after, const double* state) {
      if (period != period_) flush();
      period_ = period;
      const size_t p = size_t(player);
      if (std::isnan(before_[p])) {
        before_[p] = before;
        touched_.push_back(player);
      }
      after_[p] = after;
      std::copy(state, state + extra_, state_.begin() + long(p * extra_));
      ++games_[p];
    }
    void flush() {
      const rk_descriptor& desc = rec_.r_.source->descriptor();
      for (const int32_t player : touched_) {
        const size_t p = size_t(player);
        const int64_t period = rec_.period_ids_[period_], id = rec_.player_ids_[p];
        insert_.bind(1, period).bind(2, id).bind(3, after_[p]);
        insert_.bind(4, after_[p] - before_[p]).bind(5, games_[p]).run();
        for (size_t f = 0; f < extra_; ++f)
          insert_state_.bind(1, period).bind(2, id).bind(3, std::string_view(desc.state[rec_.r_.shown_state[f]].name))
              .bind(4, state_[p * extra_ + f]).run();
        before_[p] = NAN;
        games_[p] = 0;
      }
      touched_.clear();
    }

   private:
    recorder& rec_;
    const size_t extra_;
    std::vector<double> before_, after_, state_;
    std::vector<int64_t> games_;
    std::vector<int32_t> touched_;
    uint32_t period_ = 0;
    statement insert_, insert_state_;
  };

  void insert_game_ratings(const stored_periods& periods) {
    period_totals totals(*this, player_ids_.size());
    const size_t shown = r_.shown_state.size();
    const double* state = r_.game_state_after.data();
    r_.replay_games([&](size_t i, double ba, double bb, double aa, double ab) {
      totals.add(periods.of[i], r_.data.games[i].a, ba, aa, state + (2 * i) * shown);
      totals.add(periods.of[i], r_.data.games[i].b, bb, ab, state + (2 * i + 1) * shown);
    });
    totals.flush();
  }

  void insert_entry_ratings(const stored_periods& periods) {
    period_totals totals(*this, player_ids_.size());
    const size_t extra = r_.source->descriptor().state_count - 1;
    std::vector<double> state;  // the entry's shown state fields
    size_t event = 0;
    r_.replay_entries([&](size_t i, double before, double after) {
      while (i >= r_.data.events[event].end) ++event;
      if (r_.entry_out[i].flags & RK_ENTRY_SKIPPED) return;
      state.clear();
      for (const uint32_t f : r_.shown_state) state.push_back(r_.entry_state_after[i * extra + f - 1]);
      totals.add(periods.of[event], r_.data.entries[i].player, before, after, state.data());
    });
    totals.flush();
  }

  void count(size_t i) {
    if (done_ && (i & 1023) == 0) done_->store(i, std::memory_order_relaxed);
  }

  void insert_games(const stored_periods& periods) {
    statement s = db_.prepare(
        "INSERT INTO games (run_id, seq, period_id, player_a, player_b, score_a, expected_a, expected_b, k_a, k_b, "
        "change_a, change_b, rating_a, rating_b) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
    r_.replay_games([&](size_t i, double ba, double bb, double, double) {
      const rk_game& g = r_.data.games[i];
      const rk_game_out& o = r_.game_out[i];
      s.bind(1, run_).bind(2, int64_t(i)).bind(3, period_ids_[periods.of[i]]);
      s.bind(4, player_ids_[size_t(g.a)]).bind(5, player_ids_[size_t(g.b)]).bind(6, g.score_a);
      s.bind(7, o.expected_a).bind(8, o.expected_b).bind(9, g.k_a).bind(10, g.k_b);
      s.bind(11, o.delta_a).bind(12, o.delta_b).bind(13, ba).bind(14, bb).run();
      count(i);
    });
    if (done_) done_->store(r_.data.games.size(), std::memory_order_relaxed);
  }

  void insert_entries(const stored_periods& periods) {
    statement s = db_.prepare(
        "INSERT INTO entries (run_id, seq, period_id, player_id, rank, expected, weight, change, rating, skipped) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    size_t event = 0;
    r_.replay_entries([&](size_t i, double before, double) {
      while (i >= r_.data.events[event].end) ++event;
      const rk_entry& e = r_.data.entries[i];
      const rk_entry_out& o = r_.entry_out[i];
      s.bind(1, run_).bind(2, int64_t(i)).bind(3, period_ids_[periods.of[event]]);
      s.bind(4, player_ids_[size_t(e.player)]).bind(5, double(e.rank)).bind(6, o.expected).bind(7, o.weight);
      s.bind(8, o.delta).bind(9, before).bind(10, int64_t((o.flags & RK_ENTRY_SKIPPED) != 0)).run();
      count(i);
    });
    if (done_) done_->store(r_.data.entries.size(), std::memory_order_relaxed);
  }

  // Every player's state after the run: what `initial: { database: }` reads
  // back. When he was last rated (period number and date) is kept for a model
  // that reads elapsed time, the only kind that moves it.
  void insert_states() {
    statement s = db_.prepare("INSERT INTO states (run_id, player_id, field, value) VALUES (?1, ?2, ?3, ?4)");
    const rk_descriptor& desc = r_.source->descriptor();
    const player_state& st = r_.state;
    const bool elapsed = std::any_of(st.last_period.begin(), st.last_period.end(), [](int64_t p) { return p != RK_NEVER_RATED; });
    auto put = [&](size_t p, const char* field, double value) {
      s.bind(1, run_).bind(2, player_ids_[p]).bind(3, std::string_view(field)).bind(4, value).run();
    };
    for (size_t p = 0; p < player_ids_.size(); ++p) {
      for (uint32_t f = 0; f < desc.state_count; ++f) put(p, desc.state[f].name, st.columns[f][p]);
      put(p, "games", st.games[p]);
      put(p, "peak", st.peak[p]);
      if (!elapsed) continue;
      const bool rated = st.last_period[p] != RK_NEVER_RATED;
      put(p, "last_period", rated ? double(st.last_period[p]) : NAN);
      put(p, "last_played", rated && st.last_date[p] ? double(st.last_date[p]) : NAN);
    }
  }

  store::database& db_;
  const run_result& r_;
  std::atomic<uint64_t>* done_;
  int64_t competition_ = 0, run_ = 0;
  std::vector<int64_t> period_ids_, player_ids_;
};

// Held for the whole run: SQLite's own lock is taken only when writing starts,
// and a second run must not even begin to record beside this one.
int lock_database(const fs::path& file) {
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) throw user_error(file.string(), 0, 0, std::string("cannot open the rating database: ") + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw user_error(file.string(), 0, 0, "another ratekit run is recording into this database; run again when it has finished");
  }
  return fd;
}

}  // namespace

struct run_recording::impl {
  explicit impl(const fs::path& file)
      : lock(lock_database(file)), db(file, store::database::mode::read_write), tx((store::upgrade_schema(db), db)) {
    store::ensure_schema(db);
  }
  ~impl() { ::close(lock); }
  int lock;
  store::database db;
  store::transaction tx;  // the tables of a new file are part of it too
};

run_recording::run_recording(const fs::path& file) : impl_(std::make_unique<impl>(file)) {}
run_recording::~run_recording() = default;

std::vector<earlier_run> run_recording::earlier_runs(const run_result& run) {
  statement s = impl_->db.prepare(
      "SELECT r.id, r.recorded_at, coalesce(r.fingerprint, ''), p.label FROM periods p JOIN runs r ON r.id = p.run_id "
      "JOIN competitions c ON c.id = p.competition_id WHERE c.name = ?1 AND p.label = ?2");
  std::vector<earlier_run> found;
  for (const auto& label : split_periods(run).labels) {
    s.bind(1, std::string_view(run.config.competition)).bind(2, std::string_view(label));
    if (s.step() && std::none_of(found.begin(), found.end(), [&](const earlier_run& e) { return e.id == s.integer(0); }))
      found.push_back({s.integer(0), std::string(s.text(1)), std::string(s.text(2)), label});
    s.reset();
  }
  return found;
}

std::string run_recording::model_change(const run_result& run, const std::vector<earlier_run>& replaced) {
  statement s = impl_->db.prepare(
      "SELECT r.id, r.model, r.params FROM runs r JOIN competitions c ON c.id = r.competition_id "
      "WHERE c.name = ?1 ORDER BY r.id DESC");
  s.bind(1, std::string_view(run.config.competition));
  const std::string model = run.source->descriptor().id, params = params_json(run);
  while (s.step()) {
    const int64_t id = s.integer(0);
    if (std::any_of(replaced.begin(), replaced.end(), [&](const earlier_run& e) { return e.id == id; })) continue;
    if (s.text(1) == model && s.text(2) == params) return "";
    return "run " + std::to_string(id) + " used " + std::string(s.text(1)) + " " + std::string(s.text(2)) +
           ", this run uses " + model + " " + params;
  }
  return "";
}

void run_recording::remove_runs(const std::vector<earlier_run>& runs) {
  static const char* const deletes[] = {
      "DELETE FROM games WHERE run_id = ?1", "DELETE FROM entries WHERE run_id = ?1",
      "DELETE FROM states WHERE run_id = ?1",
      "DELETE FROM ratings WHERE period_id IN (SELECT id FROM periods WHERE run_id = ?1)",
      "DELETE FROM period_states WHERE period_id IN (SELECT id FROM periods WHERE run_id = ?1)",
      "DELETE FROM periods WHERE run_id = ?1", "DELETE FROM runs WHERE id = ?1"};
  for (const char* sql : deletes) {
    statement s = impl_->db.prepare(sql);
    for (const auto& r : runs) s.bind(1, r.id).run();
  }
}

recorded_run run_recording::record(const run_result& run, const std::string& fingerprint,
                                   std::atomic<uint64_t>* done) {
  return recorder(impl_->db, run, done).record(fingerprint);
}

void run_recording::commit() { impl_->tx.commit(); }

recorded_run record_run(const run_result& run, const fs::path& file, std::atomic<uint64_t>* done) {
  run_recording recording(file);
  const auto earlier = recording.earlier_runs(run);
  if (!earlier.empty())
    throw user_error(file.string(), 0, 0,
                     "period '" + earlier[0].period + "' of competition '" + run.config.competition +
                         "' is already recorded (run " + std::to_string(earlier[0].id) + " of " +
                         earlier[0].recorded_at + "); a period is imported once, nothing was recorded");
  const recorded_run result = recording.record(run, input_fingerprint(run.config), done);
  recording.commit();
  return result;
}

}  // namespace ratekit
