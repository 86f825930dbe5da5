// Every reader streams: what it hands over piece by piece (a file's
// tournaments, ranked events as they close) is what it reads whole, the facts
// of a piece's players come with it, and the engine rates the pieces to the
// result of the whole input.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "engine/setup.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <tuple>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_stream_readers {

using namespace ratekit;
namespace fs = std::filesystem;
using testing::builtin;
using testing::trf_player;
using testing::trf_tournament;

namespace {

// What a reader hands over to a sink cutting pieces of `piece` games or entries
// (a file's rest at its end, as the engine's input does), put back together.
struct handed {
  dataset all;
  int pieces = 0;
  bool facts_before_games = true;  // each game's players had their declared rating when handed over
};

handed read_in_pieces(reader_fn read, const std::vector<fs::path>& files, size_t piece) {
  handed h;
  dataset d;
  d.stream_to(
      [&](dataset& x) {
        ++h.pieces;
        for (const rk_game& g : x.games)
          h.facts_before_games &= !std::isnan(x.players.declared_rating[size_t(g.a)]) &&
                                  !std::isnan(x.players.declared_rating[size_t(g.b)]);
        h.all.games.insert(h.all.games.end(), x.games.begin(), x.games.end());
        h.all.facts.line.insert(h.all.facts.line.end(), x.facts.line.begin(), x.facts.line.end());
        h.all.facts.period.insert(h.all.facts.period.end(), x.facts.period.begin(), x.facts.period.end());
        h.all.entries.insert(h.all.entries.end(), x.entries.begin(), x.entries.end());
        h.all.events.insert(h.all.events.end(), x.events.begin(), x.events.end());
        x.games.clear();
        x.facts.clear();
        x.entries.clear();
        x.events.clear();
      },
      piece);
  for (const fs::path& f : files) {
    read(f, {}, d);
    d.flush();
  }
  h.all.players = d.players;
  h.all.event_infos = d.event_infos;
  return h;
}

dataset read_whole(reader_fn read, const std::vector<fs::path>& files) {
  dataset d;
  for (const fs::path& f : files) read(f, {}, d);
  return d;
}

bool same_games(const dataset& a, const dataset& b) {
  return a.games.size() == b.games.size() && a.facts.line == b.facts.line && a.facts.period == b.facts.period &&
         std::equal(a.games.begin(), a.games.end(), b.games.begin(), [](const rk_game& x, const rk_game& y) {
           return x.a == y.a && x.b == y.b && x.score_a == y.score_a && x.handicap == y.handicap;
         });
}

bool same_events(const dataset& a, const dataset& b) {
  auto entry = [](const rk_entry& x, const rk_entry& y) { return x.player == y.player && x.rank == y.rank; };
  auto event = [](const rk_event& x, const rk_event& y) {
    return x.begin == y.begin && x.end == y.end && (x.rounds == y.rounds || (std::isnan(x.rounds) && std::isnan(y.rounds)));
  };
  auto info = [](const event_info& x, const event_info& y) { return x.name == y.name && x.date == y.date && x.line == y.line; };
  return std::equal(a.entries.begin(), a.entries.end(), b.entries.begin(), b.entries.end(), entry) &&
         std::equal(a.events.begin(), a.events.end(), b.events.begin(), b.events.end(), event) &&
         std::equal(a.event_infos.begin(), a.event_infos.end(), b.event_infos.begin(), b.event_infos.end(), info);
}


// The message of a failed run, or "no error".
std::string error_of(const fs::path& config, const plugin_registry& plugins = builtin()) {
  try {
    rate(load_config(config, plugins), plugins);
  } catch (const user_error& e) {
    return e.what();
  }
  return "no error";
}

// `events` events of `size` players drawn from `pool`, ranks with ties, dates a day apart.
void write_standings(const fs::path& file, int events, int size, int pool) {
  std::mt19937 rng(7);
  std::vector<int> who(static_cast<size_t>(pool));
  std::iota(who.begin(), who.end(), 0);
  std::string text = "event,date,player,rank\n";
  for (int e = 0; e < events; ++e) {
    std::shuffle(who.begin(), who.end(), rng);
    const std::string head = "e" + std::to_string(e) + ",2024-" + (e / 28 < 9 ? "0" : "") +
                             std::to_string(e / 28 + 1) + "-" + (e % 28 < 9 ? "0" : "") + std::to_string(e % 28 + 1) + ",p";
    for (int k = 0; k < size; ++k)
      text += head + std::to_string(who[size_t(k)]) + "," + std::to_string(k + 1 - (k % 7 == 6)) + "\n";
  }
  testing::write_text(file, text);
}

// What the engine gave before it streamed: the whole input read first, then
// each event rated in turn, its pairs' expectations taken just before it.
struct whole_run {
  player_state state;
  std::vector<rk_entry_out> out;
  nlohmann::json metrics;
};

whole_run rate_whole(const competition_config& c, const dataset& d) {
  const auto p = builtin().get(c.model);
  model m(p, c.params);
  whole_run w;
  w.state = engine_setup::initial_state(c, m, d.players, ratings_list{});
  w.out.resize(d.entries.size());
  pair_accumulator pairs;
  const size_t fields = w.state.columns.size();
  std::vector<double> rows;
  for (const rk_event& e : d.events) {
    rows.resize(size_t(e.end - e.begin) * fields);
    for (size_t i = e.begin; i < e.end; ++i)
      for (size_t f = 0; f < fields; ++f) rows[(i - e.begin) * fields + f] = w.state.columns[f][size_t(d.entries[i].player)];
    const rk_event_batch b{sizeof(rk_event_batch), 0, d.entries.data(), d.entries.size(), &e, 1, nullptr};
    m.rate_events(w.state.view(), b, w.out.data());
    pairs.add_event(d.entries.data() + e.begin, e.begin, size_t(e.end - e.begin), [&](size_t i, size_t j) {
      return m.expect(&rows[i * fields], &rows[j * fields], 0.0);
    });
  }
  w.metrics = pairs.finish(w.state.rating());
  return w;
}

}  // namespace

