#include "config/metrics_key.hpp"

#include <yaml-cpp/yaml.h>

namespace ratekit {

const std::vector<std::string>& metrics_names() {
  static const std::vector<std::string> names = {"in-sample", "walk-forward"};
  return names;
}

bool walk_forward_metrics(const competition_config& config) {
  if (config.text.empty()) return false;
  try {
    const YAML::Node metrics = YAML::Load(config.text)["metrics"];  // checked when the config loaded
    return metrics.IsScalar() && metrics.Scalar() == metrics_names()[1];
  } catch (const YAML::Exception&) {
    return false;  // unreachable for a loaded config: its text parsed then
  }
}

}  // namespace ratekit
