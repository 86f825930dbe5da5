#include "frame_rows.hpp"

#include <ratekit/host/input/input_text.hpp>

namespace ratekit::python {

event_rows::event_rows(std::string format, std::string text, reader_options options)
    : format_(std::move(format)), text_(std::move(text)), options_(std::move(options)) {}

void event_rows::fill(dataset& out) const {
  const input_text in{frame_name, text_};
  if (format_ == "team-csv") read_team_csv_text(in, options_, out);
  else read_standings_csv_text(in, options_, out);
}

void read_frame(competition_config& config, const std::string& format) {
  if (config.input_format != format) {
    const char* rows = format == "games-csv" ? "pairwise games" : format == "team-csv" ? "team matches" : "ranked events";
    throw config.error_at("input", "expected " + format + " for columns of " + rows + ", got " + config.input_format);
  }
  config.input_paths = {frame_name};
}

const input_rows* given_rows(const std::optional<frame_rows>& games, const std::optional<event_rows>& events) {
  if (games) return &*games;
  return events ? &*events : nullptr;
}

}  // namespace ratekit::python