TEST_CASE("standings-csv hands over its events as they close, the same as read whole", "[readers][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "s.csv",
                      "event,date,player,score\nA,2024-01-01,x,3\nA,2024-01-01,y,5\nA,2024-01-01,z,5\n"
                      "B,2024-01-02,y,1\nB,2024-01-02,x,2\nC,2024-01-03,z,0\nC,2024-01-03,w,1\nC,2024-01-03,x,9\n");
  const handed h = read_in_pieces(read_standings_csv, {dir / "s.csv"}, 1);
  CHECK(h.pieces == 3);  // an event a piece
  const dataset whole = read_whole(read_standings_csv, {dir / "s.csv"});
  CHECK(same_events(h.all, whole));
  REQUIRE(h.all.events.size() == 3);
  CHECK(h.all.events[2].begin == 5);  // counted over the whole stream, not the piece
  CHECK(h.all.events[2].end == 8);
  CHECK(h.all.entries[0].rank == 1);  // y and z tie on 5: both 1st, x 3rd
  CHECK(h.all.entries[1].rank == 1);
  CHECK(h.all.entries[2].rank == 3);
  CHECK(h.all.event_infos[1].line == 5);
  // A big piece takes the file's events in one go.
  CHECK(read_in_pieces(read_standings_csv, {dir / "s.csv"}, 1000).pieces == 1);
}

