// ratekit C++ plugin helper: turns a model class into the C entry of abi.h.
//
//   struct my_model {
//     static const rk_descriptor descriptor;
//     my_model(const ratekit::sdk::host& host, ratekit::sdk::params p);
//     double expect(double ra, double rb, double advantage) const;
//     double expect(const double* a, const double* b, double advantage) const;  // optional: whole state rows
//     void rate_games(const ratekit::sdk::state& s, const rk_game_batch& b, rk_game_out* out);  // optional
//     void rate_events(const ratekit::sdk::state& s, const rk_event_batch& b, rk_entry_out* out); // optional
//   };
//   static const void* extension(const char* id);                                            // optional
//   RATEKIT_PLUGIN(my_model)
//
// Every exception is caught at the boundary and turned into a status and an
// rk_error; throw ratekit::sdk::failure to name the offending game.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/descriptor.hpp>
#include <ratekit/stop_point.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace ratekit::sdk {

// The date of game i of a batch (yyyymmdd); 0 when unknown, or when the host
// speaks ABI 1.0 and passes no dates.
inline int32_t game_date(const rk_game_batch& b, uint64_t i) {
  return RK_HAS_FIELD(&b, rk_game_batch, game_dates) && b.game_dates ? b.game_dates[i] : 0;
}

// An error with a status code and, when known, the index of the offending game or entry.
class failure : public std::runtime_error {
 public:
  failure(int32_t code, const std::string& message, int64_t index = -1)
      : std::runtime_error(message), code_(code), index_(index) {}
  int32_t code() const noexcept { return code_; }
  int64_t index() const noexcept { return index_; }

 private:
  int32_t code_;
  int64_t index_;
};

// The host's services as seen by a model.
class host {
 public:
  explicit host(const rk_host* h) : h_(h) {}
  void log(int32_t level, const char* message) const {
    if (h_ && h_->log) h_->log(h_->context, level, message);
  }
  void info(const char* message) const { log(RK_LOG_INFO, message); }
  void warn(const char* message) const { log(RK_LOG_WARN, message); }
  // The ABI minor version the host speaks (0 for a 1.0 host, which does not say)
  // and its own version ("" when it does not say).
  uint32_t abi_minor() const { return h_ && RK_HAS_FIELD(h_, rk_host, abi_minor) ? h_->abi_minor : 0; }
  const char* version() const { return h_ && RK_HAS_FIELD(h_, rk_host, version) && h_->version ? h_->version : ""; }
  // ABI 1.7: true once the host wants the running call to end (false from an
  // older host); a model's own long loop may poll it, or call stop_point.
  bool stop_requested() const { return sdk::stop_requested(h_); }
  // ABI 1.4 (declare RK_CAP_ADJUSTMENTS), inside rate_games: `player`'s rating moves by `delta` in the period
  // of the batch's game `game`, a change no game reports (the model moves the state itself). Throws when
  // the host refuses it or is older.
  void adjust(uint64_t game, int32_t player, double delta, const char* reason) const {
    if (!h_ || !RK_HAS_FIELD(h_, rk_host, adjust) || !h_->adjust)
      throw failure(RK_ERR_UNSUPPORTED, "this host takes no rating adjustments (ABI 1.4)");
    if (h_->adjust(h_->context, game, player, delta, reason) != RK_OK)
      throw failure(RK_ERR_INVALID_ARGUMENT, "the host refused a rating adjustment");
  }

 private:
  const rk_host* h_;
};

// Parameter values in descriptor order, already validated by the host.
class params {
 public:
  params(const double* values, uint32_t count) : values_(values), count_(count) {}
  double operator[](uint32_t i) const {
    if (i >= count_) throw failure(RK_ERR_INVALID_ARGUMENT, "parameter index out of range");
    return values_[i];
  }
  uint32_t size() const noexcept { return count_; }

 private:
  const double* values_;
  uint32_t count_;
};

