// Ctrl-C within one plugin call (ABI 1.7): the SDK's game and entry loops poll
// rk_host.stop_requested every few thousand games, the call ends with
// RK_STOPPED, and the host reads that as the run's stop. Each case asks for
// the stop at the third poll and checks the plugin stopped long before the end
// of a period of a million games (or a match of 30,000 players).
#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/stop_point.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_stop_within_call {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t million = 1'000'000;
constexpr uint64_t players = 2'000;

// A host whose stop_requested answers yes from its `stop_at`-th poll on.
struct polling_host {
  rk_host host{};
  int polls = 0, stop_at = 3;
  polling_host() {
    host.struct_size = sizeof host;
    host.context = this;
    host.abi_major = RK_ABI_MAJOR, host.abi_minor = RK_ABI_MINOR, host.version = "test";
    host.stop_requested = [](void* self) -> int32_t {
      polling_host& h = *static_cast<polling_host*>(self);
      return ++h.polls >= h.stop_at ? 1 : 0;
    };
  }
};

// An instance of a built-in plugin with its default parameters, made for `h`.
struct instance {
  std::shared_ptr<const plugin> p;
  rk_instance it = nullptr;
  instance(const std::string& id, const rk_host& h) : p(testing::builtin().get(id)) {
    std::vector<double> params;
    for (uint32_t i = 0; i < p->descriptor().param_count; ++i) params.push_back(p->descriptor().params[i].default_value);
    rk_error e{};
    REQUIRE(p->entry().create(&h, params.data(), uint32_t(params.size()), &it, &e) == RK_OK);
  }
  ~instance() { p->entry().destroy(it); }
};

// The state of `players` new players of a plugin, and what ABI 1.1 adds.
struct state_columns {
  std::vector<std::vector<double>> fields;
  std::vector<double*> columns;
  std::vector<int64_t> last_period = std::vector<int64_t>(players, RK_NEVER_RATED);
  std::vector<int32_t> last_date = std::vector<int32_t>(players, 0);
  explicit state_columns(const rk_descriptor& d) {
    for (uint32_t f = 0; f < d.state_count; ++f) fields.emplace_back(players, d.state[f].initial);
    for (auto& f : fields) columns.push_back(f.data());
  }
  rk_state view() {
    return {sizeof(rk_state), uint32_t(fields.size()), players, columns.data(), last_period.data(), last_date.data(), nullptr};
  }
};

// A million games among 2,000 players, all in one rating period (January 2024).
struct one_period {
  std::vector<rk_game> games;
  std::vector<int32_t> dates = std::vector<int32_t>(million, 20240115);
  uint64_t end = million;
  int64_t number = 2024 * 12;
  int32_t first = 20240101, last = 20240131;
  one_period() {
    games.reserve(million);
    for (uint64_t i = 0; i < million; ++i) {
      rk_game g = make_game(int32_t(i % players), int32_t((i * 7 + 1) % players), i % 3 ? 1.0 : 0.0);
      g.k_a = g.k_b = 20;
      games.push_back(g);
    }
  }
  rk_game_batch batch() const {
    return {sizeof(rk_game_batch), 0, games.data(), million, &end, 1, dates.data(), &number, &first, &last, nullptr, 0};
  }
};

// How many games of the batch the plugin wrote an output for (out starts NaN).
uint64_t games_written(const std::vector<rk_game_out>& out) {
  uint64_t n = 0;
  for (const rk_game_out& o : out) n += !std::isnan(o.expected_a);
  return n;
}

// A call of plugin `id` on the million-game period, made for host `h`: its
// status, its outputs and the ratings after it.
struct period_call {
  int32_t status;
  std::vector<rk_game_out> out;
  std::vector<double> ratings;
  double initial;  // a new player's rating
  std::vector<std::vector<double>> fields;  // every state field after it (ratings too)
  std::vector<double> initials;             // a new player's, field by field
};

period_call rate_one_period(const std::string& id, const rk_host& h) {
  const instance x(id, h);
  state_columns s(x.p->descriptor());
  const rk_state view = s.view();
  const one_period games;
  const rk_game_batch b = games.batch();
  period_call call{RK_OK, std::vector<rk_game_out>(million, rk_game_out{NAN, NAN, NAN, NAN}), {},
                   x.p->descriptor().state[0].initial, {}, {}};
  rk_error e{};
  e.struct_size = sizeof e;
  call.status = x.p->entry().rate_games(x.it, &view, &b, call.out.data(), &e);
  call.ratings = s.fields[0];
  call.fields = s.fields;
  for (uint32_t f = 0; f < x.p->descriptor().state_count; ++f) call.initials.push_back(x.p->descriptor().state[f].initial);
  return call;
}

