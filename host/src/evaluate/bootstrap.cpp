#include <ratekit/host/evaluate/bootstrap.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace ratekit {

namespace {

// The q-quantile of sorted values (linear between neighbours).
double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return NAN;
  const double at = q * double(sorted.size() - 1);
  const auto below = size_t(at);
  const size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (at - double(below)) * (sorted[above] - sorted[below]);
}

}  // namespace

std::vector<difference> paired_differences(const std::vector<std::vector<double>>& terms, size_t best, uint64_t seed,
                                           size_t replicates, const std::vector<uint32_t>& groups) {
  const size_t models = terms.size(), n = terms.empty() ? 0 : terms[best].size();
  const size_t group_count = groups.empty() ? n : (n ? size_t(groups.back()) + 1 : 0);
  // The differences summed group by group, model-major, so a resample reads each model's in one pass.
  std::vector<std::vector<double>> diff(models, std::vector<double>(group_count));
  std::vector<double> size(group_count, groups.empty() ? 1.0 : 0.0);
  if (!groups.empty())
    for (const uint32_t g : groups) size[g] += 1;
  std::vector<difference> out(models);
  for (size_t m = 0; m < models; ++m) {
    double sum = 0;
    for (size_t i = 0; i < n; ++i) {
      const double d = terms[m][i] - terms[best][i];
      sum += d;
      diff[m][groups.empty() ? i : groups[i]] += d;
    }
    out[m].value = n ? sum / double(n) : NAN;
  }
  if (n == 0) return out;
  std::mt19937_64 draw(seed);  // its sequence is fixed by the standard: the same intervals everywhere
  std::vector<std::vector<double>> means(models, std::vector<double>(replicates));
  std::vector<uint32_t> picked(group_count);
  for (size_t r = 0; r < replicates; ++r) {
    // A group index from the high 32 bits by multiply-shift: unbiased enough for fewer than 2^32, and portable.
    double games = 0;
    for (auto& g : picked) g = uint32_t(((draw() >> 32) * uint64_t(group_count)) >> 32), games += size[g];
    for (size_t m = 0; m < models; ++m) {
      double sum = 0;
      for (const uint32_t g : picked) sum += diff[m][g];
      means[m][r] = sum / games;
    }
  }
  for (size_t m = 0; m < models; ++m) {
    std::sort(means[m].begin(), means[m].end());
    out[m].low = quantile(means[m], 0.025);
    out[m].high = quantile(means[m], 0.975);
  }
  return out;
}

}  // namespace ratekit
