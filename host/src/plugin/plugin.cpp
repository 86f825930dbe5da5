#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include "plugin/elf_check.hpp"
#include "plugin/names_check.hpp"
#include "plugin/plugin_call.hpp"
#include "plugin/whole_history_check.hpp"

#include <ratekit/host/text/format.hpp>

#include <boost/dll/shared_library.hpp>
#include <spdlog/spdlog.h>

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

// A value of an extension: finite, or NaN where the model leaves it undefined.
void check_defined_or_finite(double v, const std::string& what) {
  if (std::isinf(v)) throw plugin_error("returned an infinite " + what, -1);
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

rk_instance create_instance(const plugin& p, const rk_host& host, const std::vector<double>& params) {
  rk_instance instance = nullptr;
  try {
    call_plugin([&](rk_error* e) {
      return p.entry().create(&host, params.data(), uint32_t(params.size()), &instance, e);
    });
  } catch (const plugin_error& e) {
    throw user_error(p.file().string(), 0, 0, std::string("plugin failed to start: ") + e.what());
  }
  if (instance == nullptr) throw user_error(p.file().string(), 0, 0, "plugin failed to start: create gave no instance");
  return instance;
}

void destroy_instance(const plugin& p, rk_instance instance) noexcept {
  if (!instance) return;
  try {
    p.entry().destroy(instance);
  } catch (...) {
    spdlog::warn("{}: plugin '{}' threw a C++ exception from destroy", p.file().string(), p.id());
  }
}

void log_from_plugin(std::string_view id, int32_t level, const char* message) {
  const auto lvl = level <= RK_LOG_DEBUG ? spdlog::level::debug
                   : level == RK_LOG_INFO ? spdlog::level::info
                   : level == RK_LOG_WARN ? spdlog::level::warn
                                          : spdlog::level::err;
  spdlog::log(lvl, "[{}] {}", id, message ? message : "");
}

void model::log_callback(void* context, int32_t level, const char* message) {
  log_from_plugin(static_cast<const model*>(context)->plugin_->id(), level, message);
}

int32_t model::adjust_callback(void* context, uint64_t game, int32_t player, double delta, const char* reason) {
  return static_cast<model*>(context)->adjustments_.add(game, player, delta, reason);
}

model::model(std::shared_ptr<const plugin> p, const std::vector<double>& params)
    : plugin_(std::move(p)), adjustments_(plugin_->descriptor().capabilities & RK_CAP_ADJUSTMENTS) {
  host_.struct_size = sizeof host_;
  host_.context = this;
  host_.log = &log_callback;
  host_.adjust = &adjust_callback;
  host_.abi_major = RK_ABI_MAJOR;
  host_.abi_minor = RK_ABI_MINOR;
  host_.version = RATEKIT_VERSION;
  instance_ = create_instance(*plugin_, host_, params);
  const rk_descriptor& d = plugin_->descriptor();
  for (uint32_t f = 0; f < d.state_count; ++f) new_player_.push_back(d.state[f].initial);
  if (!plugin_->entry().initial_state) return;
  try {
    call_plugin([&](rk_error* e) { return plugin_->entry().initial_state(instance_, new_player_.data(), e); });
  } catch (const plugin_error& e) {
    throw user_error(plugin_->file().string(), 0, 0, std::string("plugin failed to start: ") + e.what());
  }
  for (uint32_t f = 0; f < d.state_count; ++f)
    if (!std::isfinite(new_player_[f]))
      throw user_error(plugin_->file().string(), 0, 0,
                       std::string("plugin refused: its new player's ") + d.state[f].name + " is not a finite number");
}

model::~model() { destroy_instance(*plugin_, instance_); }

namespace {

// An expected score as the host uses it: a probability.
double checked_expectation(double p) {
  if (!(p >= 0 && p <= 1))
    throw plugin_error("returned " + (std::isnan(p) ? std::string("NaN") : format_number(p)) +
                           " as an expected score, not a probability from 0 to 1", -1);
  return p;
}

}  // namespace

double model::expect(double ra, double rb, double advantage) const {
  double out = NAN;
  call_plugin([&](rk_error* e) { return plugin_->entry().expect(instance_, ra, rb, advantage, &out, e); });
  return checked_expectation(out);
}

bool model::expects_from_states() const noexcept {
  const rk_plugin_entry& e = plugin_->entry();
  return RK_HAS_FIELD(&e, rk_plugin_entry, expect_states) && e.expect_states;
}

double model::expect(const double* a, const double* b, double advantage) const {
  if (!expects_from_states()) return expect(a[0], b[0], advantage);
  double out = NAN;
  call_plugin([&](rk_error* e) { return plugin_->entry().expect_states(instance_, a, b, advantage, &out, e); });
  return checked_expectation(out);
}

void model::expect_teams(const double* states, const uint32_t* teams, const double* weights, size_t players,
                         double* beats, double* draws) const {
  call_plugin([&](rk_error* e) {
    return plugin_->entry().expect_teams(instance_, states, teams, weights, players, beats, draws, e);
  });
}

void model::rate_games(const rk_state& s, const rk_game_batch& b, rk_game_out* out) {
  adjustments_.open(b.game_count, b.period_count, s.player_count);
  try {
    call_plugin([&](rk_error* e) { return plugin_->entry().rate_games(instance_, &s, &b, out, e); });
  } catch (const plugin_error&) {
    if (const std::string refused = adjustments_.close(); !refused.empty())  // the cause of its failure, likely
      throw plugin_error(refused, adjustments_.refused_game());
    throw;
  }
  if (const std::string refused = adjustments_.close(); !refused.empty())
    throw plugin_error(refused, adjustments_.refused_game());
}

void model::rate_events(const rk_state& s, const rk_event_batch& b, rk_entry_out* out) {
  call_plugin([&](rk_error* e) { return plugin_->entry().rate_events(instance_, &s, &b, out, e); });
  // Ranked events report every change in their entries: an adjustment there was refused.
  if (const std::string refused = adjustments_.close(); !refused.empty()) throw plugin_error(refused, -1);
}

void model::game_columns(const rk_game& g, double ra, double rb, double* out) const {
  const rk_ext_game_columns& c = *plugin_->game_columns();
  try {
    call_plugin([&](rk_error* e) { return c.values(instance_, &g, ra, rb, out, e); });
  } catch (const plugin_error&) {  // a column the model cannot give for this game stays empty
    std::fill(out, out + c.count, NAN);
    return;
  }
  for (uint32_t i = 0; i < c.count; ++i) check_defined_or_finite(out[i], std::string("value for report column '") + c.names[i] + "'");
}

double model::performance(double mean_opponent, double games, double score) const {
  const rk_ext_performance* p = plugin_->performance();
  if (!p) return NAN;
  double out = NAN;
  try {
    call_plugin([&](rk_error* e) { return p->performance(instance_, mean_opponent, games, score, &out, e); });
  } catch (const plugin_error&) {  // undefined for this player and period
    return NAN;
  }
  check_defined_or_finite(out, "performance rating");
  return out;
}

}  // namespace ratekit