TEST_CASE("codeforces-standings streams contest by contest and file by file, still knowing earlier files' contests",
          "[readers][stream][codeforces]") {
  testing::temp_dir dir;
  testing::write_text(dir / "1.csv", "contest_id,handle,rank_lo,rank_hi\n1,a,1,1\n1,b,2,2\n2,b,1,2\n2,c,1,2\n2,a,3,3\n");
  testing::write_text(dir / "2.csv", "contest_id,handle,rank_lo,rank_hi\n3,c,1,1\n3,d,2,2\n");
  const std::vector<fs::path> files{dir / "1.csv", dir / "2.csv"};
  const handed h = read_in_pieces(read_codeforces_standings, files, 1);
  CHECK(h.pieces == 3);
  CHECK(same_events(h.all, read_whole(read_codeforces_standings, files)));
  REQUIRE(h.all.events.size() == 3);
  CHECK(h.all.events[2].begin == 5);
  CHECK(h.all.event_infos[2].name == "3");
  CHECK(h.all.event_infos[2].line == 2);
  // Two big pieces: one per file.
  CHECK(read_in_pieces(read_codeforces_standings, files, 1000).pieces == 2);

  // A contest met again in a later file is named with its first line there, though its entries are gone.
  testing::write_text(dir / "3.csv", "contest_id,handle,rank_lo,rank_hi\n4,a,1,1\n4,b,2,2\n2,d,1,1\n2,e,2,2\n");
  try {
    read_in_pieces(read_codeforces_standings, {dir / "1.csv", dir / "3.csv"}, 1);
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(e.what(), Catch::Contains("3.csv:4:1:") && Catch::Contains("got contest 2 again (its rows began at line 4 "
                                                                          "of an earlier file)"));
  }
}

TEST_CASE("trf and egd hand over file by file, each game's players with their facts", "[readers][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "1.trf", trf_tournament("One", "2024/03/01",
                                                    trf_player(1, "Ann", 2000, "2001/01/01", {{2, 'w', '1'}, {3, 'b', '='}}) +
                                                        trf_player(2, "Bob", 1800, "", {{1, 'b', '0'}, {0, '-', 'H'}}) +
                                                        trf_player(3, "Cy", 1700, "", {{0, '-', 'U'}, {1, 'w', '='}})));
  testing::write_text(dir / "2.trf", trf_tournament("Two", "2024/04/01",
                                                    trf_player(1, "Dee", 1900, "2012/05/05", {{2, 'w', '0'}}) +
                                                        trf_player(2, "Ann", 2010, "2001/01/01", {{1, 'b', '1'}})));
  const std::vector<fs::path> trfs{dir / "1.trf", dir / "2.trf"};
  const handed t = read_in_pieces(read_trf, trfs, 1000);
  CHECK(t.pieces == 2);
  CHECK(t.facts_before_games);
  const dataset whole = read_whole(read_trf, trfs);
  CHECK(same_games(t.all, whole));
  CHECK(t.all.games.size() == 3);
  CHECK(t.all.facts.period == std::vector<int32_t>{0, 0, 1});
  CHECK(t.all.players.declared_rating == whole.players.declared_rating);
  CHECK(t.all.players.birth_year[size_t(t.all.players.find("Dee"))] == 2012);

  testing::write_text(dir / "1.egd", "; EV[One]\n1 Ann Ha Paris 2d 2+/w 3=/b\n2 Bob Bi Lyon 1k 1-/b 0\n"
                                     "3 Cy Co Nice 2k 0 1=/w\n");
  testing::write_text(dir / "2.egd", "; EV[Two]\n1 Dee Du Rome 3d 2-/w\n2 Ann Ha Paris 2d 1+/b\n");
  const std::vector<fs::path> egds{dir / "1.egd", dir / "2.egd"};
  const handed g = read_in_pieces(read_egd, egds, 1000);
  CHECK(g.pieces == 2);
  CHECK(g.facts_before_games);
  CHECK(same_games(g.all, read_whole(read_egd, egds)));
  CHECK(g.all.games.size() == 3);
  // Pieces of one game cut a file's tournament too.
  CHECK(read_in_pieces(read_egd, egds, 1).pieces == 3);
}

