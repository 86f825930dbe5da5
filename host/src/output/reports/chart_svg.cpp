// render_chart_svg: rating lines on a date axis, the y axis fitted to them.
#include <ratekit/host/output/reports/chart.hpp>

#include "output/reports/chart_axis.hpp"
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <stdexcept>

namespace ratekit {
namespace {

using namespace chart_axis;

// Colour-blind-safe palette (Okabe and Ito), then Tableau's.
constexpr std::array<const char*, 12> palette{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
                                              "#000000", "#8c564b", "#7f7f7f", "#bcbd22", "#9467bd", "#F0E442"};
constexpr size_t max_dots = 80;
constexpr double max_drawn = 1e12;  // the largest rating a y axis reaches

template <class... T>
void append(std::string& out, fmt::format_string<T...> format, T&&... values) {
  fmt::format_to(std::back_inserter(out), format, std::forward<T>(values)...);
}

// x of a series' i-th point, the end of its period: on a date axis the end of
// the day of the period's last game (days since 1970), else the period's
// number. The rating before the first period [0] sits at that period's start.
double x_of(const rating_point& p, size_t i, bool dated) {
  if (!dated) return double(p.period);
  return days(p.date) + (i == 0 ? 0.0 : 1.0);
}

// x of the start of a point's period: the start of its first game's day, or the
// period before's number; NaN when unknown.
double x_start(const rating_point& p, bool dated) {
  if (!dated) return p.period > 0 ? double(p.period - 1) : NAN;
  return p.start > 0 ? days(p.start) : NAN;
}

// A series' line as two paths: `active` from the start of each period at the
// rating before it to its end at the rating after; `idle` the flat stretches
// between periods, where the player had no games (dashed: a long one shows),
// and the whole of a run he sat out. To a point with a drift (a whole-history
// model's estimate) the line runs straight from the estimate before.
struct line_parts { std::string active, idle; };

template <class PX, class PY>
line_parts line_of(const rating_series& s, bool dated, const PX& px, const PY& py) {
  line_parts out;
  auto to = [&](std::string& path, char op, double x, double y) {
    append(path, "{}{}{:.1f},{:.1f}", path.empty() ? "" : " ", op, px(x), py(y));
  };
  to(out.active, 'M', x_of(s.points[0], 0, dated), s.points[0].rating);
  for (size_t i = 1; i < s.points.size(); ++i) {
    const rating_point &p = s.points[i], &before = s.points[i - 1];
    const double start = p.played ? x_start(p, dated) : x_of(p, i, dated), end_before = x_of(before, i - 1, dated);
    if (start > end_before && std::isnan(p.drift)) {
      to(out.idle, 'M', end_before, before.rating);
      to(out.idle, 'L', start, before.rating);
      to(out.active, 'M', start, before.rating);
    }
    to(out.active, 'L', x_of(p, i, dated), p.rating);
  }
  return out;
}

// The band of rating +- 2 deviations, drawn as the line is: at each period's
// start the deviation before it, held flat while the player had no games, to
// its end at the deviation after it. From point [0] when the deviation the
// player started with is known, else from his first period's end. Its
// vertices left to right, in pixels; empty when fewer than two points carry a
// deviation. Between two estimates of a whole-history model (a point with a
// drift) the band is the Wiener bridge's, a vertex every few pixels.
struct band_vertex { double x, upper, lower; };

template <class PX, class PY>
void add_bridge(std::vector<band_vertex>& band, const rating_point& from, const rating_point& to, double x_from,
                double x_to, const PX& px, const PY& py) {
  const int steps = std::clamp(int((px(x_to) - px(x_from)) / 4), 1, 64);
  for (int k = 1; k < steps; ++k) {
    const double at = double(k) / steps;
    const double mean = from.rating + at * (to.rating - from.rating);
    const double spread = bridge_deviation(from.spread, to.spread, to.drift, at);
    band.push_back({px(x_from + at * (x_to - x_from)), py(mean + 2 * spread), py(mean - 2 * spread)});
  }
}

template <class PX, class PY>
std::vector<band_vertex> band_of(const rating_series& s, bool dated, const PX& px, const PY& py) {
  std::vector<band_vertex> band;
  const rating_point* held = nullptr;  // the last point with a deviation
  size_t held_at = 0;
  for (size_t i = 0; i < s.points.size(); ++i) {
    const rating_point& p = s.points[i];
    if (std::isnan(p.spread)) continue;  // history.csv has none before a pairwise model's first period
    if (held && !std::isnan(p.drift))
      add_bridge(band, *held, p, x_of(*held, held_at, dated), x_of(p, i, dated), px, py);
    else if (held && px(x_start(p, dated)) > band.back().x)
      band.push_back({px(x_start(p, dated)), py(held->rating + 2 * held->spread), py(held->rating - 2 * held->spread)});
    band.push_back({px(x_of(p, i, dated)), py(p.rating + 2 * p.spread), py(p.rating - 2 * p.spread)});
    held = &p, held_at = i;
  }
  if (band.size() < 2) band.clear();
  return band;
}

// "x,y x,y ..." of one edge of a band, left to right, or of the whole band as a
// polygon: the upper edge forward, then the lower one back.
enum class band_part { upper, lower, polygon };
std::string band_points(const std::vector<band_vertex>& band, band_part part) {
  std::string points;
  const auto add = [&](double x, double y) { append(points, "{}{:.1f},{:.1f}", points.empty() ? "" : " ", x, y); };
  for (const band_vertex& v : band) add(v.x, part == band_part::lower ? v.lower : v.upper);
  if (part == band_part::polygon)
    for (auto v = band.rbegin(); v != band.rend(); ++v) add(v->x, v->lower);
  return points;
}

// The decimals that tell the legend's final ratings apart (28.11 and 27.97 are
// 28.1 and 28.0, not both 28), the same for every entry; at most 3.
int legend_decimals(const std::vector<rating_series>& series) {
  for (int d = 0;; ++d) {
    std::vector<std::pair<double, std::string>> shown;
    for (const auto& s : series) shown.emplace_back(s.points.back().rating, fmt::format("{:.{}f}", s.points.back().rating, d));
    bool apart = true;
    for (size_t i = 0; i < shown.size() && apart; ++i)
      for (size_t j = i + 1; j < shown.size() && apart; ++j)
        apart = shown[i].first == shown[j].first || shown[i].second != shown[j].second;
    if (apart || d == 3) return d;
  }
}

bool all_dated(const std::vector<rating_series>& series) {
  for (const auto& s : series)
    for (const auto& p : s.points)
      if (p.date <= 0) return false;
  return true;
}

struct box { double left, top, right, bottom; };

// The plot inside the drawing: room for the y labels and the y axis title (over
// them on a small chart, beside them on a large one), the title, the legend and the x labels.
box plot_box(const chart_options& o) {
  const bool small = o.width < 600;
  return {small ? 48.0 : 80.0, o.title.empty() ? (small ? 26.0 : 14.0) : 44.0,
          o.width - (o.legend ? (small ? 120.0 : 230.0) : 14.0), o.height - (small ? 34.0 : 50.0)};
}

// Where the legend goes: its left edge, its top, the right edge the ratings
// end at, the font size.
struct legend_place { double left, top, rating_right, font_size; };

// A line, the name and the final rating of each series; then what is shaded
// (`spread_name`'s band, when not empty) and what is dashed (`idle`).
void append_legend(std::string& svg, const std::vector<rating_series>& series, const legend_place& at,
                   const std::string& spread_name, bool idle) {
  svg += "<g class=\"legend\">\n";
  // The rating in its own element, its right edge at a fixed x: neither a long
  // name nor a right-to-left one can move it.
  const double lx = at.left, rating_x = at.rating_right, font_size = at.font_size;
  const int digits = legend_decimals(series);
  for (size_t k = 0; k < series.size(); ++k) {
    const auto& s = series[k];
    const std::string rating = fmt::format("{:.{}f}", s.points.back().rating, digits);
    const double room = rating_x - text_width(rating, font_size) - font_size / 2 - (lx + 26);
    const double y = at.top + 8 + 22 * double(k);
    append(svg, "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"3\"/>"
                "<text class=\"name\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#1d2330\">{}</text>"
                "<text class=\"rating\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#556\" text-anchor=\"end\">{}</text>\n",
           lx, y - 4, lx + 20, y - 4, palette[k % palette.size()], lx + 26, y,
           xml_escaped(fitted(s.player, room, font_size)), rating_x, y, rating);
  }
  double note_y = at.top + 8 + 22 * double(series.size()) + 6;
  if (!spread_name.empty()) {
    append(svg, "<text class=\"note\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#556\">shaded: rating \u00b1 2 {}</text>\n", lx,
           note_y, xml_escaped(spread_name));
    note_y += 20;
  }
  if (idle)
    append(svg, "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#556\" stroke-width=\"1.5\" "
                "stroke-dasharray=\"3 4\"/><text class=\"note\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#556\">no games</text>\n",
           lx, note_y - 4, lx + 20, note_y - 4, lx + 26, note_y);
  svg += "</g>\n";
}

}  // namespace

std::string players_title(const std::vector<std::string>& players, const chart_options& o) {
  std::string joined;
  for (size_t i = 0; i < players.size(); ++i) joined += (i ? " / " : "") + players[i];
  const box plot = plot_box(o);
  // The title is bold at 17 px: its characters a little wider than the labels'.
  if (text_width(joined, 17 * 1.05) <= plot.right - plot.left) return joined;
  return counted(double(players.size()), "player");
}

bool dots_fit(const std::vector<rating_series>& series) {
  return std::all_of(series.begin(), series.end(), [](const rating_series& s) { return s.points.size() <= max_dots; });
}

std::pair<double, double> fitted_x_range(const std::vector<rating_series>& series) {
  const bool dated = all_dated(series);
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& s : series)
    for (size_t i = 0; i < s.points.size(); ++i)
      lo = std::min(lo, x_of(s.points[i], i, dated)), hi = std::max(hi, x_of(s.points[i], i, dated));
  if (!(lo <= hi)) return {0, 1};
  if (hi - lo < 1) lo -= 1, hi += 1;
  return {lo, hi};
}

