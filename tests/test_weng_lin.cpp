// weng-lin against the published check (openskill's two new players), against
// openskill.js 5.0.1 (tests/reference/openskill_reference.js: 1000-match
// streams per variant, single matches that show one thing each, and its
// forecasts), against openskill.py 6.2.0's published partial-play numbers,
// and for what each parameter must do.
#include <catch2/catch.hpp>
#include <weng-lin/weng_lin.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_weng_lin {

using ratekit::plugins::weng_lin;
namespace sdk = ratekit::sdk;

namespace {

const char* const variant_names[] = {"plackett-luce", "bradley-terry-full", "bradley-terry-part",
                                     "thurstone-mosteller-full", "thurstone-mosteller-part"};

int variant_index(const std::string& name) {
  for (int v = 0; v < 5; ++v)
    if (name == variant_names[v]) return v;
  FAIL("unknown variant " << name);
  return -1;
}

struct settings {
  int variant = 0;
  double mu = 25.0, sigma = 25.0 / 3.0, beta = 25.0 / 6.0, kappa = 1e-4, tau = 25.0 / 300.0, epsilon = 0.1;
};

weng_lin make(const settings& s = {}) {
  const double values[] = {double(s.variant), s.mu, s.sigma, s.beta, s.kappa, s.tau, s.epsilon};
  return weng_lin(sdk::host(nullptr), sdk::params(values, 7));
}

struct player {
  double mu = 25.0, sigma = 25.0 / 3.0, weight = 1.0;
};
using lineup = std::vector<std::vector<player>>;

// A match built as the SDK's helper builds it (teams.hpp): players in team order.
sdk::match make_match(const lineup& teams, const std::vector<double>& ranks) {
  sdk::match m;
  m.clear(2);
  for (uint32_t t = 0; t < teams.size(); ++t)
    for (const player& p : teams[t]) {
      double* row = m.add(t, ranks[t], p.weight, -1);
      row[weng_lin::f_mu] = p.mu, row[weng_lin::f_sigma] = p.sigma;
    }
  return m;
}

lineup rate(weng_lin& model, lineup teams, const std::vector<double>& ranks) {
  sdk::match m = make_match(teams, ranks);
  model.rate(m);
  uint32_t i = 0;
  for (auto& team : teams)
    for (player& p : team) p.mu = m.state(i)[0], p.sigma = m.state(i)[1], ++i;
  return teams;
}

double round_to(double x, int decimals) { return std::round(x * std::pow(10.0, decimals)) / std::pow(10.0, decimals); }

std::filesystem::path teams_data(const std::string& name) {
#ifdef RATEKIT_SOURCE_DIR
  return std::filesystem::path(RATEKIT_SOURCE_DIR) / "tests/data/teams" / name;
#else
  return std::filesystem::path(__FILE__).parent_path() / "data/teams" / name;
#endif
}

// A CSV of plain fields (no quotes), as the reference script writes it: the
// header's names and the rows.
struct table {
  std::map<std::string, size_t> column;
  std::vector<std::vector<std::string>> rows;
  const std::string& at(size_t row, const std::string& name) const { return rows[row][column.at(name)]; }
  double number(size_t row, const std::string& name) const { return std::stod(at(row, name)); }
};

std::vector<std::string> split(const std::string& line, char by) {
  std::vector<std::string> out;
  std::stringstream s(line);
  for (std::string field; std::getline(s, field, by);) out.push_back(field);
  return out;
}

table read_table(const std::string& name) {
  std::ifstream in(teams_data(name));
  INFO(teams_data(name));
  REQUIRE(in);
  table t;
  std::string line;
  std::getline(in, line);
  const auto header = split(line, ',');
  for (size_t c = 0; c < header.size(); ++c) t.column[header[c]] = c;
  while (std::getline(in, line))
    if (!line.empty()) t.rows.push_back(split(line, ','));
  return t;
}

// The rows [begin, end) of a table that share `key`'s value with row begin.
size_t group_end(const table& t, size_t begin, const std::string& key) {
  size_t end = begin;
  while (end < t.rows.size() && t.at(end, key) == t.at(begin, key)) ++end;
  return end;
}

uint32_t team_number(const std::string& name) { return uint32_t(std::stoul(name.substr(1))) - 1; }  // "t1" -> 0

}  // namespace

