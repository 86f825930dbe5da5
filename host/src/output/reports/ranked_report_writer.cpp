#include <ratekit/host/output/reports/ranked_report_writer.hpp>

#include "output/reports/ranked_report.hpp"

namespace ratekit {

ranked_report_writer::ranked_report_writer(output_sink& out, const competition_config& config,
                                           const rk_descriptor& model)
    : out_(out), text_(std::make_unique<ranked_report_text>(model, config)) {}

ranked_report_writer::~ranked_report_writer() = default;

void ranked_report_writer::take(rated_event& e) {
  if (!csv_) {
    csv_ = out_.open("report.csv");
    markdown_ = out_.open("report.md");
  }
  for (auto& n : e.new_names) names_.push_back(std::move(n));
  text_->event(e, [&](int32_t p) -> const std::string& { return names_[size_t(p)]; });
  if (text_->csv.size() + text_->markdown.size() >= buffered) write();
}

void ranked_report_writer::write() {
  if (!text_->csv.empty()) csv_->write(text_->csv);
  if (!text_->markdown.empty()) markdown_->write(text_->markdown);
}

void ranked_report_writer::finish() {
  if (!csv_) return;
  write();
  csv_->close();
  markdown_->close();
}

}  // namespace ratekit
