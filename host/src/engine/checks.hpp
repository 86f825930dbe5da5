// What the engine checks in what a plugin hands back, and the peaks it follows.
#pragma once

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <string>

namespace ratekit {

// Waits for the whole input (its errors come first) and gives the players' names, for messages.
using settle_fn = std::function<const player_table&()>;

// Raises players' peaks; only published ratings count towards a peak. Valid
// while the state's columns keep their size.
class peak_follower {
 public:
  peak_follower(run_result& r, int rated)
      : rated_(rated >= 0 ? r.state.columns[size_t(rated)].data() : nullptr),
        peak_(r.state.peak.data()),
        players_(r.state.peak.size()) {}

  void raise(int32_t player, double rating) const {
    const size_t p = size_t(player);
    if (rated_ && rated_[p] == 0) return;
    peak_[p] = std::fmax(peak_[p], rating);
  }

  // Players are met at random: their lines are fetched a few games ahead.
  void prefetch(int32_t player) const {
    if (rated_) __builtin_prefetch(rated_ + player);
    __builtin_prefetch(peak_ + player, 1);
  }

  // False when nobody holds a published rating, so no peak can rise.
  bool any() const { return !rated_ || std::any_of(rated_, rated_ + players_, [](double r) { return r != 0; }); }

 private:
  const double* rated_;
  double* peak_;
  size_t players_;
};

// A plugin is native code we did not write: check what it hands back.
// `after` says after what, for the message.
template <class After>
void check_finite(run_result& r, int32_t player, const settle_fn& settle, After&& after) {
  const auto& columns = r.state.columns;
  for (size_t f = 0; f < columns.size(); ++f) {
    if (std::isfinite(columns[f][size_t(player)])) continue;
    const player_table& names = settle();
    throw user_error(r.source->file().string(), 0, 0,
                     "plugin '" + std::string(r.source->id()) + "' returned a non-finite " +
                         r.source->descriptor().state[f].name + " for player " + names.name(player) + after());
  }
}

// Changes spread over a period's games (a first rating, a rounded change)
// may add up to the model's rating but for the last bits of the sum: true when
// `rating` is what the reported changes add up to, `reported`. A rating that
// is no number is the finite check's to name, as such.
inline bool adds_up(double reported, double rating) {
  return !std::isfinite(rating) || std::fabs(reported - rating) <= 1e-9 * std::fmax(1.0, std::fabs(rating));
}

// The refusal of a rating the plugin changed without reporting the change.
inline user_error unreported_change(const run_result& r, const player_table& names, int32_t player, double reported,
                                    const std::string& after) {
  return user_error(r.source->file().string(), 0, 0,
                    "plugin '" + std::string(r.source->id()) + "' changed the rating of player " + names.name(player) +
                        " to " + fmt::format("{}", r.state.rating()[player]) + after + " without reporting it: the "
                        "changes it reported add up to " + fmt::format("{}", reported) + "; a plugin hands every change "
                        "over in its games' delta_a and delta_b, its entries' delta, or as an adjustment (docs/writing-a-plugin.md)");
}

inline user_error plugin_failure(const run_result& r, const plugin_error& e, const std::string& what) {
  return r.source->failure(what, e.what());
}

}  // namespace ratekit
