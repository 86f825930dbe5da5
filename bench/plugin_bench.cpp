// Core throughput of each built-in plugin through the real loaded library
// (ratekit::plugin / ratekit::model), on games and placings already in memory:
// no parsing, no K schedule, no outputs. Also the cost of the ABI call itself
// (one call per game against one call for the whole stream) and the TopCoder
// (EloD) cost against event size, fitted as c * N^2.
//
//   ratekit-plugin-bench [--benchmark_filter=...]
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr int32_t players = 100000;
constexpr size_t stream = 1000000;  // games per timed pass

std::shared_ptr<const ratekit::plugin> load(const std::string& id) {
  return ratekit::plugin::load(std::string(RATEKIT_BUILD_PLUGIN_DIR) + "/ratekit-" + id + ".so");
}

// A model with the plugin's defaults (overrides as key=value) and a fresh state.
struct rig {
  std::shared_ptr<const ratekit::plugin> source;
  std::unique_ptr<ratekit::model> rater;
  std::vector<std::vector<double>> columns;
  std::vector<double*> pointers;
  rk_state state{};

  rig(const std::string& id, int32_t n, const std::vector<std::pair<std::string, std::string>>& overrides = {})
      : source(load(id)) {
    const rk_descriptor& d = source->descriptor();
    rater = std::make_unique<ratekit::model>(source, ratekit::resolve_params(d, overrides));
    for (uint32_t f = 0; f < d.state_count; ++f) columns.emplace_back(size_t(n), d.state[f].initial);
    for (auto& c : columns) pointers.push_back(c.data());
    state = rk_state{sizeof(rk_state), d.state_count, uint64_t(n), pointers.data(), nullptr, nullptr, nullptr};
  }
};

// Uniformly drawn pairings with K 20, football-like points and a fixed seed.
const std::vector<rk_game>& games() {
  static const std::vector<rk_game> g = [] {
    std::vector<rk_game> v;
    v.reserve(stream);
    uint64_t s = 12345;
    auto next = [&s] { return (s = s * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    for (size_t i = 0; i < stream; ++i) {
      const auto a = int32_t(next() % players);
      auto b = int32_t(next() % (players - 1));
      if (b >= a) ++b;
      const uint64_t r = next() % 3;
      rk_game game = ratekit::make_game(a, b, r == 0 ? 1.0 : r == 1 ? 0.0 : 0.5);
      game.k_a = game.k_b = 20;
      game.points_a = double(10 + next() % 25);
      game.points_b = r == 2 ? game.points_a : r == 0 ? game.points_a - 3 : game.points_a + 3;
      if (game.points_b < 0) game.points_b = 0;
      v.push_back(game);
    }
    return v;
  }();
  return g;
}

const char* const pairwise[] = {"fide-logistic", "fide-normal", "egf-go", "nfl-score-elo"};

// The whole stream in one call, one game per period: the engine's fast path.
void bm_games_batch(benchmark::State& st) {
  rig r(pairwise[st.range(0)], players);
  const auto& g = games();
  const rk_game_batch b{sizeof(rk_game_batch), 0, g.data(), g.size(), nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  for (auto _ : st) r.rater->rate_games(r.state, b, nullptr);
  st.SetLabel(pairwise[st.range(0)]);
  st.SetItemsProcessed(int64_t(st.iterations() * g.size()));
}

// The same with per-game outputs (expected score and deltas), as for history or metrics.
void bm_games_batch_out(benchmark::State& st) {
  rig r(pairwise[st.range(0)], players);
  const auto& g = games();
  std::vector<rk_game_out> out(g.size());
  const rk_game_batch b{sizeof(rk_game_batch), 0, g.data(), g.size(), nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  for (auto _ : st) r.rater->rate_games(r.state, b, out.data());
  st.SetLabel(pairwise[st.range(0)]);
  st.SetItemsProcessed(int64_t(st.iterations() * g.size()));
}

// One ABI call per game: what a host that cannot batch would pay.
void bm_games_per_call(benchmark::State& st) {
  rig r(pairwise[st.range(0)], players);
  const auto& g = games();
  for (auto _ : st)
    for (const rk_game& game : g) {
      const rk_game_batch b{sizeof(rk_game_batch), 0, &game, 1, nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
      r.rater->rate_games(r.state, b, nullptr);
    }
  st.SetLabel(pairwise[st.range(0)]);
  st.SetItemsProcessed(int64_t(st.iterations() * g.size()));
}

// EloD (TopCoder) on events of N players drawn from a pool, one thread: the
// work per event is O(N^2), so the fit gives the constant per pair.
void bm_events(benchmark::State& st) {
  const auto n = int32_t(st.range(0));
  constexpr int32_t pool = 100000;
  rig r("elod-duplicate-scrabble", pool, {{"min_rounds", "0"}, {"threads", "1"}});
  constexpr int events = 16;  // distinct fields, so no event is always the same players
  std::vector<rk_entry> entries;
  std::vector<rk_event> ev;
  uint64_t s = 99;
  for (int e = 0; e < events; ++e) {
    const uint64_t begin = entries.size();
    const auto first = int32_t((s = s * 6364136223846793005ull + 1) >> 33) % (pool - n);
    for (int32_t k = 0; k < n; ++k) entries.push_back(rk_entry{first + k, 0, double(k + 1)});
    ev.push_back(rk_event{begin, entries.size(), 12.0});
  }
  std::vector<rk_entry_out> out(entries.size());
  int e = 0;
  for (auto _ : st) {
    const rk_event& one = ev[size_t(e)];
    const rk_event local{0, one.end - one.begin, one.rounds};
    const rk_event_batch b{sizeof(rk_event_batch), 0, entries.data() + one.begin, one.end - one.begin, &local, 1};
    r.rater->rate_events(r.state, b, out.data());
    e = (e + 1) % events;
  }
  st.SetComplexityN(n);
  st.SetItemsProcessed(int64_t(st.iterations()) * n);
}

}  // namespace

BENCHMARK(bm_games_batch)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_games_batch_out)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_games_per_call)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_events)->RangeMultiplier(2)->Range(8, 2048)->Complexity(benchmark::oNSquared)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