std::pair<double, double> fitted_range(const std::vector<rating_series>& series) {
  double lo = INFINITY, hi = -INFINITY;
  const auto hold = [&](double rating, double spread) {
    const double band = std::isnan(spread) ? 0 : 2 * spread;
    lo = std::min(lo, rating - band), hi = std::max(hi, rating + band);
  };
  for (const auto& s : series)
    for (size_t i = 0; i < s.points.size(); ++i) {
      const rating_point& p = s.points[i];
      hold(p.rating, p.spread);
      if (i == 0 || std::isnan(p.drift) || std::isnan(p.spread) || std::isnan(s.points[i - 1].spread)) continue;
      const rating_point& before = s.points[i - 1];  // a bridge is widest inside: its band must fit as well
      for (int k = 1; k < 16; ++k)
        hold(before.rating + k / 16.0 * (p.rating - before.rating),
             bridge_deviation(before.spread, p.spread, p.drift, k / 16.0));
    }
  if (!(lo <= hi)) return {0, 1};
  // Ratings far beyond any scale (a list's 1e308) are drawn at its edge: the span must stay a number.
  lo = std::clamp(lo, -max_drawn, max_drawn), hi = std::clamp(hi, -max_drawn, max_drawn);
  // A flat line, or one that barely moves, on 1% of its scale (at least 1): the
  // axis fits the data whether the model rates near 0..3 (ttt) or near 1500.
  const double least = std::max(0.01 * std::max(std::abs(lo), std::abs(hi)), 1.0);
  if (hi - lo < least) {
    const double middle = lo + (hi - lo) / 2;
    lo = middle - least / 2, hi = middle + least / 2;
  }
  const double pad = (hi - lo) * 0.05;
  // Ends on multiples of the step the ticks are drawn at (nice_step of the
  // rounded range): a coarser step after rounding rounds again. Each round at
  // least doubles the step, so two or three settle it; four bound it.
  double step = nice_step(hi - lo + 2 * pad, 6), rounded_lo = lo, rounded_hi = hi;
  for (int round = 0; round < 4; ++round) {
    rounded_lo = std::floor((lo - pad) / step) * step, rounded_hi = std::ceil((hi + pad) / step) * step;
    const double tick_step = nice_step(rounded_hi - rounded_lo, 6);
    if (!(tick_step > step * (1 + 1e-9))) break;
    step = tick_step;
  }
  return {rounded_lo, rounded_hi};
}

