// ratekit-generate: synthetic input for the benchmarks. N players get hidden
// true strengths; games and event standings follow the logistic model on those
// strengths. The same seed gives the same bytes on every platform (own PRNG
// and normal deviates, no <random> distributions, whose output is unspecified).
//
//   ratekit-generate --players 100000 --games 10000000 --seed 1 --games-csv games.csv
//   ratekit-generate --players 1000 --events 200 --event-size 50 --standings-csv st.csv
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

// splitmix64: tiny, fast and fully specified.
struct rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  uint64_t below(uint64_t n) { return uint64_t(uniform() * double(n)); }
  double normal() {  // Box-Muller; one deviate per call keeps it simple
    const double u = 1.0 - uniform(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
  }
};

struct options {
  uint64_t players = 100000, games = 0, events = 0, event_size = 50, seed = 1;
  double spread = 200;  // standard deviation of true strength, rating points
  std::string games_csv, standings_csv;
};

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "ratekit-generate: %s\n"
               "usage: ratekit-generate [--players N] [--seed S] [--spread SD]\n"
               "         [--games M --games-csv FILE] [--events E --event-size P --standings-csv FILE]\n",
               why);
  std::exit(2);
}

uint64_t count(const char* flag, const char* text) {
  uint64_t v = 0;
  const char* end = text + std::strlen(text);
  const auto r = std::from_chars(text, end, v);
  if (r.ec != std::errc{} || r.ptr != end) usage((std::string("expected a whole number after ") + flag).c_str());
  return v;
}

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + std::string(flag)).c_str());
    const char* value = argv[++i];
    if (flag == "--players") o.players = count(argv[i - 1], value);
    else if (flag == "--games") o.games = count(argv[i - 1], value);
    else if (flag == "--events") o.events = count(argv[i - 1], value);
    else if (flag == "--event-size") o.event_size = count(argv[i - 1], value);
    else if (flag == "--seed") o.seed = count(argv[i - 1], value);
    else if (flag == "--spread") o.spread = double(count(argv[i - 1], value));
    else if (flag == "--games-csv") o.games_csv = value;
    else if (flag == "--standings-csv") o.standings_csv = value;
    else usage(("unknown option " + std::string(flag)).c_str());
  }
  if (o.players < 2) usage("expected at least 2 players");
  if (o.games && o.games_csv.empty()) usage("--games needs --games-csv");
  if (o.events && o.standings_csv.empty()) usage("--events needs --standings-csv");
  if (o.events && (o.event_size < 2 || o.event_size > o.players)) usage("expected 2 <= event size <= players");
  if (!o.games && !o.events) usage("nothing to write: give --games or --events");
  return o;
}

// Buffered writer with its own number formatting: fprintf per field would dominate.
class writer {
 public:
  explicit writer(const std::string& file) : f_(std::fopen(file.c_str(), "wb")) {
    if (!f_) throw std::runtime_error("cannot create " + file);
    buf_.reserve(capacity);
  }
  ~writer() {
    flush();
    std::fclose(f_);
  }
  writer& operator<<(std::string_view s) {
    buf_.append(s);
    if (buf_.size() >= capacity - 256) flush();
    return *this;
  }
  writer& operator<<(uint64_t v) {
    char b[24];
    return *this << std::string_view(b, size_t(std::to_chars(b, b + sizeof b, v).ptr - b));
  }
  writer& date(uint64_t day) {  // day 0 = 2000-01-01, 28-day months keep it simple and valid
    const uint64_t y = 2000 + day / 336, m = 1 + day / 28 % 12, d = 1 + day % 28;
    char b[11];
    std::snprintf(b, sizeof b, "%04u-%02u-%02u", unsigned(y), unsigned(m), unsigned(d));
    return *this << std::string_view(b, 10);
  }
  writer& player(uint64_t p) { return *this << "p" << p; }

 private:
  static constexpr size_t capacity = 1 << 20;
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), f_) != buf_.size())
      throw std::runtime_error("cannot write output (disk full?)");
    buf_.clear();
  }
  std::FILE* f_;
  std::string buf_;
};

double win_probability(double sa, double sb) { return 1.0 / (1.0 + std::pow(10.0, (sb - sa) / 400.0)); }

// Pairwise games between uniformly drawn players, about 1000 a day. A wins when a
// uniform draw falls below P(A) - 0.1, loses above P(A) + 0.1, else draws.
void write_games(const options& o, const std::vector<double>& strength, rng& r) {
  writer w(o.games_csv);
  w << "date,player_a,player_b,score_a\n";
  for (uint64_t i = 0; i < o.games; ++i) {
    const uint64_t a = r.below(o.players);
    uint64_t b = r.below(o.players - 1);
    if (b >= a) ++b;
    const double p = win_probability(strength[a], strength[b]), u = r.uniform();
    const std::string_view score = u < p - 0.1 ? "1" : u > p + 0.1 ? "0" : "0.5";
    w.date(i / 1000) << ",";
    w.player(a) << ",";
    w.player(b) << "," << score << "\n";
  }
}

// Ranked events of event_size distinct players, one a day, ordered by strength
// plus logistic noise (s = 400/ln 10 gives the Elo curve for every pair).
void write_standings(const options& o, const std::vector<double>& strength, rng& r) {
  writer w(o.standings_csv);
  w << "event,date,rounds,player,rank\n";
  std::vector<uint64_t> pool(o.players);
  std::vector<std::pair<double, uint64_t>> field(o.event_size);
  const double s = 400.0 / std::log(10.0);
  std::iota(pool.begin(), pool.end(), 0);
  for (uint64_t e = 0; e < o.events; ++e) {  // a shuffled pool stays uniform: no reset
    for (uint64_t k = 0; k < o.event_size; ++k) {  // partial Fisher-Yates: distinct players
      std::swap(pool[k], pool[k + r.below(o.players - k)]);
      const double u = 1.0 - r.uniform();
      field[k] = {strength[pool[k]] + s * std::log(u / (1.0 - u + 1e-300)), pool[k]};
    }
    std::sort(field.begin(), field.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    for (uint64_t k = 0; k < o.event_size; ++k) {
      w << "e" << (e + 1) << ",";
      w.date(e) << ",12,";
      w.player(field[k].second) << "," << (k + 1) << "\n";
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const options o = parse(argc, argv);
    rng r{o.seed};
    std::vector<double> strength(o.players);
    for (double& x : strength) x = 1500.0 + o.spread * r.normal();
    if (o.games) write_games(o, strength, r);
    if (o.events) write_standings(o, strength, r);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ratekit-generate: %s\n", e.what());
    return 1;
  }
}
