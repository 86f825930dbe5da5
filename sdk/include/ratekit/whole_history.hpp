// ratekit C++ plugin helper for whole-history models (ratekit/ext/whole_history.h):
// turns a model class into the entry and its "ratekit.whole_history.v1" extension.
//
//   struct my_model {
//     static const rk_descriptor descriptor;  // RK_CAP_WHOLE_HISTORY; state "rating", "deviation", ...;
//                                             // parameters include "epsilon" and "iterations"
//     my_model(const ratekit::sdk::host& host, ratekit::sdk::params p);
//     double expect(double ra, double rb, double advantage) const;
//     double expect(const double* a, const double* b, double advantage) const;  // whole state rows
//     void set_priors(uint64_t players, const double* mean, const double* sd); // optional: players' own
//                                             // priors (NaN: the model's default), before load()
//     void load(const ratekit::sdk::history& h);
//     void warm_start(const double* mean, const double* sd);                    // optional
//     static constexpr uint32_t warm_width = 2;  // optional, with the two below: an exact warm start
//     void warm_state(double* out) const;         // warm_width numbers per entry, after the sweeps
//     void warm_start_state(const double* state); // ... taken back after load(); NaN rows for new entries
//     double sweep();                          // one sweep; the largest change of a mean
//     void estimates(double* mean, double* sd) const;
//     double log_evidence() const;             // optional: NaN when absent
//     void drift(const double* state, double elapsed, double* out) const;
//   };
//   RATEKIT_WHOLE_HISTORY_PLUGIN(my_model)
//
// Team matches' forecasts (RK_CAP_TEAMS) come as for forward models, from teams.hpp.
#pragma once

#include <ratekit/ext/whole_history.h>
#include <ratekit/sdk.hpp>

#include <cmath>
#include <cstring>
#include <span>

namespace ratekit::sdk {

// The places of the two state fields every whole-history model starts with,
// which the host reads as such (docs/writing-a-plugin.md, section 11); a
// model's class takes them with `using enum sdk::whole_history_state::field;`.
namespace whole_history_state {
enum field : uint32_t { f_rating, f_deviation };
}  // namespace whole_history_state

// The whole history as a model reads it; valid from load() until the next load() or the instance's end.
class history {
 public:
  explicit history(const rk_wh_history& h) : h_(h) {}
  uint64_t players() const noexcept { return h_.player_count; }
  uint64_t matches() const noexcept { return h_.match_count; }
  uint64_t batches() const noexcept { return h_.batch_count; }
  std::span<const rk_entry> entries() const noexcept { return {h_.entries, h_.entry_count}; }
  // Match m's entries (a duel: two, team 0 first).
  std::span<const rk_entry> match(uint64_t m) const noexcept {
    return {h_.entries + h_.matches[m].begin, h_.entries + h_.matches[m].end};
  }
  uint64_t match_begin(uint64_t m) const noexcept { return h_.matches[m].begin; }
  // Entry e's share of its match (1 when all play it whole).
  double weight(uint64_t e) const noexcept { return h_.weights ? h_.weights[e] : 1.0; }
  // Rating points on team 0's side in match m (0 when none).
  double advantage(uint64_t m) const noexcept { return h_.advantage ? h_.advantage[m] : 0.0; }
  // Batch b's matches [first_match(b), end_match(b)) and its time.
  uint64_t first_match(uint64_t b) const noexcept { return b == 0 ? 0 : h_.batch_ends[b - 1]; }
  uint64_t end_match(uint64_t b) const noexcept { return h_.batch_ends[b]; }
  double time(uint64_t b) const noexcept { return h_.batch_times[b]; }
  const rk_wh_history& raw() const noexcept { return h_; }

 private:
  rk_wh_history h_;
};

namespace detail {

template <class Model>
struct whole_history_adapter {
  static Model& model(rk_instance instance) { return model_of<Model>(instance); }
  // The host whose stop_requested a model's loops may poll (stop_point) during a sweep.
  static const rk_host* services(rk_instance instance) { return reinterpret_cast<boxed<Model>*>(instance)->services; }

