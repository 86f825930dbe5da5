#include <ratekit/host/engine/pair_sample.hpp>

namespace ratekit {

bool pair_sample::over_budget() const {
  int64_t drawn = 0;
  for (size_t l = size_t(level_); l < by_level_.size(); ++l) drawn += by_level_[l].count;
  return drawn > budget_ && level_ < top_level;
}

forecast_sums pair_sample::counted() const {
  if (level_ == 0) return all_;
  forecast_sums sampled;
  for (size_t l = size_t(level_); l < by_level_.size(); ++l) sampled += by_level_[l];
  return sampled;
}

}  // namespace ratekit