// The million-game period on a host that asks to stop at its third poll.
void check_stopped_within_the_period(const std::string& id) {
  polling_host h;
  const period_call call = rate_one_period(id, h.host);
  CHECK(call.status == RK_STOPPED);
  CHECK(h.polls == 3);
  // It stopped at the third poll, some 8,192 games in: far before the end of the period.
  CHECK(games_written(call.out) <= 3 * sdk::stop_poll_interval);
  CHECK(games_written(call.out) < million / 10);
  for (double r : call.ratings) CHECK(r == call.initial);  // no period's change applied
}

}  // namespace

TEST_CASE("an Elo plugin stops within a period of a million games when the host asks", "[stop][abi]") {
  check_stopped_within_the_period("fide-logistic");
}

TEST_CASE("a Glicko plugin stops within a period of a million games when the host asks", "[stop][abi]") {
  check_stopped_within_the_period("glicko");
}

TEST_CASE("a team plugin stops within one free-for-all of 30,000 players when the host asks", "[stop][abi]") {
  polling_host h;
  const instance x("weng-lin", h.host);
  constexpr uint64_t n = 30'000;
  std::vector<rk_entry> entries;
  for (uint64_t i = 0; i < n; ++i) entries.push_back({int32_t(i % players), uint32_t(i), double(i + 1)});
  const rk_event event{0, n, NAN};
  const std::vector<double> weights(n, 1.0);
  const rk_event_batch b{sizeof(rk_event_batch), 0, entries.data(), n, &event, 1, weights.data()};
  state_columns s(x.p->descriptor());
  const rk_state view = s.view();
  std::vector<rk_entry_out> out(n, rk_entry_out{NAN, NAN, NAN, NAN, 0, 0});
  rk_error e{};
  e.struct_size = sizeof e;
  CHECK(x.p->entry().rate_events(x.it, &view, &b, out.data(), &e) == RK_STOPPED);
  CHECK(h.polls == 3);  // within the match's entries, before any chance or update
  for (const rk_entry_out& o : out) CHECK(std::isnan(o.delta));
}

TEST_CASE("glicko, glicko2 and stephenson stop within each of their passes over a period, the state untouched",
          "[stop][abi]") {
  // The period polls once (sdk::for_each_period); a pass over its million games at each 4,096th game, 245
  // polls; over its 2,000 players, one. The roster's opening pass comes first.
  const int per_games = int((million + sdk::stop_poll_interval - 1) / sdk::stop_poll_interval);
  struct pass { const char* name; int stop_at; uint64_t written; };
  const pass passes[] = {
      {"the games' pass (each game's sums)", 1 + per_games + 3, 2 * sdk::stop_poll_interval},
      {"the players' pass (each new deviation)", 1 + 2 * per_games + 1, million},
      {"the changes' pass (each game's share)", 1 + 2 * per_games + 1 + 3, million},
  };
  for (const std::string id : {"glicko", "glicko2", "stephenson"})
    for (const pass& at : passes) {
      INFO(id << ", stopped in " << at.name);
      polling_host h;
      h.stop_at = at.stop_at;
      const period_call call = rate_one_period(id, h.host);
      CHECK(call.status == RK_STOPPED);
      CHECK(h.polls == at.stop_at);
      CHECK(games_written(call.out) == at.written);  // the games' pass wrote the outputs up to the stop
      for (size_t f = 0; f < call.fields.size(); ++f) {  // rd and volatility too: written only after the last poll
        INFO("state field " << f);
        CHECK(std::count(call.fields[f].begin(), call.fields[f].end(), call.initials[f]) == std::ptrdiff_t(players));
      }
    }
}

