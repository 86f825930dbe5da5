// Reading a YAML document while collecting every problem with its place,
// so a config reports all its mistakes in one run.
#pragma once

#include <ratekit/host/text/diagnostics.hpp>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::config {

class checker {
 public:
  explicit checker(std::string file) : file_(std::move(file)) {}

  void error(const YAML::Mark& at, std::string message);
  void error(std::string message, int line = 1);  // no better place than the file
  bool failed() const noexcept { return !diagnostics_.empty(); }
  std::vector<diagnostic>& diagnostics() noexcept { return diagnostics_; }
  const std::string& file() const noexcept { return file_; }

 private:
  std::string file_;
  std::vector<diagnostic> diagnostics_;
};

// One `key: value` of a map.
struct field {
  std::string name;
  YAML::Node key, value;
  // The value's place, or the key's when the value is empty (yaml-cpp marks
  // an empty value at the next token).
  YAML::Mark where() const;
};

// Parses the file, its text left in `text`: unreadable files, tabs in indentation, syntax errors and
// duplicate keys are reported; returns an undefined node when the text failed.
YAML::Node load_document(checker& c, const std::filesystem::path& file, std::string& text);
// The same checks over a config's text already in memory.
YAML::Node load_text(checker& c, const std::string& text);

// "'abc'", "a map", "a list" or "nothing": what the user wrote, for messages.
std::string describe(const YAML::Node& n);

// The entries of a map whose keys are in `known`; other keys are reported as
// "<unknown> 'x'<context> (did you mean 'y'?)" and left out.
std::vector<field> entries(checker& c, const YAML::Node& map, const std::vector<std::string>& known,
                           std::string_view unknown = "unknown key", std::string_view context = "");
// The entry named `name` among `fields` (what entries() returned), or null.
const field* find(const std::vector<field>& fields, std::string_view name);

// Typed values; each reports "expected <type> for 'key', got ..." and returns nothing on mismatch.
std::optional<double> number(checker& c, const field& f);
std::optional<std::string> text(checker& c, const field& f);
std::optional<bool> boolean(checker& c, const field& f);
bool is_map(checker& c, const field& f);
// The index of the value in `names`, with a suggestion when it is a near miss.
std::optional<size_t> one_of(checker& c, const field& f, const std::vector<std::string>& names);

// A plain scalar as a finite number ("+5", "1e6"); nothing otherwise.
std::optional<double> parse_number(std::string_view s);

// A number as people write it: 1000000, 0.5.
std::string show_number(double v);

}  // namespace ratekit::config
