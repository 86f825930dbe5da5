// The chart's axes: round steps, calendar ticks whose labels stand apart, and
// labels placed and cut to fit the drawing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::chart_axis {

// A round step (1, 2 or 5 times a power of ten) giving about `target` intervals over `span`.
double nice_step(double span, int target);
// The decimals a label of values `step` apart needs.
int decimals(double step);
// Days since 1970.
double days(int32_t yyyymmdd);

struct tick { double x; std::string label; };

enum class unit { day, month, year };
struct tick_step { unit u; int n; };

// The next round step above `n`: 1, 2, 5, 10, 20, 50...
int rounder(int n);
// The step for a span: years, months or days, whichever gives 3 to 12 ticks.
tick_step first_step(double lo, double hi);
// Fewer ticks: days 1, 2, 5, 10, 20, then months 1, 2, 3, 6, then years 1, 2, 5, 10...
tick_step coarser(tick_step s);
// Ticks on calendar boundaries every `s` from lo to hi.
std::vector<tick> calendar_ticks(double lo, double hi, tick_step s);

// A label's box at tick x: centred on it, or starting or ending at it where
// centred it would be cut at the drawing's edge (0..width).
struct label_box { double left, right; const char* anchor; };

// Characters are about 0.62 em wide (digits in common sans fonts; "-" less):
// an estimate on the wide side, so labels placed apart stay apart.
double text_width(std::string_view text, double font_size);
// `text` whole if it fits `room` px, else cut between characters (never inside
// one) to fit with an ellipsis.
std::string fitted(const std::string& text, double room, double font_size);
label_box place_label(double x, const std::string& label, double font_size, double width);

// Labels at least an em apart.
template <class PX>
bool labels_fit(const std::vector<tick>& ticks, const PX& px, double font_size, double width) {
  for (size_t i = 1; i < ticks.size(); ++i)
    if (place_label(px(ticks[i - 1].x), ticks[i - 1].label, font_size, width).right + font_size >
        place_label(px(ticks[i].x), ticks[i].label, font_size, width).left)
      return false;
  return true;
}

// Date ticks as many as fit: calendar steps from the span's, coarser until the labels stand apart.
template <class PX>
std::vector<tick> date_ticks(double lo, double hi, const PX& px, double font_size, double width) {
  std::vector<tick> crowded;  // the last step's, too close together
  for (tick_step s = first_step(lo, hi);; s = coarser(s)) {
    std::vector<tick> ticks = calendar_ticks(lo, hi, s);
    if (crowded.size() >= 3 && 2 * ticks.size() < crowded.size() + 1) {  // every other of those gives more
      std::vector<tick> thinned;
      for (size_t i = 0; i < crowded.size(); i += 2) thinned.push_back(crowded[i]);
      if (labels_fit(thinned, px, font_size, width)) return thinned;
    }
    if (ticks.size() <= 1 || labels_fit(ticks, px, font_size, width)) return ticks;
    crowded = std::move(ticks);
  }
}

// Period ticks 0, step, 2 step...: a round step from the span's, larger until the labels stand apart.
template <class PX>
std::vector<tick> period_ticks(double lo, double hi, const PX& px, double font_size, double width) {
  for (int step = int(std::max(1.0, nice_step(hi - lo, 8)));; step = rounder(step)) {
    std::vector<tick> ticks;
    for (int x = 0; x <= hi + 1e-9; x += step) ticks.push_back({double(x), std::to_string(x)});
    if (ticks.size() <= 1 || labels_fit(ticks, px, font_size, width)) return ticks;
  }
}

}  // namespace ratekit::chart_axis
