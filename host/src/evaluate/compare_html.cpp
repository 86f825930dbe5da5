// compare.html: one self-contained page with the table, a reliability diagram
// per model (forecast against observed score, in tenths) and each model's
// cumulative log-loss over the held-out games.
#include <ratekit/host/evaluate/compare_outputs.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace ratekit {

namespace {

constexpr std::array<const char*, 8> colours = {"#1f6fb4", "#d9531e", "#2a9d3c", "#8e44ad",
                                                 "#b8860b", "#17a2b8", "#7f7f7f", "#c0392b"};
const char* colour(size_t m) { return colours[m % colours.size()]; }

std::string table(const comparison& c) {
  std::string out =
      "<table><tr><th>model (plugin)</th><th>log-loss</th><th>Brier</th><th>accuracy</th><th>deviance</th>"
      "<th>log-loss minus the best [95%]</th><th>Brier minus the best [95%]</th></tr>\n";
  for (size_t m = 0; m < c.models.size(); ++m) {
    const compared_model& x = c.models[m];
    auto diff = [&](const difference& d) {
      return m == c.best ? std::string("best")
                         : signed_fixed(d.value, 4) + "<br><small>[" + signed_fixed(d.low, 4) + ", " +
                               signed_fixed(d.high, 4) + "]</small>";
    };
    out += fmt::format(
        "<tr{}><td><span class=\"key\" style=\"background:{}\"></span>{}<br><small>{}</small></td><td>{}</td><td>{}</td>"
        "<td>{}%</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        m == c.best ? " class=\"best\"" : "", colour(m), xml_escaped(x.name), xml_escaped(x.model),
        fixed(x.scores.log_loss, 4), fixed(x.scores.brier, 4), fixed(100 * x.scores.accuracy, 1),
        fixed(x.scores.deviance, 2), diff(x.log_loss), diff(x.brier));
  }
  return out + "</table>\n";
}

// Forecasts of A's score in ten bins of width 0.1: each bin's mean forecast
// against its mean observed score, a dot's area by its games.
std::string reliability(const compared_model& x, const std::vector<double>& outcomes, size_t m) {
  constexpr double size = 220, pad = 40;
  std::array<double, 10> forecast{}, observed{};
  std::array<size_t, 10> games{};
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const double p = x.forecasts.expected_a[i];
    const auto bin = size_t(std::clamp(p * 10, 0.0, 9.0));
    forecast[bin] += p, observed[bin] += outcomes[i], ++games[bin];
  }
  auto px = [&](double v) { return pad + v * size; };
  auto py = [&](double v) { return pad + (1 - v) * size; };
  std::string svg = fmt::format(
      "<figure><svg width=\"{0}\" height=\"{0}\" viewBox=\"0 0 {0} {0}\" role=\"img\"><rect x=\"{1}\" y=\"{1}\" "
      "width=\"{2}\" height=\"{2}\" fill=\"#fafafa\" stroke=\"#999\"/><line x1=\"{1}\" y1=\"{3}\" x2=\"{3}\" "
      "y2=\"{1}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n",
      size + 2 * pad, pad, size, pad + size);
  for (int t = 0; t <= 10; t += 5)
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"middle\">{}</text>"
                       "<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"end\">{}</text>\n",
                       px(t / 10.0), pad + size + 14, brief(t / 10.0, 1), pad - 4, py(t / 10.0) + 4, brief(t / 10.0, 1));
  std::string points;
  for (size_t b = 0; b < 10; ++b) {
    if (!games[b]) continue;
    const double f = forecast[b] / double(games[b]), o = observed[b] / double(games[b]);
    const double share = double(games[b]) / double(outcomes.size());
    points += fmt::format("{:.1f},{:.1f} ", px(f), py(o));
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" fill-opacity=\"0.6\"><title>"
                       "{} games: forecast {}, observed {}</title></circle>\n",
                       px(f), py(o), 3 + 12 * std::sqrt(share), colour(m), games[b], fixed(f, 3), fixed(o, 3));
  }
  svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\"/>\n", points, colour(m));
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"axis\" text-anchor=\"middle\">forecast of A's score</text>"
                     "<text x=\"12\" y=\"{:.1f}\" class=\"axis\" text-anchor=\"middle\" transform=\"rotate(-90 12 {:.1f})\">"
                     "observed</text></svg><figcaption>{}</figcaption></figure>\n",
                     pad + size / 2, pad + size + 28, pad + size / 2, pad + size / 2, xml_escaped(x.name));
  return svg;
}

