// The one rating period of a tournament file (TRF, EGD).
#pragma once

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/escape.hpp>

#include "input/source.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace ratekit::text {

// A new period named after the event the file names, else after the file
// (shown as a terminal may show it, as it is no text the file holds); its index.
inline int32_t open_tournament_period(dataset& out, std::string_view event_name, const std::filesystem::path& file,
                                      const source& src) {
  const auto period = int32_t(out.period_names.size());
  out.period_names.emplace_back(event_name.empty() ? printable(valid_utf8(file.stem().string())) : std::string(event_name));
  if (out.source.empty()) out.source = src.file();
  return period;
}

}  // namespace ratekit::text