// Per-player state columns.
class state {
 public:
  explicit state(const rk_state* s) : s_(s) {}
  double* column(uint32_t field) const { return s_->columns[field]; }
  double* rating() const { return s_->columns[0]; }
  uint64_t players() const noexcept { return s_->player_count; }
  uint32_t fields() const noexcept { return s_->field_count; }
  // ABI 1.1: each player's last rated period number (RK_NEVER_RATED before his
  // first) and its last date; nullptr when the host keeps none (a 1.0 host).
  int64_t* last_period() const { return RK_HAS_FIELD(s_, rk_state, last_period) ? s_->last_period : nullptr; }
  int32_t* last_date() const { return RK_HAS_FIELD(s_, rk_state, last_date) ? s_->last_date : nullptr; }
  // ABI 1.6: each player's year of birth (NaN: unknown); nullptr from an older host.
  const double* birth_year() const { return RK_HAS_FIELD(s_, rk_state, birth_year) ? s_->birth_year : nullptr; }

 private:
  const rk_state* s_;
};

// Calls fn(begin, end) for each rating period of a batch; a batch without
// period boundaries is one period per game.
template <class Fn>
void for_each_period(const rk_game_batch& batch, Fn&& fn) {
  if (batch.period_count == 0) {
    for (uint64_t i = 0; i < batch.game_count; ++i) {
      stop_point(i);
      fn(i, i + 1);
    }
    return;
  }
  uint64_t begin = 0;
  for (uint64_t p = 0; p < batch.period_count; ++p) {
    stop_point(p);  // a long period's own loops poll within it
    const uint64_t end = batch.period_ends[p];
    if (end < begin || end > batch.game_count)
      throw failure(RK_ERR_INVALID_ARGUMENT, "period boundaries are not ascending", int64_t(begin));
    fn(begin, end);
    begin = end;
  }
}

// ABI 1.2: writes both sides' state after a period into the batch's
// state_after, when the host asks for it (a plugin declaring RK_CAP_STATE_AFTER).
class state_after_writer {
 public:
  state_after_writer(const state& s, const rk_game_batch& batch) : batch_(batch) {
    if (!RK_HAS_FIELD(&batch, rk_game_batch, state_after_fields) || !batch.state_after) return;
    for (uint32_t f = 0; f < s.fields() && f < 64; ++f)
      if (batch.state_after_fields >> f & 1u) columns_[count_++] = s.column(f);
  }
  // Games [begin, end) of a period whose changes are applied.
  void write(uint64_t begin, uint64_t end) const {
    if (!batch_.state_after || count_ == 0) return;
    double* out = batch_.state_after + begin * 2 * count_;
    for (uint64_t i = begin; i < end; ++i)
      for (const int32_t p : {batch_.games[i].a, batch_.games[i].b})
        for (uint32_t k = 0; k < count_; ++k) *out++ = columns_[k][p];
  }

 private:
  const rk_game_batch& batch_;
  double* columns_[64];
  uint32_t count_ = 0;
};

// One rating period of a batch: games [begin, end), its number on the
// calendar scale of rk_game_batch.period_numbers and its first and last dates.
struct period {
  uint64_t index, begin, end;
  int64_t number;
  int32_t first_date, last_date;
};

// True when the host passes period numbers and keeps when players were last
// rated (ABI 1.1), so a plugin can tell how many periods a player was away.
inline bool has_elapsed_time(const state& s, const rk_game_batch& b) {
  return RK_HAS_FIELD(&b, rk_game_batch, period_numbers) && b.period_numbers && s.last_period() && s.last_date();
}

// The periods elapsed since a player was last rated: `now` is this period's
// number, `last` his last_period; 0 for a player never rated.
inline int64_t elapsed_periods(int64_t now, int64_t last) { return last == RK_NEVER_RATED ? 0 : now - last; }

