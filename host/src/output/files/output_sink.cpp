#include <ratekit/host/output/files/output_sink.hpp>

#include "output/background/background_file.hpp"

#include <algorithm>

namespace ratekit {
namespace {

// A file's text appended to in memory, as a folder's file is written.
class kept_text_stream final : public output_stream {
 public:
  explicit kept_text_stream(std::string& into) : into_(into) {}
  void write(std::string& text) override {
    into_ += text;
    text.clear();
  }
  void close() override {}

 private:
  std::string& into_;
};

}  // namespace

std::unique_ptr<output_stream> output_sink::open(const std::string& name) {
  if (!in_memory()) return std::make_unique<background_file>(dir_ / name);
  auto kept = std::find_if(kept_.begin(), kept_.end(), [&](const output_text& t) { return t.name == name; });
  if (kept == kept_.end()) kept = kept_.insert(kept_.end(), {name, {}});
  kept->content.clear();
  return std::make_unique<kept_text_stream>(kept->content);
}

std::vector<output_text> output_sink::take_texts() {
  std::vector<output_text> texts(std::make_move_iterator(kept_.begin()), std::make_move_iterator(kept_.end()));
  kept_.clear();
  return texts;
}

}  // namespace ratekit
