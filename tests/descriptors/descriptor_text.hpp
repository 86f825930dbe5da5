// Every field of a plugin file's entry and descriptor, as text: what
// tests/descriptors/builtin.txt holds for the built-in plugins.
#pragma once

#include <ratekit/abi.h>

#include <dlfcn.h>

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace ratekit::testing {

inline std::string text_or_null(const char* s) { return s ? "\"" + std::string(s) + "\"" : "NULL"; }

inline std::string descriptor_text(const rk_descriptor& d) {
  char line[160];
  std::snprintf(line, sizeof line, "size %u bookkeeping %#x capabilities %#" PRIx64 " state %u params %u\n",
                d.struct_size, d.bookkeeping_state, d.capabilities, d.state_count, d.param_count);
  std::string text = "id " + text_or_null(d.id) + " version " + text_or_null(d.version) + "\nsummary " +
                     text_or_null(d.summary) + "\n" + line;
  for (uint32_t i = 0; i < d.state_count; ++i) {
    std::snprintf(line, sizeof line, " initial %.17g help ", d.state[i].initial);
    text += "state " + text_or_null(d.state[i].name) + line + text_or_null(d.state[i].help) + "\n";
  }
  for (uint32_t i = 0; i < d.param_count; ++i) {
    const rk_param_spec& p = d.params[i];
    std::snprintf(line, sizeof line, " type %d flags %#x default %.17g min %.17g max %.17g", p.type, p.flags,
                  p.default_value, p.min, p.max);
    text += "param " + text_or_null(p.key) + line + " choices " + text_or_null(p.choices) + " help " +
            text_or_null(p.help) + "\n";
  }
  return text;
}

// The entry's ABI major version, size and which of its functions it has (1) or
// leaves NULL (0); not its minor version, which is the SDK's it was built with.
inline std::string entry_text(const rk_plugin_entry& e) {
  const bool has[] = {e.create != nullptr,      e.destroy != nullptr,       e.expect != nullptr,
                      e.rate_games != nullptr,  e.rate_events != nullptr,   e.get_extension != nullptr,
                      e.expect_states != nullptr, e.expect_teams != nullptr, e.initial_state != nullptr};
  std::string text = "entry abi " + std::to_string(e.abi_major) + " size " +
                     std::to_string(e.struct_size) + " reserved " + std::to_string(e.reserved) + " functions ";
  for (const bool h : has) text += h ? '1' : '0';
  return text + "\n";
}

// The given plugin files, each one's name and then its entry and descriptor as text.
inline std::string descriptors_text(const std::vector<std::filesystem::path>& files) {
  std::string text;
  for (const auto& file : files) {
    void* library = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    const auto* entry = library ? static_cast<const rk_plugin_entry*>(::dlsym(library, "ratekit_plugin_entry")) : nullptr;
    text += "== " + file.filename().string() + "\n" +
            (entry ? entry_text(*entry) + descriptor_text(*entry->descriptor) : "no entry\n");
    if (library) ::dlclose(library);
  }
  return text;
}

}  // namespace ratekit::testing