// The periods elapsed since player `who` of period p was last rated (0 for a
// player never rated), refused when the host's numbers go backwards; `game`
// is the batch's game that names him in the error. Requires has_elapsed_time.
inline int64_t periods_away(const state& s, const period& p, int32_t who, uint64_t game) {
  const int64_t t = elapsed_periods(p.number, s.last_period()[who]);
  if (t < 0) throw failure(RK_ERR_INVALID_ARGUMENT, "period numbers go backwards", int64_t(game));
  return t;
}

// Records that the players of games [p.begin, p.end) were rated in period p;
// a side flagged fixed was not rated and keeps his record.
inline void mark_rated(const state& s, const rk_game_batch& b, const period& p) {
  int64_t* last = s.last_period();
  int32_t* date = s.last_date();
  if (!last || !date) return;
  for (uint64_t i = p.begin; i < p.end; ++i) {
    const rk_game& g = b.games[i];
    if (!(g.flags & RK_GAME_FIXED_A)) last[g.a] = p.number, date[g.a] = p.last_date;
    if (!(g.flags & RK_GAME_FIXED_B)) last[g.b] = p.number, date[g.b] = p.last_date;
  }
}

// Calls fn(period) for each rating period of a batch, then marks its players
// rated in it (mark_rated), so the next period sees how long each was away.
// Requires has_elapsed_time(s, batch).
template <class Fn>
void for_each_period(const state& s, const rk_game_batch& batch, Fn&& fn) {
  if (!has_elapsed_time(s, batch))
    throw failure(RK_ERR_UNSUPPORTED, "this model needs the elapsed time of ABI 1.1: run it with ratekit 1.1 or later");
  const bool dated = batch.period_first_dates && batch.period_last_dates;
  const state_after_writer after(s, batch);
  uint64_t index = 0;
  for_each_period(batch, [&](uint64_t begin, uint64_t end) {
    const period p{index, begin, end, batch.period_numbers[index], dated ? batch.period_first_dates[index] : 0,
                   dated ? batch.period_last_dates[index] : 0};
    fn(p);
    mark_rated(s, batch, p);
    after.write(begin, end);
    ++index;
  });
}

