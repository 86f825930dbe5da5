// The keys each section of a config takes: the reader checks against them,
// and a test holds docs/config.md's key tables to them.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/config/config_keys.hpp>

#include "config/input_columns.hpp"

#include <stdexcept>

namespace ratekit {

const std::vector<config_section>& config_keys() {
  static const std::vector<config_section> sections = [] {
    std::vector<std::string> input = {"format", "path", "encoding", "sort"};
    input.insert(input.end(), config::column_option_keys.begin(), config::column_option_keys.end());
    return std::vector<config_section>{
        {"", {"competition", "model", "params", "k_schedule", "home_advantage", "initial", "input", "period", "metrics",
              "output", "categories"}},
        {"home_advantage", {"predict", "update", "hindsight"}},
        {"initial", {"rating", "ratings", "database", "games", "adjust", "state"}},
        {"initial.adjust", {"date", "from", "to", "toward", "fraction", "round"}},
        {"input", input},
        {"output", {"dir", "history", "charts", "report", "database"}},
        {"categories", {"from", "label"}}};
  }();
  return sections;
}

const std::vector<std::string>& keys_of(std::string_view section) {
  for (const auto& s : config_keys())
    if (s.name == section) return s.keys;
  throw std::logic_error("no config section '" + std::string(section) + "'");
}

}  // namespace ratekit
