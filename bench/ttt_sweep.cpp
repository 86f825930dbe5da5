// ttt's sweeps alone, for bench/ttt.sh and docs/performance.md: reads a history CSV of
// bench/ttt_history.py (duels), loads the model (the first forward pass) and runs SWEEPS
// sweeps, each timed, with the package's defaults; writes every match's first player's
// mean and deviation (match,mean,sd) to OUT.csv when given.
//
//   ratekit-ttt-sweep history.csv SWEEPS [OUT.csv]
#include <ttt/ttt.hpp>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The history's arrays, as the host would hand them over.
struct history_arrays {
  std::vector<rk_entry> entries;
  std::vector<rk_event> matches;
  std::vector<uint64_t> batch_ends;
  std::vector<double> batch_times;
  uint64_t players = 0;

  // The whole file at once, its numbers parsed in place (the CSV is the generator's: no quotes).
  void read(const char* path) {
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const char* p = text.data() + text.find('\n') + 1;
    const char* const end = text.data() + text.size();
    double row[6];
    while (p < end) {
      for (double& field : row) {
        p = std::from_chars(p, end, field).ptr;
        ++p;  // the comma, or the line's end
      }
      const auto team = uint32_t(row[2]);
      if (team == 0) {
        if (!matches.empty() && row[1] != batch_times.back()) batch_ends.push_back(matches.size());
        if (batch_times.empty() || row[1] != batch_times.back()) batch_times.push_back(row[1]);
        matches.push_back({entries.size(), entries.size(), NAN});
      }
      entries.push_back({int32_t(row[3]), team, row[4]});
      matches.back().end = entries.size();
      players = std::max<uint64_t>(players, uint64_t(row[3]) + 1);
    }
    batch_ends.push_back(matches.size());
  }
  rk_wh_history view() const {
    return {sizeof(rk_wh_history), 0, players, entries.data(), entries.size(), nullptr, matches.data(),
            matches.size(), nullptr, batch_ends.data(), batch_times.data(), batch_times.size()};
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: ratekit-ttt-sweep history.csv SWEEPS [OUT.csv]\n");
    return 2;
  }
  history_arrays arrays;
  auto t0 = std::chrono::steady_clock::now();
  arrays.read(argv[1]);
  const double read_s = seconds_since(t0);
  const rk_wh_history h = arrays.view();
  const double params[] = {0.0, 6.0, 1.0, 0.03, 0.0, 1e-6, 30};
  ratekit::plugins::ttt model(ratekit::sdk::host(nullptr), ratekit::sdk::params(params, 7));
  t0 = std::chrono::steady_clock::now();
  model.load(ratekit::sdk::history(h));
  const double load_s = seconds_since(t0);
  const int sweeps = std::atoi(argv[2]);
  double sweeps_s = 0.0, step = NAN;
  for (int i = 0; i < sweeps; ++i) {
    t0 = std::chrono::steady_clock::now();
    step = model.sweep();
    const double s = seconds_since(t0);
    sweeps_s += s;
    std::fprintf(stderr, "sweep %d: %.3f s, step %.3g\n", i + 1, s, step);
  }
  std::fprintf(stderr, "ratekit ttt: %zu games, %llu players, %zu batches; read %.2f s, load %.2f s, %d sweeps %.2f s (%.3f s a sweep)\n",
               arrays.matches.size(), (unsigned long long)arrays.players, arrays.batch_times.size(), read_s, load_s, sweeps,
               sweeps_s, sweeps > 0 ? sweeps_s / sweeps : 0.0);
  if (argc > 3) {
    std::vector<double> mean(h.entry_count), sd(h.entry_count);
    model.estimates(mean.data(), sd.data());
    std::FILE* out = std::fopen(argv[3], "w");
    std::fprintf(out, "match,mean,sd\n");
    for (size_t m = 0; m < arrays.matches.size(); ++m)
      std::fprintf(out, "%zu,%.17g,%.17g\n", m, mean[arrays.matches[m].begin], sd[arrays.matches[m].begin]);
    std::fclose(out);
  }
  return 0;
}
