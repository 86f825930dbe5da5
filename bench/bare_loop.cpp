// ratekit-bare-loop: the floor ratekit is measured against. A plain program
// with no framework that reads the same games CSV (date,player_a,player_b,score_a),
// applies the same logistic Elo update as fide-logistic with xi 400, no cap,
// a constant K and one game per period, and writes the ratings sorted like
// ratings.csv. It checks what a careful hand-written loop would check (field
// count, score range) and nothing more.
//
//   ratekit-bare-loop games.csv K out.csv
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "ratekit-bare-loop: %s\n", message.c_str());
  std::exit(1);
}

std::string read_all(const char* file) {
  std::FILE* f = std::fopen(file, "rb");
  if (!f) fail(std::string("cannot open ") + file);
  std::fseek(f, 0, SEEK_END);
  std::string text(size_t(std::ftell(f)), '\0');
  std::fseek(f, 0, SEEK_SET);
  if (std::fread(text.data(), 1, text.size(), f) != text.size()) fail("cannot read input");
  std::fclose(f);
  return text;
}

double expect(double d) { return 1.0 / (1.0 + std::pow(10.0, -d / 400.0)); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) fail("usage: ratekit-bare-loop GAMES_CSV K OUT_CSV");
  const double k = std::strtod(argv[2], nullptr);
  const std::string text = read_all(argv[1]);
  const std::string_view all = text;

  std::unordered_map<std::string_view, int32_t> ids;  // views into `text`
  std::vector<std::string_view> names;
  std::vector<double> rating, games;
  auto intern = [&](std::string_view name) {
    const auto [it, added] = ids.try_emplace(name, int32_t(names.size()));
    if (added) {
      names.push_back(name);
      rating.push_back(1500.0);
      games.push_back(0.0);
    }
    return it->second;
  };

  size_t pos = all.find('\n') + 1;  // skip the header
  uint64_t line = 1;
  while (pos < all.size()) {
    const size_t eol = std::min(all.find('\n', pos), all.size());
    const std::string_view row = all.substr(pos, eol - pos);
    pos = eol + 1;
    ++line;
    std::string_view field[4];
    size_t from = 0;
    for (int f = 0; f < 4; ++f) {
      const size_t comma = f < 3 ? row.find(',', from) : row.size();
      if (comma == std::string_view::npos) fail("line " + std::to_string(line) + ": expected 4 fields");
      field[f] = row.substr(from, comma - from);
      from = comma + 1;
    }
    double score = 0;
    const auto r = std::from_chars(field[3].data(), field[3].data() + field[3].size(), score);
    if (r.ec != std::errc{} || score < 0 || score > 1) fail("line " + std::to_string(line) + ": bad score");
    const int32_t a = intern(field[1]), b = intern(field[2]);
    const double d = rating[size_t(a)] - rating[size_t(b)];
    const double da = k * (score - expect(d)), db = k * ((1.0 - score) - expect(-d));
    rating[size_t(a)] += da;
    rating[size_t(b)] += db;
    games[size_t(a)] += 1;
    games[size_t(b)] += 1;
  }

  std::vector<int32_t> order(names.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t x, int32_t y) {
    return rating[size_t(x)] != rating[size_t(y)] ? rating[size_t(x)] > rating[size_t(y)] : names[size_t(x)] < names[size_t(y)];
  });
  std::string out = "player,rating,games\n";
  char buf[64];
  for (int32_t p : order) {
    out.append(names[size_t(p)]);
    out += ',';
    out.append(buf, std::to_chars(buf, buf + sizeof buf, rating[size_t(p)], std::chars_format::fixed).ptr);
    out += ',';
    out.append(buf, std::to_chars(buf, buf + sizeof buf, games[size_t(p)], std::chars_format::fixed).ptr);
    out += '\n';
  }
  std::FILE* f = std::fopen(argv[3], "wb");
  if (!f || std::fwrite(out.data(), 1, out.size(), f) != out.size() || std::fclose(f) != 0) fail("cannot write output");
  std::fprintf(stderr, "rated %zu games among %zu players\n", size_t(line - 1), names.size());
}