TEST_CASE("weng-lin reproduces openskill's published check: new players, A beats B", "[weng-lin]") {
  // openskill's README: rate([[a], [b]]) gives a 27.635 / 8.066 and b 22.365 / 8.066.
  weng_lin model = make();
  const lineup after = rate(model, {{player{}}, {player{}}}, {1, 2});
  CHECK(round_to(after[0][0].mu, 3) == 27.635);
  CHECK(round_to(after[0][0].sigma, 3) == 8.066);
  CHECK(round_to(after[1][0].mu, 3) == 22.365);
  CHECK(round_to(after[1][0].sigma, 3) == 8.066);
  // The closed form: sigma' = sqrt(sigma^2 + tau^2), c^2 = 2 (sigma'^2 + beta^2),
  // mu += sigma'^2 / c * 1/2, sigma' * sqrt(1 - sigma'^2 / c^2 * 1/4 * sigma' / c).
  const double s2 = 625.0 / 9.0 + 1.0 / 144.0, c = std::sqrt(2.0 * (s2 + 625.0 / 36.0));
  CHECK(after[0][0].mu == Approx(25.0 + s2 / c / 2.0).margin(1e-12));
  CHECK(after[1][0].mu == Approx(25.0 - s2 / c / 2.0).margin(1e-12));
  CHECK(after[0][0].sigma == Approx(std::sqrt(s2) * std::sqrt(1.0 - s2 / (c * c) / 4.0 * std::sqrt(s2) / c)).margin(1e-12));
  // initial() is {mu, sigma} from the parameters.
  double state[2];
  make({.mu = 1500, .sigma = 350}).initial(state);
  CHECK(state[0] == 1500.0);
  CHECK(state[1] == 350.0);
}

TEST_CASE("weng-lin rates openskill.js's 1000-match streams to 1e-9, every variant", "[weng-lin]") {
  // tests/data/teams/openskill-<variant>.csv: 2 to 4 teams of 1 to 5 players
  // from a pool of 300, ties and unsorted ranks, default parameters, rated in
  // order by openskill.js 5.0.1. Each match is rated here on the states this
  // model left (new players at initial()) and every player's mu and sigma after
  // it is compared with openskill's.
  for (int v = 0; v < 5; ++v) {
    INFO("variant " << variant_names[v]);
    const table t = read_table(std::string("openskill-") + variant_names[v] + ".csv");
    weng_lin model = make({.variant = v});
    std::map<std::string, std::pair<double, double>> state;
    double worst_mu = 0.0, worst_sigma = 0.0;
    size_t matches = 0, rows = 0, weighted = 0;
    sdk::match m;
    for (size_t begin = 0; begin < t.rows.size();) {
      const size_t end = group_end(t, begin, "match");
      m.clear(2);
      for (size_t r = begin; r < end; ++r) {
        double* row = m.add(team_number(t.at(r, "team")), t.number(r, "rank"), t.number(r, "weight"), int64_t(r));
        model.initial(row);
        if (const auto known = state.find(t.at(r, "player")); known != state.end())
          row[0] = known->second.first, row[1] = known->second.second;
        weighted += t.number(r, "weight") != 1.0;
      }
      model.rate(m);
      for (size_t r = begin; r < end; ++r) {
        const double* row = m.state(uint32_t(r - begin));
        worst_mu = std::max(worst_mu, std::fabs(row[0] - t.number(r, "mu_after")));
        worst_sigma = std::max(worst_sigma, std::fabs(row[1] - t.number(r, "sigma_after")));
        state[t.at(r, "player")] = {row[0], row[1]};
      }
      ++matches, rows += end - begin, begin = end;
    }
    INFO("worst mu difference " << worst_mu << ", worst sigma difference " << worst_sigma);
    CHECK(matches == 1000);
    CHECK(rows > 5000);
    CHECK(state.size() == 300);
    CHECK(weighted == 0);  // openskill.js 5.0.1 ignores weights: partial play is checked below
    CHECK(worst_mu < 1e-9);     // measured 0: the same exp and erf as openskill.js (fdlibm.hpp) give the same bits
    CHECK(worst_sigma < 1e-9);  // measured 0
  }
}

