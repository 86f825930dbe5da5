// The whr plugin's model alone on a history of duels (the CSV of
// tests/reference/whr_history.py: day,a,b,score,advantage), swept until no
// mean moves by more than epsilon Elo: the time to load and to converge, the
// sweeps and their conjugate-gradient iterations, and the bytes the model keeps. bench/whr.sh runs it beside the
// Python port on the same file.
//
//   ratekit-whr-bench games.csv [epsilon] [w2]
#include <whr/whr.hpp>

#include "whole_history_builder.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

namespace {

// The bytes of the model's arrays: the layout, one estimate per day and the joint Newton system
// (whr_model::joint_system: seven numbers per day, one per game term).
size_t model_bytes(const ratekit::plugins::whr_model::player_days& d) {
  auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
  return bytes(d.first_day) + bytes(d.time) + bytes(d.first_term) + bytes(d.opponent) + bytes(d.score) +
         bytes(d.advantage) + bytes(d.entry_day) + d.days() * (1 + 7) * sizeof(double) +
         d.opponent.size() * sizeof(double);
}

// The process's CPU seconds: the machine is shared, so its wall time says less.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s games.csv [epsilon] [w2]\n", argv[0]);
    return 2;
  }
  const double epsilon = argc > 2 ? std::atof(argv[2]) : 1e-4, w2 = argc > 3 ? std::atof(argv[3]) : 300.0;
  ratekit::testing::whole_history_builder builder;
  std::ifstream in(argv[1]);
  std::string header;
  std::getline(in, header);
  double day, score, advantage;
  int a, b;
  char comma;
  uint64_t games = 0;
  while (in >> day >> comma >> a >> comma >> b >> comma >> score >> comma >> advantage)
    builder.duel(day, a, b, score, advantage), ++games;
  const rk_wh_history& history = builder.build();

  const double params[] = {w2, epsilon, 1e6};
  ratekit::plugins::whr model(ratekit::sdk::host(nullptr), ratekit::sdk::params(params, 3));
  const double start = cpu_seconds();
  model.load(ratekit::sdk::history(history));
  const double load_seconds = cpu_seconds() - start;
  int sweeps = 0, inner = 0;
  double change = INFINITY;
  while (change > epsilon) change = model.sweep(), ++sweeps, inner += model.inner_iterations();
  const double sweep_seconds = cpu_seconds() - start - load_seconds;
  std::printf("games %llu players %llu days %u sweeps %d inner_iterations %d last_change %.3g load_cpu_s %.3f sweeps_cpu_s %.3f "
              "per_sweep_ms %.2f model_bytes_per_game %.1f log_evidence %.6f\n",
              (unsigned long long)games, (unsigned long long)history.player_count, model.layout().days(), sweeps, inner,
              change, load_seconds, sweep_seconds, 1e3 * sweep_seconds / sweeps,
              double(model_bytes(model.layout())) / double(games), model.log_evidence());
}
