// A whole-history model's instance (RK_CAP_WHOLE_HISTORY, ratekit/ext/whole_history.h), driven through
// its extension: load, sweeps, estimates, log evidence, drift. Forecasts come from a `model` of the same
// plugin and parameters, as for every kind.
#pragma once

#include <ratekit/ext/whole_history.h>
#include <ratekit/host/plugin/plugin.hpp>

#include <functional>
#include <memory>
#include <vector>

namespace ratekit {

// The extension of a plugin of this kind, checked complete when it loaded; null for every other kind.
const rk_ext_whole_history* whole_history_of(const plugin& p);
// Whether the extension takes players' own priors (set_priors; a plugin built before the struct grew does not).
inline bool takes_priors(const rk_ext_whole_history& x) {
  return x.struct_size >= RK_EXT_WHOLE_HISTORY_SIZE_3 && x.set_priors;
}

class whole_history_model {
 public:
  // Creates an instance of `p` (a whole-history plugin) with `params`; a user_error when it fails to start.
  whole_history_model(std::shared_ptr<const plugin> p, const std::vector<double>& params);
  ~whole_history_model();
  whole_history_model(const whole_history_model&) = delete;
  whole_history_model& operator=(const whole_history_model&) = delete;

  const plugin& source() const noexcept { return *plugin_; }
  const rk_ext_whole_history& calls() const noexcept { return *calls_; }
  // Numbers per entry of the model's exact warm start (warm_state, warm_start_state); 0: it has none.
  uint32_t warm_width() const noexcept {
    return calls_->struct_size >= RK_EXT_WHOLE_HISTORY_SIZE_2 && calls_->warm_state ? calls_->warm_width : 0;
  }
  // Calls `fn(instance, error)`, one of calls()'s functions: a failure, or anything it throws, becomes a
  // plugin_error as for rate_games.
  void call(const std::function<int32_t(rk_instance, rk_error*)>& fn) const;

 private:
  static void log_callback(void* context, int32_t level, const char* message);
  std::shared_ptr<const plugin> plugin_;
  const rk_ext_whole_history* calls_;
  rk_instance instance_ = nullptr;
  rk_host host_{};  // its context is this object: it never moves
};

}  // namespace ratekit