namespace {

// Where the plot sits in the drawing and how ratings and times map into it.
struct frame {
  box plot;
  bool dated, small;
  double font_size;
  std::pair<double, double> x, y;  // the ranges drawn
  double px(double at) const { return plot.left + (plot.right - plot.left) * (at - x.first) / (x.second - x.first); }
  double py(double at) const {
    return plot.bottom - (plot.bottom - plot.top) * (std::clamp(at, y.first, y.second) - y.first) / (y.second - y.first);
  }
};

frame frame_of(const std::vector<rating_series>& series, const chart_options& o) {
  const bool small = o.width < 600;
  return {plot_box(o), all_dated(series), small, small ? 11.0 : 13.0,
          o.x_range ? *o.x_range : fitted_x_range(series), o.y_range ? *o.y_range : fitted_range(series)};
}

// The svg element, as wide as the window or the element holding it, the height
// from the viewBox (the whole chart at any width); its title and background.
void append_opening(std::string& svg, const chart_options& o, const frame& f) {
  append(svg, "<svg{} class=\"rating-chart\" width=\"100%\" viewBox=\"0 0 {} {}\" "
              "font-family=\"system-ui, sans-serif\" font-size=\"{}\">\n",
         o.inline_svg ? "" : " xmlns=\"http://www.w3.org/2000/svg\"", o.width, o.height, f.font_size);
  append(svg, "<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n", xml_escaped(o.title));
  if (!o.title.empty())
    append(svg, "<text class=\"title\" x=\"{:.1f}\" y=\"26\" font-size=\"17\" font-weight=\"600\" fill=\"#1d2330\">{}</text>\n",
           f.plot.left, xml_escaped(o.title));
}

// Grid lines and labels of the rating axis, ticks and labels of the time axis,
// the axes and their titles.
void append_axes(std::string& svg, const chart_options& o, const frame& f) {
  const auto [left, top, right, bottom] = f.plot;
  const auto [lo, hi] = f.y;
  const double y_step = nice_step(hi - lo, 6);
  svg += "<g class=\"y-ticks\">\n";
  for (double y = lo; y <= hi + y_step * 1e-6; y += y_step)
    append(svg, "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e6e8ec\"/>"
                "<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#556\" text-anchor=\"end\">{:.{}f}</text>\n",
           left, f.py(y), right, f.py(y), left - 8, f.py(y) + 4, y, decimals(y_step));
  svg += "</g>\n<g class=\"x-ticks\">\n";
  const auto px = [&f](double x) { return f.px(x); };
  const std::vector<tick> ticks = f.dated ? date_ticks(f.x.first, f.x.second, px, f.font_size, o.width)
                                          : period_ticks(f.x.first, f.x.second, px, f.font_size, o.width);
  for (const auto& t : ticks)
    append(svg, "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#556\"/>"
                "<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#556\" text-anchor=\"{}\">{}</text>\n",
           px(t.x), bottom, px(t.x), bottom + 5, px(t.x), bottom + 19,
           place_label(px(t.x), t.label, f.font_size, o.width).anchor, t.label);
  append(svg, "</g>\n<polyline class=\"axes\" fill=\"none\" stroke=\"#556\" points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\"/>\n",
         left, top, left, bottom, right, bottom);
  if (!f.small)
    append(svg, "<text class=\"x-label\" x=\"{:.1f}\" y=\"{:.1f}\" fill=\"#556\" text-anchor=\"middle\">{}</text>\n",
           (left + right) / 2, bottom + 40,
           f.dated ? "date: each point is the rating after the last day of games of its rating period"
                   : "rating period: each point is the rating after it");
  if (f.small)
    append(svg, "<text class=\"y-label\" x=\"4\" y=\"{:.1f}\" fill=\"#556\">rating</text>\n", top - 10);
  else
    append(svg, "<text class=\"y-label\" transform=\"translate(16,{:.1f}) rotate(-90)\" fill=\"#556\" "
                "text-anchor=\"middle\">rating</text>\n", (top + bottom) / 2);
}

// Every band, before every line: a later player's band never covers an earlier
// one's line. One band is shaded; several overlapping would mix to a dark
// block, so each is shaded lightly and edged in its colour. Returns the name of
// the deviation drawn, empty when there is no band.
std::string append_bands(std::string& svg, const std::vector<rating_series>& series, const frame& f) {
  const auto px = [&f](double x) { return f.px(x); };
  const auto py = [&f](double y) { return f.py(y); };
  std::vector<std::vector<band_vertex>> bands;
  std::string spread_name;
  for (const auto& s : series)
    if (!bands.emplace_back(band_of(s, f.dated, px, py)).empty()) spread_name = s.spread_name;
  const bool several = std::count_if(bands.begin(), bands.end(), [](const auto& b) { return !b.empty(); }) > 1;
  for (size_t k = 0; k < bands.size(); ++k) {
    if (bands[k].empty()) continue;
    const char* colour = palette[k % palette.size()];
    append(svg, "<polygon class=\"band\" stroke=\"none\" fill=\"{}\" fill-opacity=\"{}\" points=\"{}\"/>\n", colour,
           several ? "0.05" : "0.15", band_points(bands[k], band_part::polygon));
    if (several)
      for (const band_part edge : {band_part::upper, band_part::lower})
        append(svg, "<polyline class=\"band-edge\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.5\" stroke-width=\"1\" "
                    "points=\"{}\"/>\n",
               colour, band_points(bands[k], edge));
  }
  return spread_name;
}

// Each series' line, its stretches without games dashed, and its points'
// markers when `dots`. Returns whether any stretch is dashed.
bool append_lines(std::string& svg, const std::vector<rating_series>& series, bool dots, const frame& f) {
  const auto px = [&f](double x) { return f.px(x); };
  const auto py = [&f](double y) { return f.py(y); };
  bool idle = false;
  for (size_t k = 0; k < series.size(); ++k) {
    const auto& s = series[k];
    const char* colour = palette[k % palette.size()];
    append(svg, "<g class=\"series\" stroke=\"{}\" fill=\"{}\">\n", colour, colour);
    const line_parts line = line_of(s, f.dated, px, py);
    append(svg, "<path class=\"line\" fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" d=\"{}\"/>\n",
           line.active);
    if (!line.idle.empty())
      append(svg, "<path class=\"idle\" fill=\"none\" stroke-width=\"1.5\" stroke-dasharray=\"3 4\" d=\"{}\"/>\n",
             line.idle);
    idle = idle || !line.idle.empty();
    if (dots)
      for (size_t i = 0; i < s.points.size(); ++i)
        append(svg, "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\"/>", px(x_of(s.points[i], i, f.dated)),
               py(s.points[i].rating));
    svg += "\n</g>\n";
  }
  return idle;
}

}  // namespace

std::string render_chart_svg(const std::vector<rating_series>& series, const chart_options& o) {
  for (const auto& s : series)
    if (s.points.empty()) throw std::invalid_argument("render_chart_svg: series '" + s.player + "' is empty");
  const frame f = frame_of(series, o);
  std::string svg;
  append_opening(svg, o, f);
  append_axes(svg, o, f);
  const std::string spread_name = append_bands(svg, series, f);
  const bool idle = append_lines(svg, series, o.dots.value_or(dots_fit(series)), f);
  if (o.legend) append_legend(svg, series, {f.plot.right + 18, f.plot.top, o.width - 8.0, f.font_size}, spread_name, idle);
  svg += "</svg>\n";
  return svg;
}

}  // namespace ratekit
