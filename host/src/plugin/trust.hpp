// Which plugin files the host may load: code that only root or the current user
// can change, through every folder above it.
#pragma once

#include <filesystem>
#include <string>

namespace ratekit {

// Why someone other than root or the current user could change the plugin at
// `file` (the file, its folder or a folder above); "" when nobody can. Links are
// resolved first. A sticky folder is no shelter for the plugin's own folder
// (others can still add files), but a sticky ancestor owned by root (/tmp) is
// fine: nobody else can rename what lies in it.
std::string untrusted_reason(const std::filesystem::path& file);

}  // namespace ratekit
