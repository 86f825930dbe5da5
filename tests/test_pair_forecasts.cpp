// The ranked metrics' forecasts on their own thread: the figures of a
// pair_accumulator fed in order, and failures handed back to the engine.
#include "engine/pair_forecasts.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <sys/resource.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_pair_forecasts {

using namespace ratekit;

namespace {

// 30 events of 60 entries of players 0 to 99, ranks with ties, and each
// entry's state row (rating, then the rest), ratings spread by player; rated
// with Codeforces' parameters as a config gives them.
struct events_30 {
  static constexpr size_t size = 60, count = 30;
  testing::temp_dir dir;
  std::shared_ptr<const plugin> source = testing::builtin().get("codeforces");
  const size_t fields = source->descriptor().state_count;
  std::vector<double> params;
  std::vector<rk_entry> entries;
  std::vector<double> rows;

  events_30() {
    testing::write_text(dir / "s.csv", "event,date,player,rank\n");
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\ninput: { format: standings-csv, path: s.csv }\n");
    params = load_config(dir / "c.yaml", testing::builtin()).params;
    for (size_t e = 0; e < count; ++e)
      for (size_t k = 0; k < size; ++k) {
        const int32_t p = int32_t((e * 37 + k * 13) % 100);
        entries.push_back({p, 0, double(k - k % 4 + 1)});
        rows.push_back(1200 + 7.0 * p + double(e));
        for (size_t f = 1; f < fields; ++f) rows.push_back(double(e + f));
      }
  }
  // Event e's entries and rows.
  const rk_entry* entries_of(size_t e) const { return entries.data() + e * size; }
  const double* rows_of(size_t e) const { return rows.data() + e * size * fields; }
};

}  // namespace

TEST_CASE("pair forecasts on their thread give the figures of the pairs fed in order", "[metrics][events]") {
  const events_30 ev;
  const size_t fields = ev.fields;
  std::vector<double> final_ratings(100);
  for (size_t p = 0; p < 100; ++p) final_ratings[p] = double((p * 31) % 100);
  for (const int64_t budget : {int64_t(1) << 40, int64_t(5000)}) {  // every pair, and a sample
    const model m(ev.source, ev.params);
    pair_accumulator direct(budget);
    pair_forecasts threaded(ev.source, ev.params, fields, budget, 100);  // the log in its file past 100 entries
    for (size_t e = 0; e < events_30::count; ++e) {
      const double* rows = ev.rows_of(e);
      direct.add_event(ev.entries_of(e), e * events_30::size, events_30::size,
                       [&](size_t i, size_t j) { return m.expect(rows + i * fields, rows + j * fields, 0.0); });
      threaded.add(e, ev.entries_of(e), e * events_30::size, events_30::size, rows);
    }
    const nlohmann::json want = direct.finish(final_ratings.data());
    CHECK(threaded.finish(final_ratings.data()) == want);
    const int64_t pairs = want["foresight"]["pairs"];
    if (budget > 5000) CHECK(pairs == 30 * 1770);
    else CHECK((pairs > 1000 && pairs <= 5000));
  }
}

// The log's temporary file refused (a file size limit of 1 KB, far below the entries past the first 100):
// the host's own error comes back to the engine as it is, not as the plugin's.
TEST_CASE("pair forecasts hand back the host's own failure as it is", "[metrics][events]") {
  const events_30 ev;
  rlimit before{};
  REQUIRE(getrlimit(RLIMIT_FSIZE, &before) == 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);  // a write past the limit fails with EFBIG instead
  rlimit small = before;
  small.rlim_cur = 1024;
  REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
  std::string what = "no error";
  {
    pair_forecasts threaded(ev.source, ev.params, ev.fields, pair_accumulator::default_budget, 100);
    try {
      for (size_t e = 0; e < events_30::count; ++e)
        threaded.add(e, ev.entries_of(e), e * events_30::size, events_30::size, ev.rows_of(e));
      const std::vector<double> final_ratings(100, 1500.0);
      threaded.finish(final_ratings.data());
    } catch (const pair_forecasts::failure& f) {
      what = std::string("the plugin's: ") + f.error.what();
    } catch (const user_error& e) {
      what = e.what();
    }
  }
  setrlimit(RLIMIT_FSIZE, &before);
  std::signal(SIGXFSZ, old_handler);
  CHECK_THAT(what, Catch::StartsWith("cannot write the temporary file of the ranked metrics: File too large"));
}

}  // namespace test_pair_forecasts
