// Stage text, under every other one. In: problems found anywhere.
// Out: messages naming file, line and column; escaping and formats (escape.hpp, format.hpp).
//
// User-facing errors: every problem names its file, line and column (or game index).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace ratekit {

struct diagnostic {
  std::string file;   // empty when the problem has no file
  int line = 0;       // 1-based; 0 when unknown
  int column = 0;     // 1-based; 0 when unknown
  std::string message;

  std::string str() const;  // "file:line:column: message"
};

// A problem in the user's input, config or command line. Carries every
// diagnostic found, so one run reports all of them. Never a crash, never a trace.
class user_error : public std::runtime_error {
 public:
  explicit user_error(std::vector<diagnostic> diagnostics);
  explicit user_error(const std::string& message);
  user_error(std::string file, int line, int column, std::string message);
  const std::vector<diagnostic>& diagnostics() const noexcept { return diagnostics_; }

 private:
  std::vector<diagnostic> diagnostics_;
};

// The closest candidate to `word` by edit distance, or "" when none is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);
// The candidate `word` is surely a slip of: the same but for case, or (from 3
// characters) one typo away; "" when none is. Stricter than did_you_mean, for
// refusing rather than suggesting.
std::string slip_of(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace ratekit
