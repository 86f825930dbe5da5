// trueskill against the numbers Herbrich, Minka and Graepel's TrueSkill is
// known by (two new players, one win and one draw), against ts-trueskill on
// seeded streams of team matches (tests/data/teams/trueskill-stream*.csv,
// written by tests/reference/trueskill_reference.js), and against the
// model's own invariants: symmetry, input order, tau in quadrature, scale.
#include <catch2/catch.hpp>
#include <trueskill/trueskill.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_trueskill {

#ifndef RATEKIT_SOURCE_DIR  // the build defines it; by hand, run from the repository's root
#define RATEKIT_SOURCE_DIR "."
#endif

using ratekit::plugins::trueskill;
namespace ts = ratekit::plugins::trueskill_math;

namespace {

double round_to(double x, int decimals) { return std::round(x * std::pow(10.0, decimals)) / std::pow(10.0, decimals); }

struct settings {
  double mu = 25.0, sigma = 25.0 / 3, beta = 25.0 / 3 / 2, tau = 25.0 / 3 / 100, draw_probability = 0.1;
};
trueskill make(const settings& s = {}) {
  const double v[] = {s.mu, s.sigma, s.beta, s.tau, s.draw_probability};
  return trueskill(ratekit::sdk::host(nullptr), ratekit::sdk::params(v, 5));
}

// One player of a match as the tests write it.
struct seat {
  uint32_t team;
  double rank, mu, sigma, weight = 1.0;
};
ratekit::sdk::match build(const std::vector<seat>& seats) {
  ratekit::sdk::match m;
  m.clear(2);
  for (size_t i = 0; i < seats.size(); ++i) {
    double* row = m.add(seats[i].team, seats[i].rank, seats[i].weight, int64_t(i));
    row[0] = seats[i].mu, row[1] = seats[i].sigma;
  }
  return m;
}
// Rates the seats and returns each one's {mu, sigma} after, in the seats' order.
std::vector<std::pair<double, double>> rate(trueskill& model, const std::vector<seat>& seats) {
  ratekit::sdk::match m = build(seats);
  model.rate(m);
  std::vector<std::pair<double, double>> out;
  for (uint32_t p = 0; p < m.players(); ++p) out.emplace_back(m.state(p)[0], m.state(p)[1]);
  return out;
}

const double s0 = 25.0 / 3;  // a new player's sigma

// ---- the reference streams ----

struct row {
  std::string team, player;
  double rank, weight, mu, sigma;
};
// Each match's rows, in the file's order.
std::vector<std::vector<row>> read_stream(const std::string& name) {
  std::ifstream in(std::filesystem::path(RATEKIT_SOURCE_DIR) / "tests/data/teams" / name);
  REQUIRE(in);
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "match,date,team,player,rank,weight,mu_after,sigma_after");
  std::vector<std::vector<row>> matches;
  std::string last;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    size_t start = 0;
    for (size_t comma; (comma = line.find(',', start)) != std::string::npos; start = comma + 1)
      f.push_back(line.substr(start, comma - start));
    f.push_back(line.substr(start));
    REQUIRE(f.size() == 8);
    if (f[0] != last) matches.emplace_back(), last = f[0];
    matches.back().push_back(row{f[2], f[3], std::strtod(f[4].c_str(), nullptr), std::strtod(f[5].c_str(), nullptr),
                                 std::strtod(f[6].c_str(), nullptr), std::strtod(f[7].c_str(), nullptr)});
  }
  return matches;
}

// A match of the stream as seats, each player's state before it from
// `before` (a new player: the initial state).
std::vector<seat> seats_of(const std::vector<row>& rows, const std::map<std::string, std::pair<double, double>>& before,
                           const settings& s) {
  std::vector<seat> seats;
  std::vector<std::string> teams;  // in order of appearance
  for (const row& r : rows) {
    if (teams.empty() || teams.back() != r.team) teams.push_back(r.team);
    const auto it = before.find(r.player);
    const auto [mu, sigma] = it == before.end() ? std::pair{s.mu, s.sigma} : it->second;
    seats.push_back(seat{uint32_t(teams.size() - 1), r.rank, mu, sigma, r.weight});
  }
  return seats;
}

struct agreement {
  double max_mu = 0, max_sigma = 0;
  int max_passes = 0;
  size_t rows = 0;
};

// Rates the stream with the plugin, each match from the reference's own
// states before it (`chained` false: every match checked on its own) or
// from the plugin's (`chained` true: differences may accumulate).
agreement replay(const std::string& name, const settings& s, bool chained) {
  trueskill model = make(s);
  agreement a;
  std::map<std::string, std::pair<double, double>> reference, mine;
  for (const std::vector<row>& rows : read_stream(name)) {
    const auto after = rate(model, seats_of(rows, chained ? mine : reference, s));
    a.max_passes = std::max(a.max_passes, model.passes());
    for (size_t i = 0; i < rows.size(); ++i) {
      a.max_mu = std::max(a.max_mu, std::fabs(after[i].first - rows[i].mu));
      a.max_sigma = std::max(a.max_sigma, std::fabs(after[i].second - rows[i].sigma));
      reference[rows[i].player] = {rows[i].mu, rows[i].sigma};
      mine[rows[i].player] = after[i];
      ++a.rows;
    }
  }
  return a;
}