TEST_CASE("a player named first by a later trf file starts from its rating and birth year",
          "[engine][stream][trf]") {
  // One: Ann (2000) beats Bob (1800). Two: Ann draws Dee, new, 1900 and 12 years old: K 40 (adults 20).
  testing::temp_dir dir;
  testing::write_text(dir / "1.trf", trf_tournament("One", "2024/03/01",
                                                    trf_player(1, "Ann", 2000, "1990/01/01", {{2, 'w', '1'}}) +
                                                        trf_player(2, "Bob", 1800, "1990/01/01", {{1, 'b', '0'}})));
  testing::write_text(dir / "2.trf", trf_tournament("Two", "2024/04/01",
                                                    trf_player(1, "Dee", 1900, "2012/05/05", {{2, 'w', '='}}) +
                                                        trf_player(2, "Ann", 2100, "1990/01/01", {{1, 'b', '='}})));
  testing::write_text(dir / "list.csv", "player,rating\nAnn,2000\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\n"
                                      "k_schedule: [ { when: { age_lt: 18 }, k: 40 }, { k: 20 } ]\n"
                                      "initial: { games: 30, ratings: list.csv }\nperiod: event\n"
                                      "input: { format: trf, path: [1.trf, 2.trf] }\n");
  const run_result r = rate(load_config(dir / "c.yaml", builtin()), builtin());
  auto rating = [&](const char* name) { return r.state.rating()[r.data.players.find(name)]; };
  auto expected = [](double a, double b) { return 1 / (1 + std::pow(10.0, (b - a) / 400)); };
  const double ann1 = 2000 + 20 * (1 - expected(2000, 1800));
  CHECK(rating("Bob") == Approx(1800 - 20 * (1 - expected(2000, 1800))).margin(1e-9));
  const double e = expected(ann1, 1900);
  CHECK(rating("Ann") == Approx(ann1 + 20 * (0.5 - e)).margin(1e-9));  // 2100 in file two changes nothing
  CHECK(rating("Dee") == Approx(1900 + 40 * (e - 0.5)).margin(1e-9));
  // Ann, listed without games, is credited initial.games as her file-one rating says, as when read whole.
  CHECK(r.state.games[size_t(r.data.players.find("Ann"))] == 32);
  CHECK(r.state.games[size_t(r.data.players.find("Dee"))] == 31);
}

TEST_CASE("ranked events rated as they are read equal the whole input rated after it", "[engine][stream][codeforces]") {
  // 70 events of 1,000 of 3,000 players: 70,000 entries (two pieces), 35M pairs (the metrics sample them).
  testing::temp_dir dir;
  write_standings(dir / "s.csv", 70, 1000, 3000);
  const dataset d = read_whole(read_standings_csv, {dir / "s.csv"});
  REQUIRE(d.entries.size() == 70000);
  // Without history.csv no output reads the entries: the run keeps none. With it (and no sink to stream
  // it to) the run keeps every entry and its output.
  for (const bool history : {false, true}) {
    testing::write_text(dir / "c.yaml", std::string("competition: s\nmodel: codeforces\ninput: { format: standings-csv, path: s.csv }\n"
                                        "output: { history: ") + (history ? "true" : "false") + " }\n");
    const competition_config c = load_config(dir / "c.yaml", builtin());
    const run_result r = rate(c, builtin());
    const whole_run w = rate_whole(c, d);
    CHECK(r.data.events.size() == d.events.size());
    CHECK(r.entry_count == 70000);
    CHECK(r.state.columns == w.state.columns);
    CHECK(r.metrics == w.metrics);
    CHECK(r.metrics["foresight"]["pairs"] <= pair_accumulator::default_budget);  // sampled: not all 70 x 499,500 pairs
    CHECK(r.metrics["foresight"]["pairs"] > pair_accumulator::default_budget / 4);
    CHECK(r.period_count == 70);
    if (!history) {
      CHECK(r.data.entries.empty());
      CHECK(r.entry_out.empty());
      continue;
    }
    CHECK(same_events(r.data, d));
    REQUIRE(r.entry_out.size() == w.out.size());
    for (size_t i = 0; i < w.out.size(); ++i) REQUIRE(r.entry_out[i].delta == w.out[i].delta);
  }
}