TEST_CASE("weng-lin matches openskill.js on single matches: uneven teams, ties, tau, kappa's floor", "[weng-lin]") {
  // tests/data/teams/openskill-cases.csv: each case one match, under every
  // variant, with each player's state before and after it.
  const table t = read_table("openskill-cases.csv");
  std::map<std::string, int> seen;
  for (size_t begin = 0; begin < t.rows.size();) {
    size_t end = begin;
    while (end < t.rows.size() && t.at(end, "case") == t.at(begin, "case") &&
           t.at(end, "variant") == t.at(begin, "variant"))
      ++end;
    const std::string name = t.at(begin, "case"), variant = t.at(begin, "variant");
    INFO("case " << name << ", variant " << variant);
    weng_lin model = make({.variant = variant_index(variant), .beta = t.number(begin, "beta"),
                           .kappa = t.number(begin, "kappa"), .tau = t.number(begin, "tau"),
                           .epsilon = t.number(begin, "epsilon")});
    sdk::match m;
    m.clear(2);
    for (size_t r = begin; r < end; ++r) {
      double* row = m.add(team_number(t.at(r, "team")), t.number(r, "rank"), 1.0, int64_t(r));
      row[0] = t.number(r, "mu_before"), row[1] = t.number(r, "sigma_before");
    }
    model.rate(m);
    for (size_t r = begin; r < end; ++r) {
      INFO("row " << r + 2);
      CHECK(m.state(uint32_t(r - begin))[0] == Approx(t.number(r, "mu_after")).margin(1e-12));
      CHECK(m.state(uint32_t(r - begin))[1] == Approx(t.number(r, "sigma_after")).margin(1e-12));
      // Where openskill's floor binds, sigma' is exactly sigma'_before sqrt(kappa).
      if (name == "kappa-floor-high" || (name == "kappa-floor-many-teams" && variant == "thurstone-mosteller-full")) {
        const double widened = std::hypot(t.number(r, "sigma_before"), t.number(r, "tau"));
        CHECK(m.state(uint32_t(r - begin))[1] == Approx(widened * std::sqrt(t.number(r, "kappa"))).epsilon(1e-14));
      }
    }
    ++seen[variant];
    begin = end;
  }
  CHECK(seen.size() == 5);
  for (const auto& [variant, cases] : seen) CHECK(cases == 13);
}

