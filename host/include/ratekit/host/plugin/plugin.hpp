// Stage plugin. In: plugin folders and shared libraries ratekit-*.so.
// Out: trusted, loaded models behind the C ABI (sdk/include/ratekit/abi.h).
//
// Loading plugins: one shared library per plugin, checked before use, kept
// loaded for as long as anything made from it lives.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/plugin/adjustments.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/config/model_catalog.hpp>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// A loaded, validated plugin library.
class plugin {
 public:
  // Loads and validates `file`; throws user_error naming the file and the reason
  // (not a library, no entry symbol, another ABI major version, a malformed descriptor).
  static std::shared_ptr<const plugin> load(const std::filesystem::path& file);
  ~plugin();

  const rk_descriptor& descriptor() const noexcept { return *entry_.descriptor; }
  std::string_view id() const noexcept { return entry_.descriptor->id; }
  const std::filesystem::path& file() const noexcept { return file_; }
  const rk_plugin_entry& entry() const noexcept { return entry_; }
  // The extensions the host reads, checked at load time; null when the plugin has none.
  const rk_ext_game_columns* game_columns() const noexcept { return game_columns_; }
  const rk_ext_performance* performance() const noexcept { return performance_; }
  const rk_ext_param_needs* param_needs() const noexcept { return param_needs_; }
  bool has(uint64_t capability) const noexcept { return (descriptor().capabilities & capability) != 0; }
  // Index of a state field by name, -1 when the plugin has none.
  int state_field(std::string_view name) const;
  // The user's message for a failure of this plugin on `what` (a game, the batch): its file, its id, `why`.
  user_error failure(const std::string& what, const std::string& why) const;

 private:
  struct library;
  plugin(std::unique_ptr<library> lib, std::filesystem::path file, const rk_plugin_entry& entry);
  std::unique_ptr<library> lib_;  // first member: destroyed last
  std::filesystem::path file_;
  rk_plugin_entry entry_{};       // copy, zero beyond the plugin's struct_size
  const rk_ext_game_columns* game_columns_ = nullptr;
  const rk_ext_performance* performance_ = nullptr;
  const rk_ext_param_needs* param_needs_ = nullptr;
};

// A model created from a plugin with parameter values; owns the plugin handle
// so the library outlives the instance.
class model {
 public:
  model(std::shared_ptr<const plugin> p, const std::vector<double>& params);
  ~model();
  model(const model&) = delete;
  model& operator=(const model&) = delete;

  const plugin& source() const noexcept { return *plugin_; }
  double expect(double ra, double rb, double advantage) const;
  // From both players' whole state rows (descriptor order, [0] the rating):
  // the plugin's expect_states when it has one (ABI 1.1), else the ratings alone.
  double expect(const double* a, const double* b, double advantage) const;
  bool expects_from_states() const noexcept;
  // A new player's state row: the plugin's initial_state from these
  // parameters when it has one (ABI 1.3), else the descriptor's initial values.
  const std::vector<double>& new_player() const noexcept { return new_player_; }
  // A match's chances (ABI 1.3, RK_CAP_TEAMS; see rk_plugin_entry.expect_teams):
  // `states` holds a row per player, `teams` numbers their teams from 0.
  void expect_teams(const double* states, const uint32_t* teams, const double* weights, size_t players,
                    double* beats, double* draws) const;
  // Rate a batch; a failure becomes a plugin_error carrying the batch index.
  // So does anything the plugin throws, and an expected score that is no probability.
  void rate_games(const rk_state& s, const rk_game_batch& b, rk_game_out* out);
  void rate_events(const rk_state& s, const rk_event_batch& b, rk_entry_out* out);
  // The game columns extension's values for game `g` seen from side A on
  // ratings ra and rb, into `out` (source().game_columns()->count values):
  // NaN where the call fails; a plugin_error for an infinite value.
  void game_columns(const rk_game& g, double ra, double rb, double* out) const;
  // The performance rating (RK_EXT_PERFORMANCE), NaN when undefined or the
  // model has none; a plugin_error for an infinite value.
  double performance(double mean_opponent, double games, double score) const;
  // The rating adjustments (ABI 1.4) the last rate_games call reported, checked.
  const adjustment_log& adjustments() const noexcept { return adjustments_; }
  // Calls `fn(instance, error)`, an extension's function: a failure, or anything it throws, becomes a
  // plugin_error as for rate_games.
  void call(const std::function<int32_t(rk_instance, rk_error*)>& fn);

 private:
  static void log_callback(void* context, int32_t level, const char* message);
  static int32_t adjust_callback(void* context, uint64_t game, int32_t player, double delta, const char* reason);

  std::shared_ptr<const plugin> plugin_;
  rk_instance instance_ = nullptr;
  rk_host host_{};  // its context is this model: the model never moves
  std::vector<double> new_player_;
  adjustment_log adjustments_;
};

// A failure reported by a plugin, with the offending index in the batch (-1: none).
class plugin_error : public std::runtime_error {
 public:
  plugin_error(const std::string& message, int64_t index) : std::runtime_error(message), index_(index) {}
  int64_t index() const noexcept { return index_; }

 private:
  int64_t index_;
};

// Every plugin found in the plugin directories; two of one id are an error.
class plugin_registry : public model_catalog {
 public:
  struct refusal {
    std::filesystem::path file;
    std::string reason;
  };

  // Scans `dirs` in order for files named ratekit-*.so. A plugin in one of the
  // first `overriding` dirs (--plugin-dir) replaces one of its id in a later dir
  // (an installed one), with a notice: a plugin author tries his build in place
  // of the installed copy. Two plugins of one id are otherwise an error.
  explicit plugin_registry(const std::vector<std::filesystem::path>& dirs, bool allow_insecure = false,
                           size_t overriding = 0);

  // The directories to scan: `extra` (--plugin-dir), then RATEKIT_PLUGIN_PATH, then the built-in one
  // (the program's; a library loaded into another program, such as the Python module, names its own).
  static std::vector<std::filesystem::path> search_path(const std::vector<std::string>& extra,
                                                        const std::filesystem::path& builtin = builtin_dir());
  static std::filesystem::path builtin_dir();
  // The folder two levels above this ratekit: its build tree (<build>/host/ratekit)
  // or the prefix it is installed under (<prefix>/bin/ratekit).
  static std::filesystem::path program_root();
  // program_root() when ratekit is installed; none when it runs from its build tree.
  static std::optional<std::filesystem::path> install_prefix();

  const rk_descriptor* find(std::string_view id) const override;
  const rk_ext_param_needs* param_needs(std::string_view id) const override;
  std::vector<std::string> ids() const override;
  // The plugin of `id`; throws user_error with a suggestion when unknown.
  std::shared_ptr<const plugin> get(std::string_view id) const;
  const std::vector<std::shared_ptr<const plugin>>& plugins() const noexcept { return plugins_; }
  const std::vector<refusal>& refused() const noexcept { return refused_; }
  // The plugins a --plugin-dir one replaced, each with the file that replaced it.
  const std::vector<refusal>& replaced() const noexcept { return replaced_; }

 private:
  std::vector<std::shared_ptr<const plugin>> plugins_;
  std::vector<refusal> refused_;
  std::vector<refusal> replaced_;
};

}  // namespace ratekit