// The factor graph on its own, on either normal distribution: the teams
// sorted by rank (stably), run, and the results mapped back; teams of
// `linear_from` players or more summed up in linear time (0: the graph's own rule).
template <class Normal>
std::vector<std::pair<double, double>> rate_graph(const std::vector<seat>& seats, const settings& s,
                                                  uint32_t linear_from = 0) {
  std::vector<size_t> firsts;  // each team's first seat
  for (size_t i = 0; i < seats.size(); ++i)
    if (i == 0 || seats[i].team != seats[i - 1].team) firsts.push_back(i);
  firsts.push_back(seats.size());
  std::vector<size_t> order(firsts.size() - 1);
  for (size_t t = 0; t < order.size(); ++t) order[t] = t;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return seats[firsts[a]].rank < seats[firsts[b]].rank; });
  ts::factor_graph<Normal> graph;
  if (linear_from) graph.sum_linearly_from(linear_from);
  graph.clear();
  for (const size_t t : order) {
    graph.add_team(seats[firsts[t]].rank);
    for (size_t i = firsts[t]; i < firsts[t + 1]; ++i) graph.add_player(seats[i].mu, seats[i].sigma, seats[i].weight);
  }
  graph.run(s.beta, s.tau, Normal::ppf((s.draw_probability + 1) / 2));
  std::vector<std::pair<double, double>> out(seats.size());
  size_t k = 0;
  for (const size_t t : order)
    for (size_t i = firsts[t]; i < firsts[t + 1]; ++i, ++k) out[i] = {graph.mu(k), graph.sigma(k)};
  return out;
}

}  // namespace

TEST_CASE("trueskill reproduces the published 1 vs 1: 29.396 / 7.171 against 20.604 / 7.171", "[trueskill]") {
  trueskill model = make();
  double initial[2];
  model.initial(initial);
  CHECK(initial[0] == 25.0);
  CHECK(initial[1] == Approx(25.0 / 3).epsilon(1e-15));

  const auto win = rate(model, {{0, 1, 25, s0}, {1, 2, 25, s0}});
  CHECK(round_to(win[0].first, 3) == 29.396);
  CHECK(round_to(win[0].second, 3) == 7.171);
  CHECK(round_to(win[1].first, 3) == 20.604);
  CHECK(round_to(win[1].second, 3) == 7.171);
  // ts-trueskill 5.1.0 prints these digits, 29.395832019999158 and 7.1714755873261948.
  CHECK(win[0].first == Approx(29.395832019999158).epsilon(1e-14));
  CHECK(win[0].second == Approx(7.1714755873261948).epsilon(1e-14));

  // The winner listed second: the same numbers, mapped back to the input order.
  const auto swapped = rate(model, {{0, 2, 25, s0}, {1, 1, 25, s0}});
  CHECK(swapped[1].first == win[0].first);
  CHECK(swapped[0].first == win[1].first);
  // Ranks are only an order: 1 and 2 or 10 and 30 are the same result.
  const auto spaced = rate(model, {{0, 10, 25, s0}, {1, 30, 25, s0}});
  CHECK(spaced[0].first == win[0].first);
}

TEST_CASE("trueskill reproduces the published draw: both 25.000 / 6.458", "[trueskill]") {
  trueskill model = make();
  const auto draw = rate(model, {{0, 1, 25, s0}, {1, 1, 25, s0}});
  for (const auto& [mu, sigma] : draw) {
    CHECK(round_to(mu, 3) == 25.000);
    CHECK(round_to(sigma, 3) == 6.458);
    CHECK(sigma == Approx(6.4575196623173223).epsilon(1e-14));  // ts-trueskill 5.1.0
  }
}

