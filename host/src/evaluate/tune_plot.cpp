// tune.svg: the validation objective of every candidate against each tuned
// value, a panel per parameter, the chosen candidate in red.
#include <ratekit/host/evaluate/tune_outputs.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

#include <algorithm>

namespace ratekit {

namespace {

constexpr double panel_width = 420, panel_height = 260, left = 64, right = 16, top = 28, bottom = 44;

// One panel: parameter `p`'s values across, the objective up.
std::string panel(const tuning& t, size_t p, double y0, double low, double high) {
  const tuned_param& param = t.space[p];
  const double plot_w = panel_width - left - right, plot_h = panel_height - top - bottom;
  auto x_of = [&](double v) { return left + plot_w * (v - param.lo) / (param.hi - param.lo); };
  auto y_of = [&](double v) { return y0 + top + plot_h * (high - v) / (high - low); };
  std::string out = fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#999\"/>\n"
      "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
      left, y0 + top, plot_w, plot_h, left, y0 + top - 8, xml_escaped(param.name));
  for (const auto& [v, anchor] : {std::pair{param.lo, "start"}, {param.hi, "end"}})
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\">{}</text>\n", x_of(v),
                       y0 + top + plot_h + 16, anchor, xml_escaped(format_number(v)));
  for (const auto& [v, dy] : {std::pair{high, 10.0}, {low, 0.0}})
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 4, y_of(v) + dy,
                       fixed(v, 4));
  for (size_t i = 0; i < t.points.size(); ++i) {
    const bool chosen = i == t.best;
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\"/>\n", x_of(t.points[i].values[p]),
                       y_of(t.objective(t.points[i].validation)), chosen ? 5 : 3, chosen ? "#c0392b" : "#1f6fb4");
  }
  return out;
}

}  // namespace

std::string tuning_svg(const tuning& t) {
  double low = t.objective(t.points.front().validation), high = low;
  for (const tune_point& p : t.points) {
    low = std::min(low, t.objective(p.validation));
    high = std::max(high, t.objective(p.validation));
  }
  if (high - low < 1e-12) high = low + 1e-6, low -= 1e-6;  // one value: a flat line in the middle
  const double height = panel_height * double(t.space.size()) + 30;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<text x=\"8\" y=\"18\">validation {} of each candidate (red: the chosen one), {}</text>\n",
      panel_width, height, t.options.brier ? "Brier" : "log-loss", xml_escaped(t.method));
  for (size_t p = 0; p < t.space.size(); ++p) out += panel(t, p, 30 + panel_height * double(p), low, high);
  return out + "</svg>\n";
}

}  // namespace ratekit