namespace detail {

inline void fill_error(rk_error* error, int32_t code, const char* message, int64_t index) {
  if (!error) return;
  error->code = code;
  error->index = index;
  std::snprintf(error->message, sizeof error->message, "%s", message);
}

// Runs fn and turns any exception into a status code.
template <class Fn>
int32_t guard(rk_error* error, Fn&& fn) noexcept {
  try {
    fn();
    return RK_OK;
  } catch (const failure& e) {
    fill_error(error, e.code(), e.what(), e.index());
    return e.code();
  } catch (const stopped&) {
    fill_error(error, RK_STOPPED, "stopped at the host's request", -1);
    return RK_STOPPED;
  } catch (const std::bad_alloc&) {
    fill_error(error, RK_ERR_INTERNAL, "out of memory", -1);
  } catch (const std::exception& e) {
    fill_error(error, RK_ERR_INTERNAL, e.what(), -1);
  } catch (...) {
    fill_error(error, RK_ERR_INTERNAL, "unknown exception", -1);
  }
  return RK_ERR_INTERNAL;
}

// An instance: the model and the host it was made for, whose stop_requested
// the SDK's loops poll during a rate call (call_scope).
template <class Model>
struct boxed {
  const rk_host* services;
  Model model;
  boxed(const rk_host* h, params p) : services(h), model(host(h), p) {}
};

// The model of an instance made by make_entry (or make_whole_history_entry).
template <class Model>
Model& model_of(rk_instance instance) {
  return reinterpret_cast<boxed<Model>*>(instance)->model;
}

template <class Model>
struct adapter {
  static boxed<Model>& self(rk_instance instance) { return *reinterpret_cast<boxed<Model>*>(instance); }
  static int32_t create(const rk_host* h, const double* values, uint32_t count, rk_instance* out,
                        rk_error* error) {
    return guard(error, [&] {
      if (count != Model::descriptor.param_count)
        throw failure(RK_ERR_INVALID_ARGUMENT, "wrong number of parameters");
      *out = reinterpret_cast<rk_instance>(new boxed<Model>(h, params(values, count)));
    });
  }
  static void destroy(rk_instance instance) { delete &self(instance); }
  static int32_t expect(rk_instance instance, double ra, double rb, double advantage, double* out,
                        rk_error* error) {
    return guard(error, [&] { *out = std::as_const(self(instance).model).expect(ra, rb, advantage); });
  }
  static int32_t expect_states(rk_instance instance, const double* a, const double* b, double advantage,
                               double* out, rk_error* error) {
    return guard(error, [&] { *out = std::as_const(self(instance).model).expect(a, b, advantage); });
  }
  static int32_t rate_games(rk_instance instance, const rk_state* s, const rk_game_batch* batch,
                            rk_game_out* out, rk_error* error) {
    return guard(error, [&] {
      const call_scope scope(self(instance).services);
      self(instance).model.rate_games(state(s), *batch, out);
    });
  }
  static int32_t rate_events(rk_instance instance, const rk_state* s, const rk_event_batch* batch,
                             rk_entry_out* out, rk_error* error) {
    return guard(error, [&] {
      const call_scope scope(self(instance).services);
      self(instance).model.rate_events(state(s), *batch, out);
    });
  }
  static const void* no_extension(const char*) { return nullptr; }
};

template <class Model>
constexpr auto games_fn() {
  if constexpr (requires(Model m, const state& s, const rk_game_batch& b) { m.rate_games(s, b, nullptr); })
    return &adapter<Model>::rate_games;
  else
    return static_cast<decltype(&adapter<Model>::rate_games)>(nullptr);
}

// The whole-state expectation when the model has one; the host falls back to the ratings otherwise.
template <class Model>
constexpr auto expect_states_fn() {
  if constexpr (requires(const Model m, const double* row) { m.expect(row, row, 0.0); })
    return &adapter<Model>::expect_states;
  else
    return static_cast<decltype(&adapter<Model>::expect_states)>(nullptr);
}

template <class Model>
constexpr auto extension_fn() {
  if constexpr (requires(const char* id) { Model::extension(id); })
    return &Model::extension;
  else
    return &adapter<Model>::no_extension;
}

template <class Model>
constexpr auto events_fn() {
  if constexpr (requires(Model m, const state& s, const rk_event_batch& b) { m.rate_events(s, b, nullptr); })
    return &adapter<Model>::rate_events;
  else
    return static_cast<decltype(&adapter<Model>::rate_events)>(nullptr);
}

}  // namespace detail

// What every entry starts with: the ABI it was built for, its size, the descriptor and extensions, and the
// calls every adapter of a Model has (`Adapter`): an instance made and destroyed, A's expected score.
template <class Model, class Adapter>
constexpr rk_plugin_entry entry_header() {
  rk_plugin_entry entry{};  // every other function NULL until a builder names it
  entry.abi_major = RK_ABI_MAJOR;
  entry.abi_minor = RK_ABI_MINOR;
  entry.struct_size = sizeof(rk_plugin_entry);
  entry.descriptor = &Model::descriptor;
  entry.get_extension = detail::extension_fn<Model>();
  entry.create = &Adapter::create;
  entry.destroy = &Adapter::destroy;
  entry.expect = &Adapter::expect;
  return entry;
}

template <class Model>
constexpr rk_plugin_entry make_entry() {
  rk_plugin_entry entry = entry_header<Model, detail::adapter<Model>>();
  entry.rate_games = detail::games_fn<Model>();
  entry.rate_events = detail::events_fn<Model>();
  entry.expect_states = detail::expect_states_fn<Model>();
  return entry;
}

}  // namespace ratekit::sdk

// Exports the entry of a plugin built around Model.
#define RATEKIT_PLUGIN(Model) \
  extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = ratekit::sdk::make_entry<Model>();
