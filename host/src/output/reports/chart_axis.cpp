#include "output/reports/chart_axis.hpp"

#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace ratekit::chart_axis {

namespace chr = std::chrono;

namespace {

int32_t yyyymmdd(chr::sys_days d) {
  const chr::year_month_day ymd{d};
  return int32_t(ymd.year()) * 10000 + int32_t(unsigned(ymd.month())) * 100 + int32_t(unsigned(ymd.day()));
}

}  // namespace

double nice_step(double span, int target) {
  const double raw = span / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= raw * (1 - 1e-9)) return m * magnitude;
  return 10.0 * magnitude;
}

int decimals(double step) { return step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9)); }

double days(int32_t yyyymmdd) {
  const chr::sys_days d = chr::year_month_day{chr::year(yyyymmdd / 10000), chr::month(unsigned(yyyymmdd / 100 % 100)),
                                              chr::day(unsigned(yyyymmdd % 100))};
  return double(d.time_since_epoch().count());
}

int rounder(int n) { return int(nice_step(n * 1.5, 1)); }

tick_step first_step(double lo, double hi) {
  const double years = (hi - lo) / 365.25;
  if (years >= 3) return {unit::year, int(std::max(1.0, nice_step(years, 8)))};
  if (hi - lo < 45) return {unit::day, int(std::max(1.0, nice_step(hi - lo, 6)))};
  const int months = int(std::round((hi - lo) / 30.44));
  return {unit::month, months <= 10 ? 1 : months <= 20 ? 2 : months <= 30 ? 3 : 6};
}

tick_step coarser(tick_step s) {
  if (s.u == unit::day) return s.n < 20 ? tick_step{unit::day, rounder(s.n)} : tick_step{unit::month, 1};
  if (s.u == unit::month) return s.n < 6 ? tick_step{unit::month, s.n == 2 ? 3 : s.n * 2} : tick_step{unit::year, 1};
  return {unit::year, rounder(s.n)};
}

std::vector<tick> calendar_ticks(double lo, double hi, tick_step s) {
  const chr::year_month_day first{chr::sys_days(chr::days(int(std::floor(lo))))};
  std::vector<tick> out;
  if (s.u == unit::year) {
    for (int y = int(first.year()) / s.n * s.n;; y += s.n) {
      const double x = double(chr::sys_days(chr::year(y) / 1 / 1).time_since_epoch().count());
      if (x > hi) break;
      if (x >= lo) out.push_back({x, std::to_string(y)});
    }
  } else if (s.u == unit::month) {
    chr::year_month m = first.year() / first.month();
    while ((unsigned(m.month()) - 1) % unsigned(s.n) != 0) m += chr::months(1);
    for (;; m += chr::months(s.n)) {
      const double x = double(chr::sys_days(m / 1).time_since_epoch().count());
      if (x > hi) break;
      if (x >= lo) out.push_back({x, iso_month(yyyymmdd(chr::sys_days(m / 1)))});
    }
  } else {
    for (double x = std::ceil(lo / s.n) * s.n; x <= hi; x += s.n)
      out.push_back({x, iso_date(yyyymmdd(chr::sys_days(chr::days(int(x)))))});
  }
  return out;
}

double text_width(std::string_view text, double font_size) {
  size_t chars = 0;
  for (const char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return 0.62 * font_size * double(chars);
}

std::string fitted(const std::string& text, double room, double font_size) {
  if (text_width(text, font_size) <= room) return text;
  const size_t keep = size_t(std::max(0.0, std::floor(room / (0.62 * font_size)) - 1));
  size_t chars = 0, cut = 0;
  for (; cut < text.size(); ++cut)
    if ((static_cast<unsigned char>(text[cut]) & 0xC0) != 0x80 && chars++ == keep) break;
  return text.substr(0, cut) + "\u2026";
}

label_box place_label(double x, const std::string& label, double font_size, double width) {
  const double w = text_width(label, font_size), edge = 2;
  if (x - w / 2 < edge) return {x, x + w, "start"};
  if (x + w / 2 > width - edge) return {x - w, x, "end"};
  return {x - w / 2, x + w / 2, "middle"};
}

}  // namespace ratekit::chart_axis
