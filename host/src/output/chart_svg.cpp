#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/output/chart.hpp>

#include "input/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <array>
#include <cmath>
#include <stdexcept>

namespace ratekit {

double series_area(const std::vector<double>& ratings) {
  double area = 0.0;
  for (size_t i = 1; i < ratings.size(); ++i) area += 0.5 * (ratings[i - 1] + ratings[i]);
  return area;
}

namespace {

enum column { period, player, opponent, expected, score, k, change, rating_before, rating_after };

constexpr std::array<text::column_spec, 9> history_columns{{
    {"period", false}, {"player", true}, {"opponent", false}, {"expected", false}, {"score", false},
    {"k", false}, {"change", false}, {"rating_before", true}, {"rating_after", true},
}};

}  // namespace

std::vector<rating_series> read_rating_series(const std::filesystem::path& history_csv,
                                              const std::vector<std::string>& players) {
  const text::source src(history_csv, {});
  text::problem_list problems(src);
  text::line_cursor lines(src.text());
  text::csv_splitter csv;
  text::line l;
  if (!lines.next(l) || text::is_blank(l.text)) {
    problems.add(1, 1, "expected the history header (period,player,...,rating_after), got an empty file");
    problems.throw_if_any();
  }
  if (!csv.split(l, problems)) problems.throw_if_any();
  const std::vector<int> at = text::map_header(csv, l, history_columns, problems);
  problems.throw_if_any();
  const size_t field_count = csv.size();

  std::vector<rating_series> out(players.size());
  for (size_t p = 0; p < players.size(); ++p) out[p].player = players[p];
  while (lines.next(l)) {
    if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
    if (csv.size() != field_count) {
      problems.add(l.number, csv.end_column(),
                   "expected " + std::to_string(field_count) + " fields as in the header, got " +
                       std::to_string(csv.size()));
      continue;
    }
    const std::string_view name = csv[size_t(at[player])];
    const auto it = std::find(players.begin(), players.end(), name);
    if (it == players.end()) continue;
    double before = 0, after = 0;
    bool ok = true;
    for (const auto& [c, value] : {std::pair{rating_before, &before}, std::pair{rating_after, &after}}) {
      if (text::parse_number(csv[size_t(at[c])], *value)) continue;
      problems.add(l.number, csv.column(size_t(at[c])),
                   "expected " + std::string(history_columns[c].name) + " as a number, got " +
                       text::quote(csv[size_t(at[c])]));
      ok = false;
    }
    if (!ok) continue;
    auto& ratings = out[size_t(it - players.begin())].ratings;
    if (ratings.empty()) ratings.push_back(before);
    ratings.push_back(after);
  }
  for (const auto& s : out)
    if (s.ratings.empty()) problems.add(0, 0, "no games of '" + s.player + "' in this history");
  problems.throw_if_any();
  return out;
}

namespace {

// Colour-blind-safe palette (Okabe and Ito), then Tableau's.
constexpr std::array<const char*, 12> palette{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
                                              "#000000", "#8c564b", "#7f7f7f", "#bcbd22", "#9467bd", "#F0E442"};

constexpr size_t max_dots = 80;

// A round step (1, 2 or 5 times a power of ten) giving about `target` intervals over `span`.
double nice_step(double span, int target) {
  const double raw = span / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= raw * (1 - 1e-9)) return m * magnitude;
  return 10.0 * magnitude;
}

template <class... T>
void append(std::string& out, fmt::format_string<T...> format, T&&... values) {
  fmt::format_to(std::back_inserter(out), format, std::forward<T>(values)...);
}

// Decimals a tick label needs to show `step` exactly.
int decimals(double step) { return step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9)); }

}  // namespace

