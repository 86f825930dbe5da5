// history.csv's number formatter, write_shortest_fixed, against the
// std::to_chars(fixed) call it replaces, in ns a number: 1M ratings-like
// values, N(1500, 300), and 1M values in [0, 1) like expected scores.
//
//   ratekit-format-bench [--benchmark_filter=...]
#include <ratekit/host/text/shortest_fixed.hpp>

#include <benchmark/benchmark.h>

#include <charconv>
#include <random>
#include <vector>

namespace {

constexpr size_t count = 1000000;

// 1M draws of `distribution`, the same on every run.
template <class Distribution>
std::vector<double> draws(Distribution distribution) {
  std::mt19937_64 random(1);
  std::vector<double> v(count);
  for (double& x : v) x = distribution(random);
  return v;
}

std::vector<double> ratings() { return draws(std::normal_distribution<double>(1500, 300)); }
std::vector<double> probabilities() { return draws(std::uniform_real_distribution<double>(0, 1)); }

// One pass writes every value into the same buffer; the counter is the time per number.
template <class Write>
void format_all(benchmark::State& state, const std::vector<double>& values, Write write) {
  char buf[400];
  for (auto _ : state)
    for (const double v : values) {
      benchmark::DoNotOptimize(write(buf, v));
      benchmark::ClobberMemory();
    }
  state.counters["per_number"] = benchmark::Counter(
      double(values.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

char* ours(char* at, double v) { return ratekit::write_shortest_fixed(at, v); }
char* to_chars(char* at, double v) { return std::to_chars(at, at + 400, v, std::chars_format::fixed).ptr; }

void ratings_shortest_fixed(benchmark::State& state) { format_all(state, ratings(), ours); }
void ratings_to_chars(benchmark::State& state) { format_all(state, ratings(), to_chars); }
void probabilities_shortest_fixed(benchmark::State& state) { format_all(state, probabilities(), ours); }
void probabilities_to_chars(benchmark::State& state) { format_all(state, probabilities(), to_chars); }

}  // namespace

BENCHMARK(ratings_shortest_fixed)->Unit(benchmark::kMillisecond);
BENCHMARK(ratings_to_chars)->Unit(benchmark::kMillisecond);
BENCHMARK(probabilities_shortest_fixed)->Unit(benchmark::kMillisecond);
BENCHMARK(probabilities_to_chars)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
