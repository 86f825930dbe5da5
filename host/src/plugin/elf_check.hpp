// A plugin file is checked as an ELF shared object for this machine, whole,
// before dlopen maps it: a truncated or foreign file would crash the host
// (SIGBUS on pages past the end) instead of being refused.
#pragma once

#include <filesystem>
#include <string>

namespace ratekit {

// Why `file` is no loadable shared object for this machine; "" when it is.
std::string elf_problem(const std::filesystem::path& file);

}  // namespace ratekit