TEST_CASE("trueskill's normal distribution is the references' (Numerical Recipes) one", "[trueskill]") {
  using ref = ts::reference_normal;
  // ts-gaussian 3.1.0's erfc and ppf, printed to 17 digits by node.
  CHECK(ref::erfc(1.0) == Approx(0.15729921223999332).epsilon(1e-15));
  CHECK(ref::erfc(5.0) == Approx(1.537459639387671e-12).epsilon(1e-14));
  CHECK(ref::erfc(0.0) == Approx(1.0000000300000005).epsilon(1e-15));  // the fit is off by 3e-8 at 0
  CHECK(ref::ppf(0.55) == Approx(0.12566131087314769).epsilon(1e-14));
  CHECK(ref::ppf(0.5) == Approx(3.7599186848597124e-8).epsilon(1e-9));  // so even p = 0 leaves a margin
  // The draw margin of two players, ppf(0.55) sqrt(2) beta (ts-trueskill's calcDrawMargin).
  CHECK(make().draw_margin(2) == Approx(0.74046637542661320).epsilon(1e-14));
  CHECK(make().draw_margin(6) == Approx(0.74046637542661320 * std::sqrt(3.0)).epsilon(1e-14));
  // Within the fit's 1.2e-7 of the exact distribution, whose quantiles are the textbook's.
  for (const double x : {-6.0, -3.0, -1.0, -0.2, 0.0, 0.7, 2.0, 5.0}) {
    INFO("x " << x);
    CHECK(ref::cdf(x) == Approx(ts::exact_normal::cdf(x)).epsilon(1.2e-7));
    CHECK(ref::log_cdf(x) == Approx(std::log(ts::exact_normal::cdf(x))).margin(1.2e-7));
    CHECK(ts::exact_normal::log_cdf(x) == Approx(std::log(ts::exact_normal::cdf(x))).epsilon(1e-14));
  }
  CHECK(ts::exact_normal::ppf(0.975) == Approx(1.959963984540054).epsilon(1e-15));
  CHECK(ts::exact_normal::ppf(0.55) == Approx(0.12566134685507402).epsilon(1e-14));
  // Right to the last bits of x: cdf's relative error is x^2 times x's, so the
  // round trip may lose that factor and no more.
  for (const double p : {1e-300, 1e-20, 0.001, 0.02, 0.3, 0.5, 0.9, 0.99999}) {
    const double x = ts::exact_normal::ppf(p);
    CHECK(ts::exact_normal::cdf(x) == Approx(p).epsilon(4e-16 * (1 + x * x)));
  }
  // Far in the tail, where cdf underflows, log_cdf goes on (pdf(x) / -x to first order).
  CHECK(ts::exact_normal::log_cdf(-40) == Approx(-800 - std::log(40 * std::sqrt(2 * std::numbers::pi))).epsilon(1e-5));
  CHECK(ref::log_cdf(-40) == Approx(ts::exact_normal::log_cdf(-40)).epsilon(1e-6));
}

TEST_CASE("trueskill agrees with ts-trueskill on 3000 matches of 2 to 4 teams, ties and partial play", "[trueskill]") {
  // Each match from the reference's states before it: nothing accumulates,
  // and the roundings are ts-trueskill's (measured: 2.2e-13 in mu, 3.8e-13 in sigma).
  const agreement alone = replay("trueskill-stream.csv", {}, false);
  INFO("alone: max |d mu| " << alone.max_mu << ", max |d sigma| " << alone.max_sigma);
  CHECK(alone.rows == 19946);
  CHECK(alone.max_mu < 1e-12);
  CHECK(alone.max_sigma < 1e-12);
  // The whole stream on the plugin's own states: still the reference's (measured 1.4e-12).
  const agreement chained = replay("trueskill-stream.csv", {}, true);
  INFO("chained: max |d mu| " << chained.max_mu << ", max |d sigma| " << chained.max_sigma);
  CHECK(chained.max_mu < 1e-11);
  CHECK(chained.max_sigma < 1e-11);
  // No match needs the pass limit, where Python trueskill (10) and ts-trueskill (11) part.
  CHECK(chained.max_passes < 10);
}

TEST_CASE("trueskill agrees with ts-trueskill on other parameters", "[trueskill]") {
  // mu 1500, sigma 400: the same relative agreement (measured 1.3e-11 and 3.1e-11 alone, 7.6e-11 chained).
  const settings s{1500, 400, 150, 12, 0.25};
  const agreement alone = replay("trueskill-stream-params.csv", s, false);
  INFO("alone: max |d mu| " << alone.max_mu << ", max |d sigma| " << alone.max_sigma);
  CHECK(alone.rows == 2654);
  CHECK(alone.max_mu < 1e-10);
  CHECK(alone.max_sigma < 1e-10);
  const agreement chained = replay("trueskill-stream-params.csv", s, true);
  INFO("chained: max |d mu| " << chained.max_mu << ", max |d sigma| " << chained.max_sigma);
  CHECK(chained.max_mu < 1e-9);
  CHECK(chained.max_sigma < 1e-9);
}

TEST_CASE("trueskill's approximate normal moves ratings by less than 2e-5", "[trueskill]") {
  // The same graph on the exact normal distribution, each match from the
  // reference's states: what following the references' fit costs.
  double mu = 0, sigma = 0;
  std::map<std::string, std::pair<double, double>> before;
  const std::vector<std::vector<row>> matches = read_stream("trueskill-stream.csv");
  for (const std::vector<row>& rows : matches) {
    const std::vector<seat> seats = seats_of(rows, before, {});
    const auto exact = rate_graph<ts::exact_normal>(seats, {});
    if (&rows == &matches.front()) {  // the helper itself is the plugin's graph
      trueskill model = make();
      CHECK(rate_graph<ts::reference_normal>(seats, {}) == rate(model, seats));
    }
    for (size_t i = 0; i < rows.size(); ++i) {
      mu = std::max(mu, std::fabs(exact[i].first - rows[i].mu));
      sigma = std::max(sigma, std::fabs(exact[i].second - rows[i].sigma));
      before[rows[i].player] = {rows[i].mu, rows[i].sigma};
    }
  }
  INFO("exact normal: max |d mu| " << mu << ", max |d sigma| " << sigma);
  CHECK(mu < 2e-5);  // measured: 3.7e-6 in mu, 7.0e-6 in sigma
  CHECK(sigma < 2e-5);
  CHECK(mu > 1e-9);  // and it does differ: the plugin follows the fit, not the exact function
  // The published numbers hold either way.
  const auto win = rate_graph<ts::exact_normal>({{0, 1, 25, s0}, {1, 2, 25, s0}}, {});
  CHECK(round_to(win[0].first, 3) == 29.396);
  CHECK(round_to(win[1].second, 3) == 7.171);
}

