// A reader's problems: collected and thrown together, so a user sees every
// problem of a file at once; and values quoted for messages.
#pragma once

#include <ratekit/host/text/diagnostics.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace ratekit::text {

class source;

// Collects problems of one file; throws them all as one user_error when asked,
// or as soon as `limit` are collected, so a broken file stops early.
class problem_list {
 public:
  static constexpr size_t limit = 20;
  explicit problem_list(std::string file) : file_(std::move(file)) {}
  // For a file being read: a file that changed under the reader is reported
  // instead of the problems the change caused.
  explicit problem_list(const source& src);
  void add(int line, int column, std::string message);
  bool empty() const noexcept { return list_.empty(); }
  void throw_if_any();

 private:
  void throw_all();
  std::string file_;
  const source* source_ = nullptr;
  std::vector<diagnostic> list_;
};

// `s` in single quotes for messages, cut to a readable length.
std::string quote(std::string_view s);

}  // namespace ratekit::text
