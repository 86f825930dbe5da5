// A frame of team matches or ranked events as the package hands it over: its
// CSV text, written in memory, read by team-csv's or standings-csv's own rules
// in the place of a config's input files. No file lies between, and a problem
// is the reader's, naming the text (its line and column: the frame's row and
// column, which the package names).
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/input_rows.hpp>
#include <ratekit/host/input/readers.hpp>

#include <string>

namespace ratekit::python {

class event_rows final : public input_rows {
 public:
  // `format`: team-csv or standings-csv; `name`: the text's name in messages.
  event_rows(std::string format, std::string name, std::string text, reader_options options);
  void fill(dataset& out) const override;

 private:
  std::string format_, name_, text_;
  reader_options options_;
};

// What messages call the frame's text: the package names its rows and columns in the caller's terms.
inline constexpr const char* events_frame_name = "ratekit-events-frame";

// `config` reads a frame of `format` in the place of its input, which must be of that format.
void read_events_frame(competition_config& config, const std::string& format);

}  // namespace ratekit::python
