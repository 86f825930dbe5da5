// Scores of a window of games recomputed from a run's history.csv, to check
// ratekit compare's and tune's own (tests/test_compare.cpp, test_tune.cpp).
#pragma once

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace ratekit::testing {

// The scores of the games dated from `from` and before `until` (empty: to the end), computed from
// scratch out of history.csv: a game is a row of A then a row of B.
struct recomputed {
  size_t games = 0;
  double log_loss = 0, brier = 0, accuracy = 0, deviance = 0;
};

inline recomputed scores_from_history(const std::filesystem::path& history, const std::string& from,
                                      const std::string& until = "") {
  std::istringstream in(read_text(history));
  std::string line;
  std::getline(in, line);  // period,date,player,opponent,expected,score,...
  auto fields = [](const std::string& l) {  // a CSV line's fields, a quoted one's quotes taken off
    std::vector<std::string> f(1);
    bool quoted = false;
    for (size_t i = 0; i < l.size(); ++i) {
      if (l[i] == '"' && quoted && i + 1 < l.size() && l[i + 1] == '"') f.back() += l[++i];
      else if (l[i] == '"') quoted = !quoted;
      else if (l[i] == ',' && !quoted) f.emplace_back();
      else f.back() += l[i];
    }
    return f;
  };
  recomputed r;
  for (std::string a_line, b_line; std::getline(in, a_line) && std::getline(in, b_line);) {
    const auto a = fields(a_line), b = fields(b_line);
    REQUIRE(a[1] == b[1]);
    REQUIRE(a[2] == b[3]);
    if (a[1] < from || (!until.empty() && a[1] >= until)) continue;
    const double p = std::stod(a[4]), q = std::stod(b[4]), s = std::stod(a[5]);
    ++r.games;
    r.log_loss -= s * std::log(p) + (1 - s) * std::log(1 - p);
    r.brier += (p - s) * (p - s);
    r.accuracy += (p > q && s == 1) || (p < q && s == 0);
    const double c = std::min(0.99, std::max(0.01, p));
    r.deviance -= (s * std::log(c) + (1 - s) * std::log(1 - c)) / std::log(2.0) * 100;
  }
  const double n = double(r.games);
  r.log_loss /= n, r.brier /= n, r.accuracy /= n, r.deviance /= n;
  return r;
}

}  // namespace ratekit::testing