TEST_CASE("a ranked stream that fails late writes nothing, and the input's own error comes first",
          "[engine][stream]") {
  testing::temp_dir dir;
  write_standings(dir / "s.csv", 70, 1000, 3000);
  const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR)});
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: test-throws\n"
                                      "input: { format: standings-csv, path: s.csv }\noutput: { dir: out }\n");
  CHECK_THAT(error_of(dir / "c.yaml", registry),
             Catch::Contains("failed on event 'e2' (" + (dir / "s.csv").string() + ":2002)") &&
                 Catch::Contains("cannot rate this event"));

  // A bad last line wins over the plugin's failure and over every event rated before it.
  std::ofstream(dir / "s.csv", std::ios::app) << "e69,2024-03-14,p9999,first\n";
  CHECK_THAT(error_of(dir / "c.yaml", registry), Catch::Contains("s.csv:70002:") && !Catch::Contains("plugin"));
  testing::write_text(dir / "c2.yaml", "competition: t\nmodel: codeforces\n"
                                       "input: { format: standings-csv, path: s.csv }\noutput: { dir: out }\n");
  const auto run = testing::run_cli("run " + (dir / "c2.yaml").string());
  CHECK(run.status != 0);
  CHECK_THAT(run.out, Catch::Contains("s.csv:70002:22:") && Catch::Contains("expected rank as a whole number >= 1, got 'first'"));
  CHECK_FALSE(fs::exists(dir / "out"));
}

// test-overconfident expects 1.5 of two players whose ratings differ: from E2
// on, once E1 parted them. The forecasts run beside the rating: the failure is
// the plugin's on E2's expectations, whether E2 is the last event or more follow.
TEST_CASE("a plugin's bad expectation on ranked pairs names the event", "[engine][stream][expectations]") {
  testing::temp_dir dir;
  const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR)});
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: test-overconfident\n"
                                      "input: { format: standings-csv, path: s.csv }\noutput: { dir: out }\n");
  for (const int more : {0, 40}) {
    std::string text = "event,date,player,rank\nE1,2024-01-01,A,1\nE1,2024-01-01,B,2\nE1,2024-01-01,C,3\n";
    for (int e = 2; e <= 2 + more; ++e)
      for (const char* who : {"A,1", "B,2"}) text += "E" + std::to_string(e) + ",2024-01-02," + who + "\n";
    testing::write_text(dir / "s.csv", text);
    CHECK_THAT(error_of(dir / "c.yaml", registry), Catch::Contains("test-overconfident") &&
                                                       Catch::Contains("the expectations of event 'E2'") &&
                                                       Catch::Contains("returned 1.5 as an expected score, not a probability from 0 to 1"));
  }
}

TEST_CASE("streamed ranked inputs still refuse bad bytes and cut rows where they are", "[readers][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "s.csv", "event,date,player,rank\nA,2024-01-01,x,1\nA,2024-01-01,y,2\n"
                                     "B,2024-01-02,x\xff,1\nB,2024-01-02,y,2\n");
  reader_options utf8;
  utf8.encoding = "utf-8";
  dataset d;
  d.stream_to([](dataset& x) { x.entries.clear(), x.events.clear(); }, 1);
  CHECK_THROWS_WITH(read_standings_csv(dir / "s.csv", utf8, d), Catch::Contains("s.csv:4:15:") &&
                                                                   Catch::Contains("expected UTF-8 text, got byte 0xFF"));
  testing::write_text(dir / "cf.csv", "contest_id,handle,rank_lo,rank_hi\n1,a,1,1\n1,b,2,2\n2,a,1,1\n2,b,2");
  dataset e;
  e.stream_to([](dataset& x) { x.entries.clear(), x.events.clear(); }, 1);
  CHECK_THROWS_WITH(read_codeforces_standings(dir / "cf.csv", {}, e),
                    Catch::Contains("cf.csv:5:") && Catch::Contains("expected 4 fields as in the header, got 3"));
}

}  // namespace test_stream_readers