TEST_CASE("weng-lin rates partial play as openskill.py 6.2.0 publishes it", "[weng-lin]") {
  // openskill.js's parity-weights test, bit for bit openskill.py 6.2.0: four
  // new players, [[a, b], [c, d]], a and b win, weights [[0.9, 1.0], [1.0, 0.6]].
  // Weights map onto [1, 2] within each team (b and c 2, a and d 1); a win
  // moves a player by w times his share, a defeat by 1/w.
  struct expected {
    double mu, sigma;
  };
  const expected pl[] = {{26.964294621803063, 8.177962604389991},
                         {28.928589243606122, 8.019149320764225},
                         {24.01785268909847, 8.256223750834579},
                         {23.035705378196937, 8.177962604389991}};
  const expected tm_full[] = {{28.14872165539316, 7.93021870036415},
                              {31.29744331078632, 7.505021544427547},
                              {23.42563917230342, 8.134487000558},
                              {21.85127834460684, 7.93021870036415}};
  const expected tm_part[] = {{26.570818879381463, 8.284431340872874},
                              {28.141637758762926, 8.234817326108974},
                              {24.21459056030927, 8.309127256533191},
                              {23.429181120618537, 8.284431340872874}};
  const expected* published[] = {pl, pl, pl, tm_full, tm_part};  // the Bradley-Terry pairs give Plackett-Luce's here
  for (int v = 0; v < 5; ++v) {
    INFO("variant " << variant_names[v]);
    weng_lin model = make({.variant = v});
    const lineup after =
        rate(model, {{{25, 25.0 / 3, 0.9}, {25, 25.0 / 3, 1.0}}, {{25, 25.0 / 3, 1.0}, {25, 25.0 / 3, 0.6}}}, {1, 2});
    const player* got[] = {&after[0][0], &after[0][1], &after[1][0], &after[1][1]};
    for (int i = 0; i < 4; ++i) {
      CHECK(got[i]->mu == Approx(published[v][i].mu).margin(1e-12));
      CHECK(got[i]->sigma == Approx(published[v][i].sigma).margin(1e-12));
    }
  }

  // The same parity test with the teams out of finishing order, ranks [2, 1, 3],
  // weights [[0.5, 1.0], [1.0], [0.2, 1.0, 0.7]]: a, b, d, e and f as
  // published. openskill gives the lone c the weight 2 (a one-element team maps
  // to the top of [1, 2]) and publishes 30.964851089805897 / 8.302664107675781;
  // here a team of one is rated as without weights, as openskill.js 5.0.1
  // rates c without them: 27.982425544902949 / 8.3182215699564228.
  weng_lin model = make();
  const lineup after = rate(model,
                            {{{25, 25.0 / 3, 0.5}, {25, 25.0 / 3, 1.0}},
                             {{25, 25.0 / 3, 1.0}},
                             {{25, 25.0 / 3, 0.2}, {25, 25.0 / 3, 1.0}, {25, 25.0 / 3, 0.7}}},
                            {2, 1, 3});
  CHECK(after[0][0].mu == Approx(26.724277243729713).margin(1e-12));
  CHECK(after[0][0].sigma == Approx(8.21346376041861).margin(1e-12));
  CHECK(after[0][1].mu == Approx(28.448554487459425).margin(1e-12));
  CHECK(after[0][1].sigma == Approx(8.09138955918764).margin(1e-12));
  CHECK(after[1][0].mu == Approx(27.982425544902949).margin(1e-12));
  CHECK(after[1][0].sigma == Approx(8.3182215699564228).margin(1e-12));
  CHECK(after[2][0].mu == Approx(20.29329721136734).margin(1e-12));
  CHECK(after[2][0].sigma == Approx(8.171929968920235).margin(1e-12));
  CHECK(after[2][1].mu == Approx(22.64664860568367).margin(1e-12));
  CHECK(after[2][1].sigma == Approx(8.253236586510337).margin(1e-12));
  CHECK(after[2][2].mu == Approx(22.103567514687594).margin(1e-12));
  CHECK(after[2][2].sigma == Approx(8.234544776451207).margin(1e-12));
}

TEST_CASE("weng-lin's weights are relative within a team, as openskill's", "[weng-lin]") {
  const lineup base = {{{27, 6}, {22, 7}}, {{25, 5}, {30, 4}, {21, 8}}};
  for (int v = 0; v < 5; ++v) {
    INFO("variant " << variant_names[v]);
    weng_lin model = make({.variant = v});
    const lineup plain = rate(model, base, {2, 1});
    // Team-mates who all played the same share are rated as if all played the whole match.
    lineup same = base;
    for (auto& team : same)
      for (player& p : team) p.weight = 0.4;
    const lineup equal = rate(model, same, {2, 1});
    for (size_t t = 0; t < base.size(); ++t)
      for (size_t k = 0; k < base[t].size(); ++k) {
        CHECK(equal[t][k].mu == plain[t][k].mu);
        CHECK(equal[t][k].sigma == plain[t][k].sigma);
      }
    // Only the order within the team counts: [0.25, 1] and [0.5, 0.9] both map to [1, 2].
    lineup a = base, b = base;
    a[1][0].weight = 0.25, b[1][0].weight = 0.5, b[1][1].weight = 0.9, b[1][2].weight = 0.9;
    const lineup ra = rate(model, a, {2, 1}), rb = rate(model, b, {2, 1});
    for (size_t k = 0; k < 3; ++k) CHECK(ra[1][k].mu == Approx(rb[1][k].mu).margin(1e-12));
    // The winners (team 2): the full-time players gain twice their plain share, the part-timer his plain share.
    CHECK(ra[1][0].mu - 25 == Approx(plain[1][0].mu - 25).margin(1e-12));
    CHECK(ra[1][1].mu - 30 == Approx(2 * (plain[1][1].mu - 30)).margin(1e-12));
    // The losers: a weight of 2 halves the loss.
    lineup c = base;
    c[0][0].weight = 0.3;
    const lineup rc = rate(model, c, {2, 1});
    CHECK(rc[0][0].mu - 27 == Approx(plain[0][0].mu - 27).margin(1e-12));
    CHECK(rc[0][1].mu - 22 == Approx((plain[0][1].mu - 22) / 2).margin(1e-12));
    CHECK(plain[0][1].mu < 22);
  }
}

