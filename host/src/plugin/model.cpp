// A model: a plugin's instance made with parameter values, and every call the
// engine, the outputs and the forecasts make to it, each checked.
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "plugin/plugin_call.hpp"

#include <spdlog/spdlog.h>

#include <cmath>
#include <string>

namespace ratekit {

rk_instance create_instance(const plugin& p, const rk_host& host, const std::vector<double>& params) {
  rk_instance instance = nullptr;
  try {
    call_plugin([&](rk_error* e) {
      return p.entry().create(&host, params.data(), uint32_t(params.size()), &instance, e);
    });
  } catch (const plugin_error& e) {
    throw user_error(p.file().string(), 0, 0, std::string("plugin failed to start: ") + e.what());
  }
  if (instance == nullptr) throw user_error(p.file().string(), 0, 0, "plugin failed to start: create gave no instance");
  return instance;
}

void destroy_instance(const plugin& p, rk_instance instance) noexcept {
  if (!instance) return;
  try {
    p.entry().destroy(instance);
  } catch (...) {
    spdlog::warn("{}: plugin '{}' threw a C++ exception from destroy", p.file().string(), p.id());
  }
}

int32_t host_stop_requested(void*) {
  const std::atomic<bool>* stop = stop_flag();
  return stop && stop->load(std::memory_order_relaxed) ? 1 : 0;
}

rk_host host_for(void* context, decltype(rk_host::log) log) {
  rk_host h{};
  h.struct_size = sizeof h;
  h.context = context;
  h.log = log;
  h.stop_requested = &host_stop_requested;
  h.abi_major = RK_ABI_MAJOR;
  h.abi_minor = RK_ABI_MINOR;
  h.version = RATEKIT_VERSION;
  return h;
}

void log_from_plugin(std::string_view id, int32_t level, const char* message) {
  const auto lvl = level <= RK_LOG_DEBUG ? spdlog::level::debug
                   : level == RK_LOG_INFO ? spdlog::level::info
                   : level == RK_LOG_WARN ? spdlog::level::warn
                                          : spdlog::level::err;
  spdlog::log(lvl, "[{}] {}", id, message ? message : "");
}

void model::log_callback(void* context, int32_t level, const char* message) {
  log_from_plugin(static_cast<const model*>(context)->plugin_->id(), level, message);
}

int32_t model::adjust_callback(void* context, uint64_t game, int32_t player, double delta, const char* reason) {
  return static_cast<model*>(context)->adjustments_.add(game, player, delta, reason);
}

model::model(std::shared_ptr<const plugin> p, const std::vector<double>& params)
    : plugin_(std::move(p)), adjustments_(plugin_->descriptor().capabilities & RK_CAP_ADJUSTMENTS) {
  host_ = host_for(this, &log_callback);
  host_.adjust = &adjust_callback;
  instance_ = create_instance(*plugin_, host_, params);
  const rk_descriptor& d = plugin_->descriptor();
  for (uint32_t f = 0; f < d.state_count; ++f) new_player_.push_back(d.state[f].initial);
  if (!plugin_->entry().initial_state) return;
  try {
    call_plugin([&](rk_error* e) { return plugin_->entry().initial_state(instance_, new_player_.data(), e); });
  } catch (const plugin_error& e) {
    throw user_error(plugin_->file().string(), 0, 0, std::string("plugin failed to start: ") + e.what());
  }
  for (uint32_t f = 0; f < d.state_count; ++f)
    if (!std::isfinite(new_player_[f]))
      throw user_error(plugin_->file().string(), 0, 0,
                       std::string("plugin refused: its new player's ") + d.state[f].name + " is not a finite number");
}

model::~model() { destroy_instance(*plugin_, instance_); }

void model::call(const std::function<int32_t(rk_instance, rk_error*)>& fn) {
  call_plugin([&](rk_error* e) { return fn(instance_, e); });
}

namespace {

// A value of an extension: finite, or NaN where the model leaves it undefined.
void check_defined_or_finite(double v, const std::string& what) {
  if (std::isinf(v)) throw plugin_error("returned an infinite " + what, -1);
}

// An expected score as the host uses it: a probability.
double checked_expectation(double p) {
  if (!(p >= 0 && p <= 1))
    throw plugin_error("returned " + (std::isnan(p) ? std::string("NaN") : format_number(p)) +
                           " as an expected score, not a probability from 0 to 1", -1);
  return p;
}

}  // namespace

double model::expect(double ra, double rb, double advantage) const {
  double out = NAN;
  call_plugin([&](rk_error* e) { return plugin_->entry().expect(instance_, ra, rb, advantage, &out, e); });
  return checked_expectation(out);
}

bool model::expects_from_states() const noexcept {
  const rk_plugin_entry& e = plugin_->entry();
  return RK_HAS_FIELD(&e, rk_plugin_entry, expect_states) && e.expect_states;
}

double model::expect(const double* a, const double* b, double advantage) const {
  if (!expects_from_states()) return expect(a[0], b[0], advantage);
  double out = NAN;
  call_plugin([&](rk_error* e) { return plugin_->entry().expect_states(instance_, a, b, advantage, &out, e); });
  return checked_expectation(out);
}

void model::expect_teams(const double* states, const uint32_t* teams, const double* weights, size_t players,
                         double* beats, double* draws) const {
  call_plugin([&](rk_error* e) {
    return plugin_->entry().expect_teams(instance_, states, teams, weights, players, beats, draws, e);
  });
}

void model::rate_games(const rk_state& s, const rk_game_batch& b, rk_game_out* out) {
  adjustments_.open(b.game_count, b.period_count, s.player_count);
  try {
    call_plugin([&](rk_error* e) { return plugin_->entry().rate_games(instance_, &s, &b, out, e); });
  } catch (const plugin_error&) {
    if (const std::string refused = adjustments_.close(); !refused.empty())  // the cause of its failure, likely
      throw plugin_error(refused, adjustments_.refused_game());
    throw;
  }
  if (const std::string refused = adjustments_.close(); !refused.empty())
    throw plugin_error(refused, adjustments_.refused_game());
}

void model::rate_events(const rk_state& s, const rk_event_batch& b, rk_entry_out* out) {
  call_plugin([&](rk_error* e) { return plugin_->entry().rate_events(instance_, &s, &b, out, e); });
  // Ranked events report every change in their entries: an adjustment there was refused.
  if (const std::string refused = adjustments_.close(); !refused.empty()) throw plugin_error(refused, -1);
}

void model::game_columns(const rk_game& g, double ra, double rb, double* out) const {
  const rk_ext_game_columns& c = *plugin_->game_columns();
  try {
    call_plugin([&](rk_error* e) { return c.values(instance_, &g, ra, rb, out, e); });
  } catch (const plugin_error&) {  // a column the model cannot give for this game stays empty
    std::fill(out, out + c.count, NAN);
    return;
  }
  for (uint32_t i = 0; i < c.count; ++i) check_defined_or_finite(out[i], std::string("value for report column '") + c.names[i] + "'");
}

double model::performance(double mean_opponent, double games, double score) const {
  const rk_ext_performance* p = plugin_->performance();
  if (!p) return NAN;
  double out = NAN;
  try {
    call_plugin([&](rk_error* e) { return p->performance(instance_, mean_opponent, games, score, &out, e); });
  } catch (const plugin_error&) {  // undefined for this player and period
    return NAN;
  }
  check_defined_or_finite(out, "performance rating");
  return out;
}

}  // namespace ratekit