TEST_CASE("trueskill rates free-for-alls of three and four", "[trueskill]") {
  trueskill model = make();
  // Three new players, given out of order: 2nd, 3rd, 1st.
  const auto three = rate(model, {{0, 2, 25, s0}, {1, 3, 25, s0}, {2, 1, 25, s0}});
  const auto& [second, third, first] = std::tie(three[0], three[1], three[2]);
  CHECK(first.first > 29.396);  // beating two is worth more than beating one
  CHECK(first.first > second.first);
  CHECK(second.first > third.first);
  // Symmetric about 25, up to the fit (its cdf(x) + cdf(-x) is 1 within 1e-7) and the stopping rule.
  CHECK(second.first == Approx(25).margin(1e-3));
  CHECK(first.first - 25 == Approx(25 - third.first).margin(1e-3));
  CHECK(first.second == Approx(third.second).margin(1e-3));
  CHECK(second.second < first.second);  // the middle one is bounded on both sides
  // ts-trueskill 5.1.0 prints 31.675 / 6.656, 25.000 / 6.208, 18.325 / 6.656.
  CHECK(first.first == Approx(31.675352419171958).epsilon(1e-13));
  CHECK(first.second == Approx(6.6559853776207119).epsilon(1e-13));
  CHECK(second.second == Approx(6.2078966412243366).epsilon(1e-13));
  CHECK(third.first == Approx(18.324647580824120).epsilon(1e-13));

  // The same in rank order, and in any order: each player's numbers, to the bit.
  const auto sorted = rate(model, {{0, 1, 25, s0}, {1, 2, 25, s0}, {2, 3, 25, s0}});
  CHECK(sorted[0] == first);
  CHECK(sorted[1] == second);
  CHECK(sorted[2] == third);

  // Four with different states, ranks 3 1 4 2: each ends where his rank says
  // against the others of equal start, and no two inputs' orders differ.
  const std::vector<seat> four = {{0, 3, 27, 3}, {1, 1, 24, 5}, {2, 4, 30, 2}, {3, 2, 20, 7}};
  const auto a = rate(model, four);
  std::vector<seat> renumbered = {four[1], four[3], four[0], four[2]};
  for (uint32_t t = 0; t < 4; ++t) renumbered[t].team = t;
  const auto c = rate(model, renumbered);
  CHECK(c[0] == a[1]);
  CHECK(c[1] == a[3]);
  CHECK(c[2] == a[0]);
  CHECK(c[3] == a[2]);
  CHECK(a[1].first > 24);  // the winner gains
  CHECK(a[2].first < 30);  // the last loses
  for (size_t i = 0; i < 4; ++i) CHECK(a[i].second < four[i].sigma);
}

TEST_CASE("trueskill ties: three-way, and an equal-ranked pair among four", "[trueskill]") {
  trueskill model = make();
  const auto tie3 = rate(model, {{0, 1, 25, s0}, {1, 1, 25, s0}, {2, 1, 25, s0}});
  for (const auto& [mu, sigma] : tie3) {
    CHECK(mu == Approx(25).margin(1e-6));
    CHECK(sigma < 6.458);  // two draws say more than one
  }
  CHECK(tie3[0].second == Approx(tie3[2].second).margin(1e-4));

  // Ranks 1 2 2 3, given as 2 3 1 2: the tied pair keep their input order
  // (a stable sort), so both inputs are one graph and one result.
  const auto sorted = rate(model, {{0, 1, 25, s0}, {1, 2, 25, s0}, {2, 2, 25, s0}, {3, 3, 25, s0}});
  const auto scrambled = rate(model, {{0, 2, 25, s0}, {1, 3, 25, s0}, {2, 1, 25, s0}, {3, 2, 25, s0}});
  CHECK(scrambled[2] == sorted[0]);
  CHECK(scrambled[0] == sorted[1]);
  CHECK(scrambled[3] == sorted[2]);
  CHECK(scrambled[1] == sorted[3]);
  // The tied pair sit in the middle, together, as far as the stopping rule
  // (min_delta 1e-4 on the messages) lets the schedule get: 25 -+ 0.007, as
  // ts-trueskill 5.1.0 prints them.
  CHECK(sorted[1].first == Approx(24.993093574450128).epsilon(1e-13));
  CHECK(sorted[2].first == Approx(25.006906425490630).epsilon(1e-13));
  CHECK(sorted[1].second == Approx(5.5593618548541714).epsilon(1e-13));
  CHECK(sorted[0].first == Approx(31.563972498314691).epsilon(1e-13));
  CHECK(sorted[3].first == Approx(18.436027501744576).epsilon(1e-13));
  CHECK(sorted[0].first > 25);
  CHECK(sorted[3].first < 25);
  // A tie moves a stronger player down and a weaker up.
  const auto uneven = rate(model, {{0, 1, 30, 4}, {1, 1, 20, 4}});
  CHECK(uneven[0].first < 30);
  CHECK(uneven[1].first > 20);
}

