// history.csv's header and rows, shared by the file built from a finished run
// and the one written while the games are rated (history_writer).
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/output/outputs.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// The header, the shown state fields (rd, volatility, ...) after the period closing it.
inline std::string history_header(const rk_descriptor& d, const std::vector<uint32_t>& shown) {
  std::string out = "period,date,player,opponent,expected,score,k,change,rating_before,rating_after";
  for (const uint32_t f : shown) (out += ',') += std::string(d.state[f].name) + "_after";
  return out += '\n';
}

// One player's row of one game (or ranked entry); `state` holds `shown` values.
inline void history_row(std::string& out, std::string_view period, std::string_view date, std::string_view player,
                        std::string_view opponent, double expected, double score, double k, double change,
                        double before, double after, const double* state, size_t shown) {
  csv_row row(out);
  row.text(period).text(date).text(player).text(opponent).number(expected).number(score).number(k).number(change)
      .number(before).number(after);
  for (size_t f = 0; f < shown; ++f) row.number(state[f]);
}

}  // namespace ratekit