namespace {

// A free-for-all of 30,000 single players (ranks 1 to 30,000) of plugin `id` with parameter `param` (its index and
// value, or none), on host `h`: the call's status; `changed` counts the state cells it moved.
struct match_call {
  int32_t status;
  uint64_t changed = 0;
};

match_call rate_free_for_all(const std::string& id, polling_host& h, int param = -1, double value = 0) {
  const std::shared_ptr<const plugin> p = testing::builtin().get(id);
  std::vector<double> params;
  for (uint32_t i = 0; i < p->descriptor().param_count; ++i) params.push_back(p->descriptor().params[i].default_value);
  if (param >= 0) params[size_t(param)] = value;
  rk_instance it = nullptr;
  rk_error e{};
  REQUIRE(p->entry().create(&h.host, params.data(), uint32_t(params.size()), &it, &e) == RK_OK);
  constexpr uint64_t n = 30'000;
  std::vector<rk_entry> entries;
  for (uint64_t i = 0; i < n; ++i) entries.push_back({int32_t(i), uint32_t(i), double(i + 1)});
  const rk_event event{0, n, NAN};
  const std::vector<double> weights(n, 1.0);
  const rk_event_batch b{sizeof(rk_event_batch), 0, entries.data(), n, &event, 1, weights.data()};
  std::vector<std::vector<double>> fields;
  std::vector<double*> columns;
  for (uint32_t f = 0; f < p->descriptor().state_count; ++f) fields.emplace_back(n, p->descriptor().state[f].initial);
  for (auto& f : fields) columns.push_back(f.data());
  const rk_state view{sizeof(rk_state), uint32_t(columns.size()), n, columns.data(), nullptr, nullptr, nullptr};
  e = {};
  e.struct_size = sizeof e;
  match_call call{p->entry().rate_events(it, &view, &b, nullptr, &e), 0};
  p->entry().destroy(it);
  for (uint32_t f = 0; f < fields.size(); ++f)
    call.changed += uint64_t(fields[f].size()) - uint64_t(std::count(fields[f].begin(), fields[f].end(), p->descriptor().state[f].initial));
  return call;
}

}  // namespace

TEST_CASE("a team model's update of one large match polls every 4,096 teams, and a stop there writes nothing",
          "[stop][abi]") {
  // The SDK reads the 30,000 entries with 8 polls; the update's own loops then poll at least once per 4,096
  // teams of each pass (trueskill: its priors, each pass of its schedule over the differences, its teams;
  // weng-lin: its teams, and bradley-terry-full's two passes of the quick sums).
  const int reading = 8;
  struct model_case { std::string id; int param; double value; int update_polls; };
  for (const model_case& m : {model_case{"trueskill", -1, 0, 3 * 8}, model_case{"weng-lin", -1, 0, 8},
                              model_case{"weng-lin", 0, 1 /* bradley-terry-full */, 3 * 8}}) {
    INFO(m.id << " " << m.param << "=" << m.value);
    polling_host counting;
    counting.stop_at = INT_MAX;
    REQUIRE(rate_free_for_all(m.id, counting, m.param, m.value).status == RK_OK);
    CHECK(counting.polls >= reading + m.update_polls);
    // Asked at the last poll, deep in the update: stopped, no state written.
    polling_host h;
    h.stop_at = counting.polls;
    const match_call call = rate_free_for_all(m.id, h, m.param, m.value);
    CHECK(call.status == RK_STOPPED);
    CHECK(call.changed == 0);
  }
}

TEST_CASE("a host older than ABI 1.7 is never asked: the period is rated to its end", "[stop][abi]") {
  polling_host h;
  h.host.struct_size = RK_HOST_SIZE_1_4;  // ends before stop_requested
  const period_call call = rate_one_period("fide-logistic", h.host);
  CHECK(call.status == RK_OK);
  CHECK(h.polls == 0);
  CHECK(games_written(call.out) == million);
}

TEST_CASE("a plugin that ends a call with RK_STOPPED unasked fails the run, naming it", "[stop][loader]") {
  const auto p = plugin::load(fs::path(RATEKIT_TEST_PLUGIN_DIR) / "ratekit-stops-unasked.so");
  model m(p, {});
  std::vector<double> ratings(2, 1500.0);
  double* columns[] = {ratings.data()};
  const rk_state s{sizeof(rk_state), 1, 2, columns, nullptr, nullptr, nullptr};
  const rk_game g = make_game(0, 1, 1.0);
  const rk_game_batch b{sizeof(rk_game_batch), 0, &g, 1, nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  CHECK_THROWS_WITH(m.rate_games(s, b, nullptr),
                    Catch::Contains("stopped early (RK_STOPPED) although the host asked it to go on"));
  std::atomic<bool> stop{true};  // asked, it is the run's stop
  const stop_scope scope(stop);
  CHECK_THROWS_AS(m.rate_games(s, b, nullptr), run_stopped);
}

}  // namespace test_stop_within_call