TEST_CASE("weng-lin widens sigma by tau before each match", "[weng-lin]") {
  // tau adds in quadrature: rating a player of sigma s with tau is rating one
  // of sigma sqrt(s^2 + tau^2) with tau 0.
  for (int v = 0; v < 5; ++v) {
    INFO("variant " << variant_names[v]);
    const lineup before = {{{30, 6}, {22, 7}}, {{27, 5}}, {{24, 0.5}}};
    weng_lin with_tau = make({.variant = v, .tau = 1.5});
    weng_lin without = make({.variant = v, .tau = 0});
    lineup widened = before;
    for (auto& team : widened)
      for (player& p : team) p.sigma = std::hypot(p.sigma, 1.5);
    const lineup a = rate(with_tau, before, {3, 1, 2}), b = rate(without, widened, {3, 1, 2});
    for (size_t t = 0; t < a.size(); ++t)
      for (size_t k = 0; k < a[t].size(); ++k) {
        CHECK(a[t][k].mu == Approx(b[t][k].mu).margin(1e-12));
        CHECK(a[t][k].sigma == Approx(b[t][k].sigma).margin(1e-12));
      }
    // With tau 0 a sigma only shrinks; with tau a player almost certain of his skill grows uncertain.
    const lineup c = rate(without, before, {3, 1, 2});
    for (size_t t = 0; t < c.size(); ++t)
      for (size_t k = 0; k < c[t].size(); ++k) CHECK(c[t][k].sigma < before[t][k].sigma);
    CHECK(a[2][0].sigma > 0.5);
  }
}

TEST_CASE("weng-lin's kappa floors the shrink of a player's variance", "[weng-lin]") {
  // Sixteen players far less certain than the game is random (sigma 20, beta
  // 0.5), tau 0: the full-pair Thurstone-Mosteller update would shrink the
  // variance below zero, so it shrinks by kappa exactly, sigma' = 20 sqrt(kappa).
  for (const double kappa : {1e-4, 0.01, 0.25}) {
    INFO("kappa " << kappa);
    lineup field;
    std::vector<double> ranks;
    for (int i = 0; i < 16; ++i) field.push_back({{25.0 + i % 5, 20}}), ranks.push_back(i + 1);
    weng_lin model = make({.variant = 3, .beta = 0.5, .kappa = kappa, .tau = 0});
    const lineup after = rate(model, field, ranks);
    for (const auto& team : after) CHECK(team[0].sigma == Approx(20 * std::sqrt(kappa)).epsilon(1e-14));
  }
  // Two of them alone stay above the floor: the shrink adds up over the opponents.
  weng_lin model = make({.variant = 3, .beta = 0.5, .tau = 0});
  for (const auto& team : rate(model, {{{25, 20}}, {{26, 20}}}, {1, 2})) CHECK(team[0].sigma > 20 * 0.5);
}

