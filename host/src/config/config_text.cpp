#include <ratekit/host/config/config.hpp>
#include <ratekit/host/store/location.hpp>

#include <iterator>

namespace ratekit {

std::string recorded_config_text(const competition_config& config) {
  std::string text = config.text;  // as read: a config a program hands over has no file
  for (const auto& db : {config.output_database, config.initial_database}) text = without_password(text, db.string());
  return text;
}

}  // namespace ratekit
