#include <ratekit/host/config/config.hpp>
#include <ratekit/host/store/location.hpp>

#include <yaml-cpp/yaml.h>

namespace ratekit {

std::string recorded_config_text(const competition_config& config) {
  std::string text = config.text;  // as read: a config a program hands over has no file
  for (const auto& db : {config.output_database, config.initial_database}) text = without_password(text, db.string());
  // A password a YAML escape hid from the masking above: the config written anew, each database as its location.
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception&) {
    return text;  // a masked short password broke its syntax: masked wherever it was
  }
  bool hidden = false;
  for (const auto& [section, location] : {std::pair{"output", config.output_database}, {"initial", config.initial_database}}) {
    if (!root.IsMap() || !root[section].IsMap() || !root[section]["database"].IsScalar()) continue;
    if (!writes_password(root[section]["database"].Scalar())) continue;
    root[section]["database"] = location.string();
    hidden = true;
  }
  if (!hidden) return text;
  YAML::Emitter written;
  written << root;
  return std::string(written.c_str()) + "\n";
}

}  // namespace ratekit