TEST_CASE("trueskill rates uneven teams: team performance is the sum of its players'", "[trueskill]") {
  trueskill model = make();
  // One new player beats two: an upset, worth more than beating one.
  const auto upset = rate(model, {{0, 1, 25, s0}, {1, 2, 25, s0}, {1, 2, 25, s0}});
  CHECK(upset[0].first > 29.396);
  CHECK(upset[1] == upset[2]);  // teammates with equal states move alike
  // Two beat one: expected, worth less to each than a 1 vs 1 win.
  const auto expected = rate(model, {{0, 1, 25, s0}, {0, 1, 25, s0}, {1, 2, 25, s0}});
  CHECK(expected[0].first < 29.396);
  CHECK(expected[2].first > 20.604);
  CHECK(expected[0].first - 25 < upset[0].first - 25);
  // The uncertain teammate learns more.
  const auto mixed = rate(model, {{0, 1, 25, 2}, {0, 1, 25, 8}, {1, 2, 25, 5}, {1, 2, 25, 5}});
  CHECK(mixed[1].first - 25 > mixed[0].first - 25);
  CHECK(mixed[1].second / 8 < mixed[0].second / 2);
}

TEST_CASE("trueskill partial play: a share of the match weighs a player's performance", "[trueskill]") {
  trueskill model = make();
  const auto full = rate(model, {{0, 1, 25, s0, 1.0}, {0, 1, 25, s0, 1.0}, {1, 2, 25, s0}, {1, 2, 25, s0}});
  const auto half = rate(model, {{0, 1, 25, s0, 1.0}, {0, 1, 25, s0, 0.5}, {1, 2, 25, s0}, {1, 2, 25, s0}});
  CHECK(full[0] == full[1]);
  CHECK(half[1].first > 25);
  CHECK(half[1].first < half[0].first);    // he played half the match: he gains less
  CHECK(half[1].second > half[0].second);  // and learns less
  // Hardly played (the smallest share rated): his sigma grows by about tau,
  // and his mean hardly moves.
  const auto little = rate(model, {{0, 1, 25, s0, 1.0}, {0, 1, 25, s0, 0.01}, {1, 2, 25, s0}});
  CHECK(little[1].first > 25);
  CHECK(little[1].first < 25.1);
  CHECK(little[1].second == Approx(std::hypot(s0, 25.0 / 300)).epsilon(1e-3));
  CHECK(little[0].first > 29);
}

TEST_CASE("trueskill refuses a share of the match below its minimum, 0.01, where it rated nonsense", "[trueskill]") {
  trueskill model = make();
  // At the minimum, two new players who each played 1% are rated (the model's
  // answer: a win is a surprise against a margin that does not shrink with the shares).
  const auto at = rate(model, {{0, 1, 25, s0, 0.01}, {1, 2, 25, s0, 0.01}});
  CHECK(at[0].first > 29.4);  // more than a whole match's win moves a new player
  CHECK(at[0].first < 60);
  CHECK(at[0].first - 25 == Approx(25 - at[1].first).epsilon(1e-12));
  const auto tie = rate(model, {{0, 1, 25, s0, 0.01}, {1, 1, 25, s0, 0.01}});
  CHECK(tie[0].first == Approx(25).margin(1e-9));  // a tie of equals stays a tie
  // Below it (1e-4 sent the winner to 2986.9, and a tie of equals to 2986.9 and -2936.9), refused.
  for (const double share : {std::nextafter(0.01, 0.0), 0.0015, 1e-4, 1e-9}) {
    INFO("share " << share);
    ratekit::sdk::match m = build({{0, 1, 25, s0, 1.0}, {0, 1, 25, s0, share}, {1, 2, 25, s0}});
    CHECK_THROWS_WITH(model.rate(m), Catch::Contains("is below trueskill's minimum of 0.01"));
    double beats[4], draws[4];
    CHECK_THROWS_WITH(ratekit::sdk::chance_tables(model, build({{0, 1, 25, s0, share}, {1, 2, 25, s0}}), beats, draws),
                      Catch::Contains("below trueskill's minimum"));
  }
}

