#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include "plugin/trust.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace ratekit {

namespace fs = std::filesystem;

namespace {

bool is_plugin_name(const fs::path& p) {
  return p.filename().string().rfind("ratekit-", 0) == 0 && p.extension() == ".so";
}

// Why a file named like a plugin cannot be one (a broken or looping link, a
// directory); "" when it is a regular file. One bad entry never hides the others.
std::string not_a_file(const fs::path& p) {
  std::error_code ec;
  const fs::file_status st = fs::status(p, ec);
  if (ec == std::errc::no_such_file_or_directory) return "broken symbolic link; skipped";
  if (ec) return "cannot be read (" + ec.message() + "); skipped";
  if (st.type() == fs::file_type::not_found) return "broken symbolic link; skipped";
  if (st.type() != fs::file_type::regular) return "not a regular file; skipped";
  return "";
}

}  // namespace

// The build tree's plugins for a ratekit run from its build tree; for an
// installed one only its installed folder, never a folder compiled into it.
fs::path plugin_registry::builtin_dir() {
  const auto prefix = install_prefix();
  return prefix ? *prefix / RATEKIT_PLUGIN_INSTALL_DIR : fs::path(RATEKIT_BUILD_PLUGIN_DIR);
}

fs::path plugin_registry::program_root() {
  std::error_code ec;
  return fs::canonical("/proc/self/exe", ec).parent_path().parent_path();
}

std::optional<fs::path> plugin_registry::install_prefix() {
  std::error_code ec;
  const fs::path root = program_root();
  if (root == fs::weakly_canonical(RATEKIT_BUILD_DIR, ec)) return std::nullopt;
  return root;
}

std::vector<fs::path> plugin_registry::search_path(const std::vector<std::string>& extra, const fs::path& builtin) {
  std::vector<fs::path> dirs(extra.begin(), extra.end());
  if (const char* env = std::getenv("RATEKIT_PLUGIN_PATH")) {
    std::string_view rest = env;
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      const std::string_view dir = rest.substr(0, colon);
      if (!dir.empty()) dirs.emplace_back(dir);
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
  }
  dirs.push_back(builtin);
  return dirs;
}

plugin_registry::plugin_registry(const std::vector<fs::path>& dirs, bool allow_insecure, size_t overriding) {
  std::vector<fs::path> seen;  // a folder listed twice is scanned once
  size_t overrides = 0;        // plugins_[0, overrides) come from the overriding dirs
  for (size_t d = 0; d < dirs.size(); ++d) {
    const fs::path& dir = dirs[d];
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
      spdlog::warn("plugin folder {} does not exist; no plugins loaded from it", dir.string());
      continue;
    }
    const fs::path real = fs::canonical(dir, ec);
    if (std::find(seen.begin(), seen.end(), real) != seen.end()) continue;
    seen.push_back(real);
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (!is_plugin_name(e.path())) continue;
      if (const std::string why = not_a_file(e.path()); !why.empty())
        refused_.push_back({fs::absolute(e.path()), why});
      else
        files.push_back(fs::absolute(e.path()));
    }
    std::sort(files.begin(), files.end());  // a stable order, whatever the file system says
    for (const fs::path& file : files) {
      if (const std::string why = allow_insecure ? "" : untrusted_reason(file); !why.empty()) {
        refused_.push_back({file, why + "; not loaded (--allow-insecure-plugins loads it anyway)"});
        continue;
      }
      std::shared_ptr<const plugin> p;
      try {
        p = plugin::load(file);
      } catch (const user_error& e) {
        refused_.push_back({file, e.diagnostics().front().message});
        continue;
      }
      const auto other = std::find_if(plugins_.begin(), plugins_.end(), [&](const auto& o) { return o->id() == p->id(); });
      if (other != plugins_.end() && d >= overriding && size_t(other - plugins_.begin()) < overrides) {
        spdlog::info("plugin '{}' of {} replaces the one installed at {} for this command", p->id(),
                     (*other)->file().string(), file.string());
        replaced_.push_back({file, "replaced by " + (*other)->file().string() + " (--plugin-dir)"});
        continue;
      }
      if (other != plugins_.end())
        throw user_error(file.string(), 0, 0,
                         "plugin id '" + std::string(p->id()) + "' is already loaded from " + (*other)->file().string() +
                             "; only a plugin of a --plugin-dir replaces one of another folder: remove or rename one of them");
      plugins_.push_back(std::move(p));
      if (d < overriding) overrides = plugins_.size();
    }
  }
}

const rk_descriptor* plugin_registry::find(std::string_view id) const {
  for (const auto& p : plugins_)
    if (p->id() == id) return &p->descriptor();
  return nullptr;
}

const rk_ext_param_needs* plugin_registry::param_needs(std::string_view id) const {
  for (const auto& p : plugins_)
    if (p->id() == id) return p->param_needs();
  return nullptr;
}

std::vector<std::string> plugin_registry::ids() const {
  std::vector<std::string> out;
  for (const auto& p : plugins_) out.emplace_back(p->id());
  return out;
}

std::shared_ptr<const plugin> plugin_registry::get(std::string_view id) const {
  for (const auto& p : plugins_)
    if (p->id() == id) return p;
  std::string message = "unknown model '" + std::string(id) + "'";
  if (const std::string hint = did_you_mean(std::string(id), ids()); !hint.empty())
    message += " (did you mean '" + hint + "'?)";
  std::string known;
  for (const auto& i : ids()) known += (known.empty() ? "" : ", ") + i;
  message += "; available: " + (known.empty() ? std::string("none") : known);
  throw user_error(message);
}

}  // namespace ratekit
