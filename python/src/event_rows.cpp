#include "event_rows.hpp"

#include <ratekit/host/input/input_text.hpp>

namespace ratekit::python {

event_rows::event_rows(std::string format, std::string name, std::string text, reader_options options)
    : format_(std::move(format)), name_(std::move(name)), text_(std::move(text)), options_(std::move(options)) {}

void event_rows::fill(dataset& out) const {
  const input_text in{name_, text_};
  if (format_ == "team-csv") read_team_csv_text(in, options_, out);
  else read_standings_csv_text(in, options_, out);
}

void read_events_frame(competition_config& config, const std::string& format) {
  if (config.input_format != format)
    throw config.error_at("input", "expected " + format + " for columns of " +
                                       (format == "team-csv" ? "team matches" : "ranked events") + ", got " +
                                       config.input_format);
  config.input_paths = {events_frame_name};
}

}  // namespace ratekit::python
