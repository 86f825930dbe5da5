// Loading a plugin: its library checked (ELF, names, descriptor, extensions) before any of its code runs.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include "plugin/elf_check.hpp"
#include "plugin/names_check.hpp"
#include "plugin/plugin_call.hpp"
#include "plugin/whole_history_check.hpp"

#include <ratekit/host/plugin/player_records.hpp>

#include <boost/dll/shared_library.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>

namespace ratekit {

struct plugin::library {
  boost::dll::shared_library handle;
};

namespace {

[[noreturn]] void refuse(const std::filesystem::path& file, const std::string& reason) {
  throw user_error(file.string(), 0, 0, "plugin refused: " + reason);
}

bool blank(const char* s) { return s == nullptr || *s == '\0'; }

// A descriptor the host can trust: every pointer set, every parameter consistent.
void check_descriptor(const std::filesystem::path& file, const rk_descriptor* d) {
  if (d == nullptr) refuse(file, "no descriptor");
  if (d->struct_size < sizeof(rk_descriptor)) refuse(file, "descriptor struct_size too small");
  if (blank(d->id) || blank(d->version) || d->summary == nullptr) refuse(file, "descriptor lacks id, version or summary");
  // Counts bounded and names plain before any list is walked.
  if (const std::string why = descriptor_names_problem(*d); !why.empty()) refuse(file, why);
  if (d->state_count == 0 || blank(d->state[0].name) || std::strcmp(d->state[0].name, "rating") != 0)
    refuse(file, "state field 0 must be 'rating'");
  for (uint32_t i = 0; i < d->state_count; ++i)
    if (blank(d->state[i].name) || !std::isfinite(d->state[i].initial))
      refuse(file, "state field " + std::to_string(i) + " has no name or a non-finite initial value");
  for (uint32_t i = 0; i < d->param_count; ++i) {
    const rk_param_spec& p = d->params[i];
    const std::string where = "parameter " + std::to_string(i) + (blank(p.key) ? "" : " '" + std::string(p.key) + "'");
    if (blank(p.key)) refuse(file, where + " has no key");
    switch (p.type) {
      case RK_PARAM_NUMBER:
      case RK_PARAM_INTEGER:
        if (!(p.min <= p.default_value && p.default_value <= p.max))
          refuse(file, where + ": default outside [min, max]");
        if (p.type == RK_PARAM_INTEGER && p.default_value != std::floor(p.default_value))
          refuse(file, where + ": integer default is not whole");
        break;
      case RK_PARAM_BOOL:
        if (p.default_value != 0 && p.default_value != 1) refuse(file, where + ": boolean default is not 0 or 1");
        break;
      case RK_PARAM_CHOICE: {
        if (blank(p.choices)) refuse(file, where + ": choice without choices");
        const double n = 1 + double(std::count(p.choices, p.choices + std::strlen(p.choices), '|'));
        if (!(p.default_value >= 0 && p.default_value < n && p.default_value == std::floor(p.default_value)))
          refuse(file, where + ": default is not one of the choices");
        break;
      }
      default:
        refuse(file, where + ": unknown type " + std::to_string(p.type));
    }
  }
  const uint64_t kinds = RK_CAP_PAIRWISE | RK_CAP_RANKED | RK_CAP_WHOLE_HISTORY;
  if ((d->capabilities & kinds) == 0) refuse(file, "rates neither pairwise games nor ranked events nor a whole history");
}

// The extension `id` of a plugin, or null; asked once, at load time.
const void* extension_of(const std::filesystem::path& file, const rk_plugin_entry& entry, const char* id) {
  if (!entry.get_extension) return nullptr;
  try {
    return entry.get_extension(id);
  } catch (...) {
    refuse(file, std::string("get_extension threw for '") + id + "'");
  }
}

// What the host reads of the extensions, checked once.
void check_extensions(const std::filesystem::path& file, const rk_descriptor& d, const rk_ext_game_columns* columns,
                      const rk_ext_performance* performance, const rk_ext_param_needs* needs) {
  if (columns)
    if (const std::string why = game_columns_problem(*columns); !why.empty()) refuse(file, why);
  if (needs)
    if (const std::string why = param_needs_problem(d, *needs); !why.empty()) refuse(file, why);
  if (performance && (performance->struct_size < sizeof(rk_ext_performance) || !performance->performance))
    refuse(file, "performance extension without its function or with struct_size too small");
}

// The calls a forward model's kinds need: rate_games, rate_events, expect_teams.
void check_rate_calls(const std::filesystem::path& file, const rk_plugin_entry& entry) {
  const uint64_t caps = entry.descriptor->capabilities;
  if ((caps & RK_CAP_PAIRWISE) && !entry.rate_games) refuse(file, "declares pairwise games but has no rate_games");
  if ((caps & RK_CAP_RANKED) && !entry.rate_events) refuse(file, "declares ranked events but has no rate_events");
  if ((caps & RK_CAP_TEAMS) &&
      (!(caps & RK_CAP_RANKED) || !RK_HAS_FIELD(&entry, rk_plugin_entry, expect_teams) || !entry.expect_teams))
    refuse(file, "declares team matches but does not rate ranked events or has no expect_teams");
}

}  // namespace

std::shared_ptr<const plugin> plugin::load(const std::filesystem::path& file) {
  if (const std::string why = elf_problem(file); !why.empty()) refuse(file, why);
  auto lib = std::make_unique<library>();
  try {
    lib->handle.load(boost::dll::fs::path(file), boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    refuse(file, std::string("cannot load library: ") + e.what());
  }
  if (!lib->handle.has(RK_ENTRY_SYMBOL)) refuse(file, "no entry symbol '" RK_ENTRY_SYMBOL "'");
  const auto& raw = lib->handle.get<const rk_plugin_entry>(RK_ENTRY_SYMBOL);
  if (raw.abi_major != RK_ABI_MAJOR)
    refuse(file, "built for ABI " + std::to_string(raw.abi_major) + "." + std::to_string(raw.abi_minor) +
                     ", this host speaks ABI " + std::to_string(RK_ABI_MAJOR) + "." + std::to_string(RK_ABI_MINOR));
  // get_extension may be missing: it is the one field a smaller entry can lack.
  if (raw.struct_size < offsetof(rk_plugin_entry, get_extension)) refuse(file, "entry struct_size too small");
  // Copy what the plugin knew of; later fields stay zero (absent).
  rk_plugin_entry entry{};
  std::memcpy(&entry, &raw, std::min<size_t>(raw.struct_size, sizeof entry));
  check_descriptor(file, entry.descriptor);
  if (!entry.create || !entry.destroy || !entry.expect) refuse(file, "entry lacks create, destroy or expect");
  // A whole-history model rates through its extension's sweeps, never rate_games or rate_events.
  const bool whole_history = entry.descriptor->capabilities & RK_CAP_WHOLE_HISTORY;
  if (!whole_history) check_rate_calls(file, entry);
  auto p = std::shared_ptr<plugin>(new plugin(std::move(lib), file, entry));
  if (whole_history) {
    const auto* calls = static_cast<const rk_ext_whole_history*>(extension_of(file, entry, RK_EXT_WHOLE_HISTORY));
    if (const std::string why = whole_history_problem(entry, calls); !why.empty()) refuse(file, why);
  }
  p->game_columns_ = static_cast<const rk_ext_game_columns*>(extension_of(file, entry, RK_EXT_GAME_COLUMNS));
  p->performance_ = static_cast<const rk_ext_performance*>(extension_of(file, entry, RK_EXT_PERFORMANCE));
  p->param_needs_ = static_cast<const rk_ext_param_needs*>(extension_of(file, entry, RK_EXT_PARAM_NEEDS));
  check_extensions(file, *entry.descriptor, p->game_columns_, p->performance_, p->param_needs_);
  if (const auto* records = static_cast<const rk_ext_player_records*>(extension_of(file, entry, RK_EXT_PLAYER_RECORDS)))
    if (const std::string why = player_records_problem(*records); !why.empty()) refuse(file, why);
  return p;
}

plugin::plugin(std::unique_ptr<library> lib, std::filesystem::path file, const rk_plugin_entry& entry)
    : lib_(std::move(lib)), file_(std::move(file)), entry_(entry) {}

plugin::~plugin() = default;

user_error plugin::failure(const std::string& what, const std::string& why) const {
  return user_error(file_.string(), 0, 0, "plugin '" + std::string(id()) + "' failed on " + what + ": " + why);
}

int plugin::state_field(std::string_view name) const {
  const rk_descriptor& d = descriptor();
  for (uint32_t i = 0; i < d.state_count; ++i)
    if (name == d.state[i].name) return int(i);
  return -1;
}

}  // namespace ratekit
