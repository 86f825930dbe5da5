// report.csv and report.md of ranked events, one event at a time: shared by the
// report built from a finished run that kept its entries (build_report) and the
// one written as the events are rated (ranked_report_writer), so both are the
// same bytes. Events come in the order they were rated.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/reports/report.hpp>

#include <functional>
#include <string>

namespace ratekit {

class ranked_report_text {
 public:
  // Starts both files with their headers.
  ranked_report_text(const rk_descriptor& model, const competition_config& config);

  // One event's rows (none for entries the model skipped); `name_of` gives a player's name.
  void event(const rated_event& e, const std::function<const std::string&(int32_t)>& name_of);

  std::string csv, markdown;  // appended to: take them away (swap, clear) whenever it suits

 private:
  std::string extra_md_, extra_rule_;  // the state fields' markdown columns
  bool teams_ = false;  // a model of team matches: each row names the player's team, `expected` is the team's score
};

// Both files of a run that kept its entries.
report_files ranked_report(const run_result& run, const competition_config& config);

}  // namespace ratekit
