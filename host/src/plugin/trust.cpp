#include "plugin/trust.hpp"

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

namespace ratekit {
namespace {

namespace fs = std::filesystem;

enum class place { plugin, holder, ancestor };

std::string check(const fs::path& p, place where) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return fmt::format("{} cannot be examined", p.string());
  const char* what = where == place::plugin ? "the plugin file" : where == place::holder ? "its folder" : "the folder";
  if (st.st_uid != 0 && st.st_uid != ::geteuid())
    return fmt::format("{} {} belongs to user {}, not to root or you", what, p.string(), st.st_uid);
  const bool writable = st.st_mode & (S_IWGRP | S_IWOTH);
  if (!writable) return "";
  if (where == place::ancestor && (st.st_mode & S_ISVTX) && st.st_uid == 0) return "";
  return fmt::format("{} {} is writable by {}{}", what, p.string(), st.st_mode & S_IWOTH ? "others" : "its group",
                     where == place::holder && (st.st_mode & S_ISVTX) ? " (a sticky bit still lets them add plugins)" : "");
}

}  // namespace

std::string untrusted_reason(const fs::path& file) {
  std::error_code ec;
  const fs::path real = fs::canonical(file, ec);
  if (ec) return fmt::format("{} cannot be resolved: {}", file.string(), ec.message());
  if (std::string why = check(real, place::plugin); !why.empty()) return why;
  fs::path dir = real.parent_path();
  if (std::string why = check(dir, place::holder); !why.empty()) return why;
  while (dir.has_relative_path()) {
    dir = dir.parent_path();
    if (std::string why = check(dir, place::ancestor); !why.empty()) return why;
  }
  return "";
}

}  // namespace ratekit
