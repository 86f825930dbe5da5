// ERank, the O(N^2) heart of the model: for each target j,
//   ERank_j = 0.5 + sum over every player i of WP(i over j),
//   WP(i over j) = (erf((R_i - R_j) / sqrt(2 (V_i^2 + V_j^2))) + 1) / 2,
// computed as 0.5 + n/2 + (sum of erf) / 2. Results are bitwise the same for
// any thread count: the split of the work never depends on it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace ratekit::plugins::elod {

// Below this many pairs a second thread costs more than it saves.
inline constexpr size_t parallel_pairs = size_t(1) << 17;

// r[i], two_v2[i] = 2 V_i^2 for the n players of a pass; writes out[t] for targets[t],
// each sum over i in index order.
inline void expected_ranks_range(const double* r, const double* two_v2, size_t n, const uint32_t* targets,
                                 size_t first, size_t last, double* out) {
  for (size_t t = first; t < last; ++t) {
    const uint32_t j = targets[t];
    const double rj = r[j], vj = two_v2[j];
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) sum += std::erf((r[i] - rj) / std::sqrt(two_v2[i] + vj));
    out[t] = 0.5 + 0.5 * double(n) + 0.5 * sum;
  }
}

// Each unordered pair once: for i < j, e = erf((R_i - R_j) / sqrt(2 (V_i^2 + V_j^2)))
// adds e to j's sum and -e to i's (erf is odd, so this is exactly the term i's
// own sum would get). The rows are cut into a fixed number of lanes of about
// equal work, each with its own accumulator; threads take whole lanes and the
// lanes are added in lane order, so the bits never depend on the thread count.
inline constexpr size_t lanes = 8;

// Rows [first, last) of the triangle into acc (n doubles, zeroed by the caller).
inline void pair_sums(const double* r, const double* two_v2, size_t n, size_t first, size_t last, double* acc) {
  for (size_t i = first; i < last; ++i) {
    const double ri = r[i], vi = two_v2[i];
    double row = 0.0;
    for (size_t j = i + 1; j < n; ++j) {
      const double e = std::erf((ri - r[j]) / std::sqrt(vi + two_v2[j]));
      acc[j] += e;
      row += e;
    }
    acc[i] -= row;
  }
}

// Splits the work into `threads` parts when the pass is large enough.
class expected_ranks {
 public:
  explicit expected_ranks(unsigned threads) : threads_(threads ? threads : default_threads()) {}

  // Every player of the pass is a target: out[i] for i in [0, n).
  void all(const double* r, const double* two_v2, size_t n, double* out) {
    if (acc_.size() < lanes * n) acc_.resize(lanes * n);
    std::fill_n(acc_.begin(), lanes * n, 0.0);
    // Lane boundaries: row a starts after a (2n - a - 1) / 2 pairs; cut at equal pair counts.
    size_t bounds[lanes + 1] = {};
    const double pairs = 0.5 * double(n) * double(n - 1);
    for (size_t l = 1, a = 0; l <= lanes; ++l) {
      const double goal = pairs * double(l) / double(lanes);
      while (a < n && 0.5 * double(a) * double(2 * n - a - 1) < goal) ++a;
      bounds[l] = l == lanes ? n : a;
    }
    double* acc = acc_.data();
    auto lane_range = [=](size_t from, size_t step) {
      for (size_t l = from; l < lanes; l += step) pair_sums(r, two_v2, n, bounds[l], bounds[l + 1], acc + l * n);
    };
    run(n * n / 2, lane_range);
    for (size_t j = 0; j < n; ++j) {
      double sum = 0.0;
      for (size_t l = 0; l < lanes; ++l) sum += acc[l * n + j];
      out[j] = 0.5 + 0.5 * double(n) + 0.5 * sum;
    }
  }

  // Only some targets (the new players of pass 2): out[t] for targets[t], summing over all n.
  void operator()(const double* r, const double* two_v2, size_t n, const uint32_t* targets, size_t m,
                  double* out) {
    // Contiguous blocks of targets: part `from` of `step`.
    run(m * n, [=](size_t from, size_t step) {
      expected_ranks_range(r, two_v2, n, targets, m * from / step, m * (from + 1) / step, out);
    }, m);
  }

 private:
  static unsigned default_threads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n ? n : 1;
  }

  // Calls work(part, parts) for every part, on up to threads_ threads when `pairs` is large.
  template <class Work>
  void run(size_t pairs, Work work, size_t max_parts = lanes) {
    const size_t parts = pairs < parallel_pairs ? 1 : std::min<size_t>(threads_, max_parts);
    if (parts <= 1) return work(0, 1);
    workers_.clear();  // keeps its capacity: no allocation after the first large pass
    try {
      for (size_t p = 1; p < parts; ++p) workers_.emplace_back(work, p, parts);
    } catch (...) {  // a thread that could not start: finish the started ones, then report
      for (auto& w : workers_) w.join();
      throw;
    }
    work(0, parts);
    for (auto& w : workers_) w.join();
  }

  unsigned threads_;
  std::vector<std::thread> workers_;
  std::vector<double> acc_;  // lanes accumulators of n doubles
};

}  // namespace ratekit::plugins::elod