TEST_CASE("trueskill sums up a large team in linear time, as the quadratic sum gives it", "[trueskill]") {
  // Every team summed up both ways, on the stream's matches (teams of 1 to 5,
  // partial play, ties): the same ratings to the last bits of a sum's rounding.
  const settings s;
  std::map<std::string, std::pair<double, double>> reference;
  double mu_apart = 0, sigma_apart = 0;
  size_t matches = 0;
  for (const std::vector<row>& rows : read_stream("trueskill-stream.csv")) {
    if (++matches > 500) break;
    const std::vector<seat> seats = seats_of(rows, reference, s);
    const auto in_order = rate_graph<ts::reference_normal>(seats, s, 1000);
    const auto linear = rate_graph<ts::reference_normal>(seats, s, 1);
    for (size_t i = 0; i < rows.size(); ++i) {
      mu_apart = std::max(mu_apart, std::fabs(linear[i].first - in_order[i].first) / std::fmax(1, std::fabs(in_order[i].first)));
      sigma_apart = std::max(sigma_apart, std::fabs(linear[i].second - in_order[i].second) / in_order[i].second);
      reference[rows[i].player] = {rows[i].mu, rows[i].sigma};
    }
  }
  CHECK(mu_apart < 1e-13);
  CHECK(sigma_apart < 1e-13);
  CHECK(mu_apart > 0);  // the two ways were taken: their roundings differ somewhere
  // The plugin keeps the sum in order for teams below 64 players: the reference's own roundings.
  std::map<std::string, std::pair<double, double>> none;
  const std::vector<seat> five = seats_of(read_stream("trueskill-stream.csv")[0], none, s);
  CHECK(rate_graph<ts::reference_normal>(five, s) == rate_graph<ts::reference_normal>(five, s, 1000));
}

TEST_CASE("trueskill's tau adds to sigma in quadrature before each match", "[trueskill]") {
  const double tau = 3;
  trueskill with_tau = make({.tau = tau});
  trueskill without = make({.tau = 0});
  const std::vector<seat> match = {{0, 2, 27, 5}, {1, 1, 22, 4}, {1, 1, 24, 6}, {2, 3, 25, 7}};
  std::vector<seat> grown = match;
  for (seat& s : grown) s.sigma = std::hypot(s.sigma, tau);
  const auto a = rate(with_tau, match), b = rate(without, grown), c = rate(without, match);
  for (size_t i = 0; i < match.size(); ++i) {
    INFO("player " << i);
    CHECK(a[i].first == Approx(b[i].first).epsilon(1e-12));
    CHECK(a[i].second == Approx(b[i].second).epsilon(1e-12));
    CHECK(std::fabs(a[i].second - c[i].second) > 0.1);  // and tau does something
  }
  // A player who hardly plays (the least share rated): sigma 5 becomes about sqrt(5^2 + 3^2), not 5 + 3.
  const auto idle = rate(with_tau, {{0, 1, 25, 5, 0.01}, {0, 1, 25, 5}, {1, 2, 25, 5}});
  CHECK(idle[0].second == Approx(std::sqrt(34.0)).epsilon(1e-3));
  // tau 0: a repeated draw between equals only ever shrinks sigma.
  std::vector<seat> pair = {{0, 1, 25, s0}, {1, 1, 25, s0}};
  for (int i = 0; i < 5; ++i) {
    const auto after = rate(without, pair);
    CHECK(after[0].second < pair[0].sigma);
    pair[0].sigma = after[0].second, pair[1].sigma = after[1].second;
  }
}

TEST_CASE("trueskill on other parameters is the same model, shifted and scaled", "[trueskill]") {
  // Every mu, sigma, beta and tau times 10: every result times 10. Two teams
  // converge in two passes on any scale (the stopping rule is absolute, so
  // more teams would stop at other points).
  const settings scaled{.mu = 250, .sigma = 250.0 / 3, .beta = 250.0 / 6, .tau = 2.5 / 3, .draw_probability = 0.3};
  trueskill big = make(scaled), small = make({.draw_probability = 0.3});
  for (const double rank_b : {2.0, 1.0}) {
    const std::vector<seat> match = {{0, 1, 27, 3, 0.6}, {0, 1, 21, 6}, {1, rank_b, 26, 5}};
    std::vector<seat> mapped = match;
    for (seat& s : mapped) s.mu *= 10, s.sigma *= 10;
    const auto a = rate(small, match), b = rate(big, mapped);
    for (size_t i = 0; i < match.size(); ++i) {
      CHECK(b[i].first == Approx(10 * a[i].first).epsilon(1e-12));
      CHECK(b[i].second == Approx(10 * a[i].second).epsilon(1e-12));
    }
  }
  // Shifting every mu moves nothing else between teams of equal total weight
  // (a team's performance sums its players', so uneven teams are not shift-free).
  const auto plain = rate(small, {{0, 2, 27, 3}, {0, 2, 21, 6}, {1, 1, 26, 5}, {1, 1, 30, 2}});
  const auto shifted = rate(small, {{0, 2, 127, 3}, {0, 2, 121, 6}, {1, 1, 126, 5}, {1, 1, 130, 2}});
  for (size_t i = 0; i < 4; ++i) {
    CHECK(shifted[i].first == Approx(plain[i].first + 100).epsilon(1e-12));
    CHECK(shifted[i].second == Approx(plain[i].second).epsilon(1e-12));
  }
  CHECK(big.draw_margin(3) == Approx(10 * small.draw_margin(3)).epsilon(1e-14));
  // A larger draw probability widens the margin: a draw then says less.
  trueskill rare = make({.draw_probability = 0.01}), common = make({.draw_probability = 0.5});
  CHECK(rare.draw_margin(2) < common.draw_margin(2));
  CHECK(rate(common, {{0, 1, 25, s0}, {1, 1, 25, s0}})[0].second > rate(rare, {{0, 1, 25, s0}, {1, 1, 25, s0}})[0].second);
  double initial[2];
  big.initial(initial);
  CHECK(initial[0] == 250);
  CHECK(initial[1] == 250.0 / 3);
}