// Each model's log-loss summed over the window's games in order, less always 0.5's (log 2 a game), so that
// the lines part where the models differ: below 0, better than a coin so far. At most 600 points a line.
std::string cumulative(const comparison& c) {
  constexpr double width = 760, height = 320, pad = 60;
  const size_t n = c.window.outcomes.size(), step = std::max<size_t>(1, n / 600);
  std::vector<std::vector<double>> sums;
  double low = 0, high = 0;
  for (const compared_model& m : c.models) {
    const std::vector<double> terms = log_loss_terms(m.forecasts, c.window.outcomes);
    std::vector<double> sum(n + 1, 0.0);
    for (size_t i = 0; i < n; ++i) {
      sum[i + 1] = sum[i] + terms[i] - std::log(2.0);
      low = std::min(low, sum[i + 1]), high = std::max(high, sum[i + 1]);
    }
    sums.push_back(std::move(sum));
  }
  if (high - low <= 0) high = low + 1;
  auto px = [&](size_t i) { return pad + double(i) / double(n) * (width - 2 * pad); };
  auto py = [&](double v) { return pad + (high - v) / (high - low) * (height - 2 * pad); };
  std::string svg = fmt::format(
      "<svg width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\"><rect x=\"{2}\" y=\"{2}\" width=\"{3}\" "
      "height=\"{4}\" fill=\"#fafafa\" stroke=\"#999\"/>\n",
      width, height, pad, width - 2 * pad, height - 2 * pad);
  for (const double v : {low, 0.0, high})
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{1:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#ddd\"/><text "
                       "x=\"{3:.1f}\" y=\"{4:.1f}\" class=\"tick\" text-anchor=\"end\">{5}</text>\n",
                       pad, width - pad, py(v), pad - 4, py(v) + 4, brief(v, 1));
  for (size_t m = 0; m < sums.size(); ++m) {
    std::string points;
    for (size_t i = 0; i <= n; i = (i == n ? n + 1 : std::min(n, i + step)))
      points += fmt::format("{:.1f},{:.1f} ", px(i), py(sums[m][i]));
    svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\"><title>{}</title>"
                       "</polyline>\n",
                       points, colour(m), xml_escaped(c.models[m].name));
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"start\">{}</text>"
                     "<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tick\" text-anchor=\"end\">{}</text>"
                     "<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"axis\" text-anchor=\"middle\">held-out {}s in order "
                     "(1 to {})</text><text x=\"14\" y=\"{:.1f}\" class=\"axis\" text-anchor=\"middle\" "
                     "transform=\"rotate(-90 14 {:.1f})\">nats, less always 0.5's</text></svg>\n",
                     pad, height - pad + 16, iso_date(c.window.from), width - pad, height - pad + 16,
                     iso_date(c.window.last_date), width / 2, height - pad + 34, c.window.unit, n, height / 2, height / 2);
  return svg;
}

}  // namespace

std::string comparison_html(const comparison& c) {
  const game_window& w = c.window;
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ratekit compare</title><style>"
      "body{font-family:sans-serif;margin:2em;color:#1d2330}table{border-collapse:collapse;font-size:14px}"
      "td,th{padding:.25em .5em;vertical-align:bottom;border-bottom:1px solid #ddd;text-align:right}td{white-space:nowrap}td:first-child,th:first-child{text-align:left}"
      "tr.best td{font-weight:bold}.key{display:inline-block;width:.8em;height:.8em;"
      "margin-right:.4em}figure{display:inline-block;margin:0 1em 1em 0}figcaption{text-align:center}"
      ".tick{font-size:11px;fill:#556}.axis{font-size:12px;fill:#333}"
      // A narrow window: the table scrolls in its own box and the charts shrink, the page never runs wider.
      ".scroll{overflow-x:auto;max-width:100%}svg{max-width:100%;height:auto}</style></head><body>\n";
  if (w.pairs.empty())
    page += fmt::format("<h1>Compared on {} held-out games</h1>\n<p>Games from {} to {} scored, each forecast from the "
                        "ratings before its rating period; {} before them rated only. Intervals: paired bootstrap, {} "
                        "resamplings, seed {}.</p>\n",
                        w.outcomes.size(), iso_date(w.from), iso_date(w.last_date), counted(double(w.training), "game"),
                        c.options.replicates, c.options.seed);
  else
    page += fmt::format("<h1>Compared on {}</h1>\n<p>Events from {} to {} scored pair by pair, each pair forecast "
                        "from the ratings before its event; {} before them rated only. Intervals: paired bootstrap "
                        "over the events (a resampled event brings all its pairs), {} resamplings, seed {}.</p>\n",
                        window_rows(w), iso_date(w.from), iso_date(w.last_date), counted(double(w.training), "event"),
                        c.options.replicates, c.options.seed);
  page += "<div class=\"scroll\">" + table(c) + "</div>\n";
  page += "<h2>Reliability</h2>\n<p>Forecasts of A's score in tenths: the bin's mean forecast against its mean "
          "observed score; on the dashed line a forecast means what it says.</p>\n";
  for (size_t m = 0; m < c.models.size(); ++m) page += reliability(c.models[m], w.outcomes, m);
  page += "<h2>Cumulative log-loss</h2>\n<p>Each model's log-loss (nats) summed over the held-out " +
          std::string(w.unit) + "s in order, less that of always forecasting 0.5 (log 2 a " + w.unit + "), in the table's colours: below 0 a model has beaten a "
          "coin so far, the lower line forecast better, and where the lines part shows when.</p>\n";
  page += cumulative(c);
  return page + "</body></html>\n";
}

}  // namespace ratekit