TEST_CASE("weng-lin's chances are openskill.js's predictWin and predictDraw, made to add up", "[weng-lin]") {
  // tests/data/teams/openskill-predictions.csv: openskill's two-team forecasts.
  // The draw chance is kept and the rest shared in predictWin's ratio.
  const table t = read_table("openskill-predictions.csv");
  REQUIRE(t.rows.size() == 5);
  for (size_t r = 0; r < t.rows.size(); ++r) {
    INFO("case " << t.at(r, "case"));
    lineup teams(2);
    for (int side = 0; side < 2; ++side)
      for (const std::string& p : split(t.at(r, side == 0 ? "team_a" : "team_b"), ';')) {
        const auto ms = split(p, '/');
        teams[side].push_back({std::stod(ms[0]), std::stod(ms[1])});
      }
    const weng_lin model = make({.beta = t.number(r, "beta")});
    const sdk::match m = make_match(teams, {1, 1});
    double beats[4] = {}, draws[4] = {};
    sdk::chance_tables(model, m, beats, draws);
    const double win = t.number(r, "win_a"), draw = t.number(r, "draw");
    CHECK(draws[1] == Approx(draw).margin(1e-15));
    CHECK(draws[2] == draws[1]);
    CHECK(beats[1] == Approx((1 - draw) * win).margin(1e-15));
    CHECK(beats[2] == Approx((1 - draw) * (1 - win)).margin(1e-15));
    CHECK(beats[1] + beats[2] + draws[1] == Approx(1.0).margin(1e-15));
    CHECK(beats[0] == 0.0);
    CHECK(draws[3] == 0.0);
  }
}

TEST_CASE("weng-lin's forecasts weigh each player by his share of the match", "[weng-lin]") {
  // A full-timer and two half-time substitutes fill two places, as two
  // full-timers do: among equals neither side is favoured. (Read without
  // weights, the three would make 75 against 50 and win 0.86 to 0.10.)
  const weng_lin model = make();
  double beats[4] = {}, draws[4] = {};
  sdk::chance_tables(model, make_match({{{}, {.weight = 0.5}, {.weight = 0.5}}, {{}, {}}}, {1, 1}), beats, draws);
  CHECK(beats[1] == Approx(beats[2]).margin(1e-15));
  CHECK(beats[1] == Approx((1 - draws[1]) / 2).margin(1e-15));
  // A share w counts w mu and w^2 sigma^2: the team (30, 6) at 0.5 with (22, 7)
  // is forecast as one player (15 + 22, sqrt(9 + 49)) against (27, 5).
  double weighted[4] = {}, summed[4] = {};
  sdk::chance_tables(model, make_match({{{30, 6, 0.5}, {22, 7}}, {{27, 5}}}, {1, 1}), weighted, draws);
  sdk::chance_tables(model, make_match({{{37, std::sqrt(58.0)}, {0, 0}}, {{27, 5}}}, {1, 1}), summed, draws);
  CHECK(weighted[1] == Approx(summed[1]).margin(1e-15));
  CHECK(weighted[1] < 0.85);  // unweighted, 52 against 27: 0.95
  CHECK(weighted[1] > 0.6);
}

TEST_CASE("weng-lin warns once that it reads weights relative within a team", "[weng-lin]") {
  std::vector<std::string> said;
  rk_host h{};
  h.struct_size = sizeof(rk_host);
  h.context = &said;
  h.log = [](void* context, int32_t level, const char* message) {
    if (level == RK_LOG_WARN) static_cast<std::vector<std::string>*>(context)->push_back(message);
  };
  const double values[] = {0, 25, 25.0 / 3, 25.0 / 6, 1e-4, 25.0 / 300, 0.1};
  weng_lin model(sdk::host(&h), sdk::params(values, 7));
  rate(model, {{{}, {}}, {{}, {}}}, {1, 2});
  CHECK(said.empty());  // full matches: nothing to say
  rate(model, {{{}, {.weight = 0.5}}, {{}, {}}}, {1, 2});
  rate(model, {{{.weight = 0.5}, {.weight = 0.5}}, {{}}}, {2, 1});
  REQUIRE(said.size() == 1);
  CHECK_THAT(said[0], Catch::Contains("a team that all played half is rated as a full one"));
}

