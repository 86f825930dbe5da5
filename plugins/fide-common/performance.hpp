// Performance rating Rp = Ra + dp (FIDE table 8.1.1), offered to the host as
// the RK_EXT_PERFORMANCE extension by both FIDE plugins.
#pragma once

#include <fide-common/tables.hpp>
#include <ratekit/sdk.hpp>

#include <cmath>
#include <cstring>

namespace ratekit::plugins::fide {

// Ra (mean rating of the opponents) plus dp for score out of games; NaN without games.
inline double performance(double mean_opponent, double games, double score) {
  if (!(games > 0)) return NAN;
  if (!(score >= 0 && score <= games))
    throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "performance: the score must lie between 0 and the number of games");
  return mean_opponent + dp(score, games);
}

inline int32_t performance_entry(rk_instance, double mean_opponent, double games, double score, double* out,
                                 rk_error* error) {
  return sdk::detail::guard(error, [&] { *out = performance(mean_opponent, games, score); });
}

inline constexpr rk_ext_performance performance_extension = {sizeof(rk_ext_performance), 0, &performance_entry};

// The parameters that do nothing without another: the floor and the pool's
// months without first ratings, uncapped_from without a cap.
inline constexpr rk_param_need param_needs[] = {
    {"floor", "first_rating"}, {"pool_months", "first_rating"}, {"uncapped_from", "cap"}};
inline constexpr rk_ext_param_needs param_needs_extension = {sizeof(rk_ext_param_needs), 3, param_needs};

// The extensions of both FIDE plugins.
inline const void* extension(const char* id) {
  if (std::strcmp(id, RK_EXT_PARAM_NEEDS) == 0) return &param_needs_extension;
  return std::strcmp(id, RK_EXT_PERFORMANCE) == 0 ? &performance_extension : nullptr;
}

}  // namespace ratekit::plugins::fide
