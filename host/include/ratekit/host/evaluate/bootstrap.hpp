// Paired bootstrap intervals of score differences over the same games.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ratekit {

struct difference {
  double value = 0;        // mean of terms[m] - terms[best] over the games
  double low = 0, high = 0;  // its 95% interval: the 2.5th and 97.5th percentiles of the resampled means
};

// Per-game terms of each model (terms[m][i], every model over the same games):
// each model's mean difference from model `best`, each interval from the same
// `replicates` resamplings of the games with replacement, drawn from `seed`.
// With `groups` (group[i]: game i's, numbered from 0 in order, such as the event of a pair), the
// groups are resampled whole, each replicate's mean over the games of the groups drawn: the games
// of one group are not independent. Empty: each game a group of its own.
std::vector<difference> paired_differences(const std::vector<std::vector<double>>& terms, size_t best, uint64_t seed,
                                           size_t replicates, const std::vector<uint32_t>& groups = {});

}  // namespace ratekit
