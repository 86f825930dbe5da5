#include <ratekit/host/config/config.hpp>
#include <ratekit/host/store/location.hpp>

#include <fstream>
#include <iterator>

namespace ratekit {

std::string recorded_config_text(const competition_config& config) {
  std::ifstream in(config.file, std::ios::binary);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  for (const auto& db : {config.output_database, config.initial_database}) text = without_password(text, db.string());
  return text;
}

}  // namespace ratekit
