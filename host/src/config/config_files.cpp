#include "config/config_files.hpp"

#include <ratekit/host/input/unreachable_file.hpp>
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

namespace ratekit::config {

namespace fs = std::filesystem;

std::optional<fs::path> existing_file(checker& c, const field& f, const fs::path& base, const char* what) {
  const auto written = config::text(c, f);
  if (!written) return std::nullopt;
  const fs::path p = (base / *written).lexically_normal();
  std::error_code ec;
  const fs::file_type type = fs::status(p, ec).type();
  if (type == fs::file_type::regular) return p;
  if (const std::string unreachable = unreachable_file(p); !unreachable.empty())
    c.error(f.where(), std::string(what) + " " + unreachable + ": '" + *written + "' (looked for " + p.string() + ")");
  else
    c.error(f.where(), std::string("expected a regular file for the ") + what + ", got " +
                           (type == fs::file_type::directory ? "a directory"
                            : type == fs::file_type::fifo    ? "a named pipe (FIFO)"
                                                             : "a device or socket") +
                           ": '" + *written + "'");
  return std::nullopt;
}

std::optional<std::string> database_uri(checker& c, const field& f) {
  if (!f.value.IsScalar() || !is_database_uri(f.value.Scalar())) return std::nullopt;
  const auto text = config::text(c, f);
  if (!text) return std::nullopt;
  try {
    return database_location(*text);
  } catch (const user_error& e) {  // its message repeats nothing of the string
    c.error(f.where(), e.diagnostics().front().message);
    return std::string();  // a connection string, not a file: nothing more to say of it
  }
}

}  // namespace ratekit::config