  static int32_t load(rk_instance instance, const rk_wh_history* h, rk_error* error) {
    return guard(error, [&] {
      const call_scope scope(services(instance));
      model(instance).load(history(*h));
    });
  }
  static int32_t warm_start(rk_instance instance, const double* mean, const double* sd, rk_error* error) {
    return guard(error, [&] { model(instance).warm_start(mean, sd); });
  }
  static int32_t sweep(rk_instance instance, double* max_change, rk_error* error) {
    return guard(error, [&] {
      const call_scope scope(services(instance));
      *max_change = model(instance).sweep();
    });
  }
  static int32_t estimates(rk_instance instance, double* mean, double* sd, rk_error* error) {
    return guard(error, [&] { model(instance).estimates(mean, sd); });
  }
  static int32_t log_evidence(rk_instance instance, double* out, rk_error* error) {
    return guard(error, [&] {
      if constexpr (requires(const Model m) { m.log_evidence(); })
        *out = model(instance).log_evidence();
      else
        *out = std::nan("");
    });
  }
  static int32_t drift(rk_instance instance, const double* state, double elapsed, double* out, rk_error* error) {
    return guard(error, [&] { model(instance).drift(state, elapsed, out); });
  }

  static int32_t warm_state(rk_instance instance, double* out, rk_error* error) {
    return guard(error, [&] { model(instance).warm_state(out); });
  }
  static int32_t warm_start_state(rk_instance instance, const double* state, rk_error* error) {
    return guard(error, [&] { model(instance).warm_start_state(state); });
  }
  static constexpr bool has_warm_state = requires(Model m, const Model c, double* p) {
    Model::warm_width;
    c.warm_state(p);
    m.warm_start_state(p);
  };
  static constexpr uint32_t warm_width() {
    if constexpr (has_warm_state)
      return Model::warm_width;
    else
      return 0;
  }
  static constexpr auto warm_state_fn() {
    if constexpr (has_warm_state)
      return &whole_history_adapter::warm_state;
    else
      return static_cast<decltype(&whole_history_adapter::warm_state)>(nullptr);
  }
  static constexpr auto warm_start_state_fn() {
    if constexpr (has_warm_state)
      return &whole_history_adapter::warm_start_state;
    else
      return static_cast<decltype(&whole_history_adapter::warm_start_state)>(nullptr);
  }

  static int32_t set_priors(rk_instance instance, uint64_t players, const double* mean, const double* sd,
                            rk_error* error) {
    return guard(error, [&] { model(instance).set_priors(players, mean, sd); });
  }
  static constexpr auto set_priors_fn() {
    if constexpr (requires(Model m, const double* p) { m.set_priors(uint64_t{}, p, p); })
      return &whole_history_adapter::set_priors;
    else
      return static_cast<decltype(&whole_history_adapter::set_priors)>(nullptr);
  }

  static constexpr auto warm_start_fn() {
    if constexpr (requires(Model m, const double* p) { m.warm_start(p, p); })
      return &whole_history_adapter::warm_start;
    else
      return static_cast<decltype(&whole_history_adapter::warm_start)>(nullptr);
  }

  static constexpr rk_ext_whole_history extension{sizeof(rk_ext_whole_history),
                                                  0,
                                                  &load,
                                                  warm_start_fn(),
                                                  &sweep,
                                                  &estimates,
                                                  &log_evidence,
                                                  &drift,
                                                  warm_state_fn(),
                                                  warm_start_state_fn(),
                                                  warm_width(),
                                                  0,
                                                  set_priors_fn()};

  // The model's own extensions, then this kind's.
  static const void* get_extension(const char* id) {
    if (std::strcmp(id, RK_EXT_WHOLE_HISTORY) == 0) return &extension;
    return extension_fn<Model>()(id);
  }
};

}  // namespace detail

template <class Model>
constexpr rk_plugin_entry make_whole_history_entry() {
  rk_plugin_entry entry = make_entry<Model>();
  entry.get_extension = &detail::whole_history_adapter<Model>::get_extension;
  return entry;
}

}  // namespace ratekit::sdk

// Exports the entry of a whole-history plugin built around Model.
#define RATEKIT_WHOLE_HISTORY_PLUGIN(Model)                    \
  extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = \
      ratekit::sdk::make_whole_history_entry<Model>();