TEST_CASE("trueskill's chances: win and draw from the teams' summed performances", "[trueskill]") {
  const settings s;
  trueskill model = make(s);
  const auto phi = [](double x) { return ts::exact_normal::cdf(x); };
  const double eps2 = ts::exact_normal::ppf(0.55) * std::sqrt(2.0) * s.beta;
  {  // two new players: a draw within the margin, the rest split evenly
    const ratekit::sdk::match m = build({{0, 1, 25, s0}, {1, 1, 25, s0}});
    double beats[4], draws[4];
    ratekit::sdk::chance_tables(model, m, beats, draws);
    const double c = std::sqrt(2 * s0 * s0 + 2 * s.beta * s.beta);
    CHECK(draws[1] == Approx(phi(eps2 / c) - phi(-eps2 / c)).margin(1e-6));
    CHECK(beats[1] == beats[2]);
    CHECK(beats[1] + beats[2] + draws[1] == 1.0);
    CHECK(beats[0] == 0);
    CHECK(draws[3] == 0);
    CHECK(ratekit::sdk::expected_score(beats, draws, 2, 0) == Approx(0.5).margin(1e-12));
  }
  {  // certain skills: equal players draw with the draw probability, by the margin's definition
    const ratekit::sdk::match m = build({{0, 1, 25, 1e-6}, {0, 1, 25, 1e-6}, {1, 1, 25, 1e-6}, {1, 1, 25, 1e-6}});
    double beats[4], draws[4];
    ratekit::sdk::chance_tables(model, m, beats, draws);
    CHECK(draws[1] == Approx(0.1).margin(1e-6));
  }
  {  // teams of two and one, with partial play: means sum w mu, variances sum w^2 (sigma^2 + beta^2)
    const ratekit::sdk::match m = build({{0, 1, 30, 2, 1.0}, {0, 1, 20, 3, 0.5}, {1, 1, 28, 4, 1.0}});
    double beats[4], draws[4];
    ratekit::sdk::chance_tables(model, m, beats, draws);
    const double d = 30 + 0.5 * 20 - 28;
    const double b2 = s.beta * s.beta;
    const double c = std::sqrt((4 + b2) + 0.25 * (9 + b2) + (16 + b2));
    const double eps3 = ts::exact_normal::ppf(0.55) * std::sqrt(3.0) * s.beta;
    CHECK(beats[1] == Approx(phi((d - eps3) / c)).margin(1e-6));
    CHECK(beats[2] == Approx(phi((-d - eps3) / c)).margin(1e-6));
    CHECK(draws[1] == Approx(phi((eps3 - d) / c) - phi((-eps3 - d) / c)).margin(1e-6));
    CHECK(beats[1] > beats[2]);
    // No tau: the references' win probability predicts from the ratings as they stand.
    trueskill more_tau = make({.tau = 5});
    double beats2[4], draws2[4];
    ratekit::sdk::chance_tables(more_tau, m, beats2, draws2);
    CHECK(beats2[1] == beats[1]);
  }
  {  // draw probability 0: ts-trueskill's winProbability, cdf(d / sqrt(n beta^2 + sum sigma^2))
    trueskill no_draws = make({.draw_probability = 0});
    const ratekit::sdk::match m = build({{0, 1, 29, 3}, {1, 1, 24, 5}});
    double beats[4], draws[4];
    ratekit::sdk::chance_tables(no_draws, m, beats, draws);
    CHECK(beats[1] == Approx(phi(5 / std::sqrt(2 * s.beta * s.beta + 9 + 25))).margin(1e-6));
    CHECK(draws[1] < 1e-7);
  }
  {  // four teams: every pair adds up to 1, symmetric, diagonals 0
    const ratekit::sdk::match m =
        build({{0, 1, 31, 2}, {1, 1, 22, 6}, {1, 1, 26, 1}, {2, 1, 25, 8}, {3, 1, 18, 3, 0.3}, {3, 1, 27, 4}});
    double beats[16], draws[16];
    ratekit::sdk::chance_tables(model, m, beats, draws);
    for (uint32_t i = 0; i < 4; ++i) {
      CHECK(beats[i * 4 + i] == 0);
      CHECK(draws[i * 4 + i] == 0);
      for (uint32_t j = 0; j < 4; ++j) {
        if (i == j) continue;
        INFO("teams " << i << ", " << j);
        CHECK(beats[i * 4 + j] + beats[j * 4 + i] + draws[i * 4 + j] == Approx(1.0).margin(1e-15));
        CHECK(draws[i * 4 + j] == draws[j * 4 + i]);
        CHECK(draws[i * 4 + j] > 0);
        CHECK(beats[i * 4 + j] > 0);
      }
    }
    CHECK(beats[0 * 4 + 1] < 0.05);  // one player of 31 against two who sum to 48
    CHECK(beats[1 * 4 + 2] > 0.95);  // the two against one of 25
    // Each team's expected score, summed pair by pair without the tables, is
    // the tables' average over the other teams to the bit (in the same order).
    std::vector<double> scores, scratch;
    ratekit::sdk::expected_scores(model, m, scores, scratch);
    REQUIRE(scores.size() == 4);
    for (uint32_t t = 0; t < 4; ++t) CHECK(scores[t] == ratekit::sdk::expected_score(beats, draws, 4, t));
    CHECK(scores[1] > 0.9);
    CHECK(scores[0] < 0.5);
  }
}

