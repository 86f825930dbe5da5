// FIDE Rating Regulations (handbook B022024, in force from 1 March 2024),
// tables 8.1.1 and 8.1.2, copied from data/fide/*.csv (see data/fide/PROVENANCE.md).
#pragma once

#include <array>
#include <cmath>

namespace ratekit::plugins::fide {

// Table 8.1.1: dp for a fractional score p = 0.00, 0.01, ..., 1.00 (index = 100 p).
// dp(0) and dp(1) are the handbook's nominal -800 and 800.
inline constexpr std::array<int, 101> dp_table = {
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,  //
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,  //
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,  //
    -149, -141, -133, -125, -117, -110, -102, -95,  -87,  -80,   //
    -72,  -65,  -57,  -50,  -43,  -36,  -29,  -21,  -14,  -7,    //
    0,    7,    14,   21,   29,   36,   43,   50,   57,   65,    //
    72,   80,   87,   95,   102,  110,  117,  125,  133,  141,   //
    149,  158,  166,  175,  184,  193,  202,  211,  220,  230,   //
    240,  251,  262,  273,  284,  296,  309,  322,  336,  351,   //
    366,  383,  401,  422,  444,  470,  501,  538,  589,  677,   //
    800};

// Table 8.1.2: the last rating difference D of each row; row i gives the
// higher-rated player PD = 0.50 + 0.01 i. Beyond 735 PD is 1.00.
inline constexpr std::array<int, 50> pd_row_end = {
    3,   10,  17,  25,  32,  39,  46,  53,  61,  68,  76,  83,  91,  98,  106, 113, 121,
    129, 137, 145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278,
    290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735};

// A fractional score score/games in hundredths, rounded half up (the handbook
// leaves the rounding open; the FIDE Technical Commission's code rounds half up).
// The small allowance keeps e.g. 0.145 from falling below its half in binary.
inline int score_hundredths(double score, double games) {
  return int(std::floor(100.0 * score / games + 0.5 + 1e-9));
}

// dp from table 8.1.1 for a fractional score (rounded to hundredths).
inline double dp(double score, double games) {
  const int h = score_hundredths(score, games);
  return dp_table[size_t(h < 0 ? 0 : h > 100 ? 100 : h)];
}

// The row of table 8.1.2 for each whole difference 0..735, so that a game
// looks its row up instead of searching pd_row_end.
inline constexpr auto pd_row_of = [] {
  std::array<unsigned char, pd_row_end.back() + 1> rows{};
  unsigned char row = 0;
  for (int ad = 0; ad <= pd_row_end.back(); ++ad) {
    while (pd_row_end[row] < ad) ++row;
    rows[size_t(ad)] = row;
  }
  return rows;
}();

// The expected score PD from table 8.1.2 for rating difference d (own minus
// opponent's). Ratings are whole points on FIDE lists; a fractional |d| is
// rounded to the nearest point first.
inline double pd(double d) {
  const double ad = std::floor(std::fabs(d) + 0.5);
  // Beyond the table: row 50 (PD 1.00); NaN falls to row 0 (0.50).
  const int row = ad <= pd_row_end.back() ? pd_row_of[size_t(ad)] : ad > pd_row_end.back() ? 50 : 0;
  const double high = (50 + row) / 100.0;
  return d >= 0 ? high : (50 - row) / 100.0;
}

}  // namespace ratekit::plugins::fide
