// The report of ranked events (report.csv and report.md) written as the events
// are rated: each event's rows follow the one before, so nothing waits for the
// end of the run. Memory: the players' names and a few MB of text.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/output_sink.hpp>

#include <memory>
#include <string>
#include <vector>

namespace ratekit {

class ranked_report_text;

class ranked_report_writer final : public rated_games_sink {
 public:
  // The files go into `out` (opened with the first event; it outlives this) for a run of `config` with `model`.
  ranked_report_writer(output_sink& out, const competition_config& config, const rk_descriptor& model);
  ~ranked_report_writer() override;  // a run that failed leaves the files to its staging folder
  ranked_report_writer(const ranked_report_writer&) = delete;
  ranked_report_writer& operator=(const ranked_report_writer&) = delete;

  void take(rated_games&) override {}  // pairwise games go to the report_writer
  unsigned streams() const override { return 0; }
  void take(rated_event& event) override;
  unsigned streams_events() const override { return streams_report; }

  // Waits for every row to be written and closes both files; an I/O error is a user_error.
  void finish();

 private:
  void write();

  static constexpr size_t buffered = size_t(1) << 21;  // text gathered before a write

  output_sink& out_;
  std::vector<std::string> names_;
  std::unique_ptr<ranked_report_text> text_;
  std::unique_ptr<output_stream> csv_, markdown_;  // opened with the first event
};

}  // namespace ratekit