TEST_CASE("trueskill survives results far in the tails, where the references give up", "[trueskill]") {
  trueskill model = make();
  // ts-trueskill throws "floating point error" for each of these.
  const auto upset = rate(model, {{0, 2, 500, 1}, {1, 1, 0, 1}});
  CHECK(std::isfinite(upset[0].first));
  CHECK(upset[0].first < 500);
  CHECK(upset[1].first > 0);
  CHECK(upset[0].second < 1.01);
  CHECK(upset[1].second < 1.01);
  const auto expected = rate(model, {{0, 1, 500, 1}, {1, 2, 0, 1}});
  CHECK(expected[0].first == Approx(500).margin(1e-9));  // nothing to learn
  CHECK(expected[1].first == Approx(0).margin(1e-9));
  CHECK(expected[0].second == Approx(std::hypot(1, 25.0 / 300)).epsilon(1e-12));
  const auto far_draw = rate(model, {{0, 1, 500, 1}, {1, 1, 0, 1}});
  CHECK(far_draw[0].first < 500);
  CHECK(far_draw[1].first > 0);
  CHECK(std::isfinite(far_draw[0].second));
  CHECK(far_draw[0].second > 0);
  // A draw with draw probability 0: the fit leaves a margin of 2e-7, which is resolved.
  trueskill no_draws = make({.draw_probability = 0});
  const auto tie = rate(no_draws, {{0, 1, 25, s0}, {1, 1, 25, s0}});
  CHECK(tie[0].first == Approx(25).margin(1e-9));
  CHECK(tie[0].second < 6.458);
  // The corrections themselves stay in range far out.
  using tr = ts::truncation<ts::reference_normal>;
  for (const double x : {-1e4, -300.0, -40.0, -9.0, 0.0, 9.0, 40.0, 300.0}) {
    INFO("x " << x);
    const auto w = tr::win(x, 0.5), d = tr::draw(x, 0.5);
    CHECK(std::isfinite(w.v));
    CHECK(w.w >= 0);
    CHECK(w.w < 1);
    CHECK(std::isfinite(d.v));
    CHECK(d.w > 0);
    CHECK(d.w < 1);
  }
  // Deep in the tail the win's v follows the Mills ratio: v ~ -x for an upset.
  CHECK(tr::win(-40, 0).v == Approx(40.02498).epsilon(1e-6));
}

TEST_CASE("trueskill refuses what it cannot rate", "[trueskill]") {
  trueskill model = make();
  ratekit::sdk::match one = build({{0, 1, 25, s0}, {0, 1, 25, s0}});
  CHECK_THROWS_AS(model.rate(one), ratekit::sdk::failure);
  ratekit::sdk::match zero_sigma = build({{0, 1, 25, 0}, {1, 2, 25, s0}});
  CHECK_THROWS_AS(model.rate(zero_sigma), ratekit::sdk::failure);
  ratekit::sdk::match nan_mu = build({{0, 1, NAN, s0}, {1, 2, 25, s0}});
  CHECK_THROWS_AS(model.rate(nan_mu), ratekit::sdk::failure);
  ratekit::sdk::match nan_rank = build({{0, NAN, 25, s0}, {1, 2, 25, s0}});
  CHECK_THROWS_AS(model.rate(nan_rank), ratekit::sdk::failure);
  CHECK_THROWS_AS(make({.sigma = 0}), ratekit::sdk::failure);
  CHECK_THROWS_AS(make({.draw_probability = 1}), ratekit::sdk::failure);
  CHECK_THROWS_AS(make({.tau = -1}), ratekit::sdk::failure);
}

}  // namespace test_trueskill
