#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cctype>
#include <utility>

namespace ratekit {
namespace {

std::string join(const std::vector<diagnostic>& diagnostics) {
  std::string s;
  for (const auto& d : diagnostics) {
    if (!s.empty()) s += '\n';
    s += d.str();
  }
  return s;
}

std::string lower(const std::string& s) {
  std::string r = s;
  for (auto& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// Optimal string alignment distance: Levenshtein plus adjacent transpositions,
// the usual typo of a hurried hand.
size_t edit_distance(const std::string& a, const std::string& b) {
  const size_t n = a.size(), m = b.size();
  std::vector<size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (size_t j = 0; j <= m; ++j) prev[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

}  // namespace

std::string diagnostic::str() const {
  std::string s = file;
  if (!s.empty() && line > 0) {
    s += ':' + std::to_string(line);
    if (column > 0) s += ':' + std::to_string(column);
  }
  if (!s.empty()) s += ": ";
  return s + message;
}

user_error::user_error(std::vector<diagnostic> diagnostics)
    : std::runtime_error(join(diagnostics)), diagnostics_(std::move(diagnostics)) {}

user_error::user_error(const std::string& message)
    : user_error(std::vector<diagnostic>{diagnostic{{}, 0, 0, message}}) {}

user_error::user_error(std::string file, int line, int column, std::string message)
    : user_error(std::vector<diagnostic>{
          diagnostic{std::move(file), line, column, std::move(message)}}) {}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string w = lower(word);
  const size_t limit = std::max<size_t>(1, w.size() / 3);
  std::string best;
  size_t best_distance = limit + 1;
  for (const auto& c : candidates) {
    const size_t d = edit_distance(w, lower(c));
    // Ties go to the alphabetically first candidate, whatever the input order.
    if (d < best_distance || (d == best_distance && !best.empty() && c < best)) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string slip_of(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string w = lower(word);
  for (const auto& c : candidates)
    if (const size_t d = edit_distance(w, lower(c)); d == 0 || (d == 1 && w.size() >= 3)) return c;
  return "";
}

}  // namespace ratekit