TEST_CASE("weng-lin forecasts a match of several teams pair by pair", "[weng-lin]") {
  // Each pair as a match of its two teams alone, whatever the other teams.
  const lineup teams = {{{30, 6}, {22, 7}}, {{27, 5}}, {{28, 4}, {20, 6}, {25, 3}}, {{24, 2}}};
  for (int v = 0; v < 5; ++v) {
    const weng_lin model = make({.variant = v});
    const uint32_t k = 4;
    std::vector<double> beats(k * k, -1), draws(k * k, -1);
    for (uint32_t i = 0; i < k; ++i) beats[i * k + i] = draws[i * k + i] = 0;
    sdk::chance_tables(model, make_match(teams, {1, 1, 1, 1}), beats.data(), draws.data());
    for (uint32_t i = 0; i < k; ++i)
      for (uint32_t j = 0; j < k; ++j) {
        if (i == j) continue;
        INFO("teams " << i << " and " << j);
        double pair_beats[4] = {}, pair_draws[4] = {};
        sdk::chance_tables(model, make_match({teams[i], teams[j]}, {1, 1}), pair_beats, pair_draws);
        CHECK(beats[i * k + j] == Approx(pair_beats[1]).margin(1e-15));
        CHECK(draws[i * k + j] == Approx(pair_draws[1]).margin(1e-15));
        CHECK(beats[i * k + j] + beats[j * k + i] + draws[i * k + j] == Approx(1.0).margin(1e-15));
        CHECK(draws[i * k + j] > 0);
      }
    // The stronger side is favoured: 52 against 27.
    CHECK(beats[0 * k + 1] > beats[1 * k + 0]);
  }
}

TEST_CASE("weng-lin's result does not depend on the order the teams come in", "[weng-lin]") {
  // Without ties the teams' input order does not matter (openskill sorts them
  // by rank). With ties the partial-pair variants pair neighbours in input
  // order, as openskill does, which the streams cover.
  const lineup teams = {{{30, 6}, {22, 7}}, {{27, 5}}, {{28, 4}, {20, 6}, {25, 3}}, {{24, 2}}};
  const std::vector<double> ranks = {3, 1, 4, 2};
  for (int v = 0; v < 5; ++v) {
    INFO("variant " << variant_names[v]);
    weng_lin model = make({.variant = v});
    const lineup a = rate(model, teams, ranks);
    const lineup b = rate(model, {teams[1], teams[3], teams[0], teams[2]}, {1, 2, 3, 4});
    const size_t back[] = {2, 0, 3, 1};  // b's team of each of a's
    for (size_t t = 0; t < 4; ++t)
      for (size_t k = 0; k < teams[t].size(); ++k) {
        CHECK(a[t][k].mu == Approx(b[back[t]][k].mu).margin(1e-12));
        CHECK(a[t][k].sigma == Approx(b[back[t]][k].sigma).margin(1e-12));
      }
    // Winners gain and the last loses.
    CHECK(a[1][0].mu > 27);
    CHECK(a[2][0].mu < 28);
  }
}

TEST_CASE("weng-lin refuses a state it cannot update", "[weng-lin]") {
  weng_lin model = make({.tau = 0});
  sdk::match m = make_match({{{25, 0}}, {{25, 0}}}, {1, 2});
  CHECK_THROWS_AS(model.rate(m), sdk::failure);
  sdk::match n = make_match({{{NAN, 3}}, {{25, 3}}}, {1, 2});
  CHECK_THROWS_AS(model.rate(n), sdk::failure);
  // With tau a sigma of 0 is widened and rated.
  weng_lin drifting = make();
  const lineup after = rate(drifting, {{{25, 0}}, {{25, 0}}}, {1, 2});
  CHECK(after[0][0].mu > 25);
  CHECK(std::isfinite(after[0][0].sigma));
}

}  // namespace test_weng_lin