std::string render_chart_svg(const std::vector<rating_series>& series, const chart_options& o) {
  // Plot box; the legend sits to its right.
  const double left = 70, top = 50, right = o.width - 250.0, bottom = o.height - 60.0;
  size_t games = 1;
  double lo = 0, hi = 0;  // 0 stays in view: the areas are measured from it
  for (const auto& s : series) {
    if (s.ratings.empty()) throw std::invalid_argument("render_chart_svg: series '" + s.player + "' is empty");
    games = std::max(games, s.ratings.size() - 1);
    for (double r : s.ratings) lo = std::min(lo, r), hi = std::max(hi, r);
  }
  if (hi - lo < 1e-9) lo -= 1, hi += 1;
  const double y_step = nice_step(hi - lo, 8);
  lo = std::floor(lo / y_step) * y_step;
  hi = std::ceil(hi / y_step) * y_step;
  const double x_step = std::max(1.0, nice_step(double(games), 10));
  const double x_max = std::ceil(double(games) / x_step) * x_step;  // the axis ends on a tick
  auto px = [&](double x) { return left + (right - left) * x / x_max; };
  auto py = [&](double y) { return bottom - (bottom - top) * (y - lo) / (hi - lo); };

  std::string svg;
  append(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
              "font-family=\"sans-serif\" font-size=\"12\">\n", o.width, o.height, o.width, o.height);
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  append(svg, "<text class=\"title\" x=\"{:.2f}\" y=\"28\" font-size=\"16\" text-anchor=\"middle\">", (left + right) / 2);
  svg += xml_escaped(o.title) + "</text>\n";

  svg += "<g class=\"y-ticks\" stroke=\"#e0e0e0\">\n";
  const int y_decimals = decimals(y_step);
  for (double y = lo; y <= hi + y_step * 1e-6; y += y_step) {
    append(svg, "<line x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\"/>", left, py(y), right, py(y));
    append(svg, "<text x=\"{:.2f}\" y=\"{:.2f}\" stroke=\"none\" fill=\"#333\" text-anchor=\"end\">{:.{}f}</text>\n",
           left - 6, py(y) + 4, std::abs(y) < y_step * 1e-6 ? 0.0 : y, y_decimals);
  }
  svg += "</g>\n<g class=\"x-ticks\" stroke=\"#333\">\n";
  for (double x = 0; x <= x_max + 1e-9; x += x_step) {
    append(svg, "<line x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\"/>", px(x), bottom, px(x), bottom + 5);
    append(svg, "<text x=\"{:.2f}\" y=\"{:.2f}\" stroke=\"none\" fill=\"#333\" text-anchor=\"middle\">{:.0f}</text>\n",
           px(x), bottom + 18, x);
  }
  svg += "</g>\n<g class=\"axes\" stroke=\"#333\" fill=\"none\">\n";
  append(svg, "<polyline points=\"{:.2f},{:.2f} {:.2f},{:.2f} {:.2f},{:.2f}\"/>\n", left, top, left, bottom, right, bottom);
  append(svg, "<line class=\"zero\" x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\" stroke-dasharray=\"4 3\"/>\n",
         left, py(0), right, py(0));
  svg += "</g>\n";
  append(svg, "<text x=\"{:.2f}\" y=\"{:.2f}\" text-anchor=\"middle\">game</text>\n", (left + right) / 2, bottom + 40);
  append(svg, "<text x=\"18\" y=\"{:.2f}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {:.2f})\">rating</text>\n",
         (top + bottom) / 2, (top + bottom) / 2);

  for (size_t k = 0; k < series.size(); ++k) {
    const auto& s = series[k];
    const char* colour = palette[k % palette.size()];
    append(svg, "<g class=\"series\" stroke=\"{}\" fill=\"{}\">\n", colour, colour);
    std::string points;
    for (size_t i = 0; i < s.ratings.size(); ++i)
      append(points, "{}{:.2f},{:.2f}", i ? " " : "", px(double(i)), py(s.ratings[i]));
    // The area the legend measures: between the line and 0.
    append(svg, "<polygon class=\"area\" fill-opacity=\"0.06\" stroke=\"none\" points=\"{:.2f},{:.2f} ", px(0), py(0));
    svg += points;
    append(svg, " {:.2f},{:.2f}\"/>\n", px(double(s.ratings.size() - 1)), py(0));
    svg += "<polyline fill=\"none\" stroke-width=\"2\" points=\"" + points + "\"/>\n";
    // Dots only while they stay apart; a many-season line is clearer without them.
    if (s.ratings.size() <= max_dots)
      for (size_t i = 0; i < s.ratings.size(); ++i)
        append(svg, "<circle cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"2.5\"/>", px(double(i)), py(s.ratings[i]));
    svg += "\n</g>\n";
  }

  svg += "<g class=\"legend\">\n";
  const double lx = right + 20;
  append(svg, "<text x=\"{:.2f}\" y=\"{:.2f}\" font-weight=\"bold\">team: final, area</text>\n", lx, top + 4);
  for (size_t k = 0; k < series.size(); ++k) {
    const auto& s = series[k];
    const double y = top + 26 + 22 * double(k);
    append(svg, "<line x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\" stroke=\"{}\" stroke-width=\"3\"/>", lx, y - 4,
           lx + 24, y - 4, palette[k % palette.size()]);
    append(svg, "<text x=\"{:.2f}\" y=\"{:.2f}\">", lx + 32, y);
    svg += xml_escaped(s.player);
    append(svg, ": {:.1f}, area {:.1f}</text>\n", s.ratings.back(), series_area(s.ratings));
  }
  svg += "</g>\n</svg>\n";
  return svg;
}

}  // namespace ratekit
