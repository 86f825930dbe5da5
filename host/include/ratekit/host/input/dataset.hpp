// What the readers produce and the engine rates: dense player ids, games as the
// ABI's rk_game array, game facts the K schedule and periods need in parallel
// arrays, and ranked events.
#pragma once

#include <ratekit/abi.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit {

inline constexpr double nan_value = NAN;

// A text fact most inputs give no player (a federation, an external id): held
// only up to the last player who has one, empty for the others.
class sparse_texts {
 public:
  const std::string& operator[](size_t id) const { return id < texts_.size() ? texts_[id] : none(); }
  void set(size_t id, std::string_view text) {
    if (id >= texts_.size()) texts_.resize(id + 1);
    texts_[id] = text;
  }
  bool any() const {
    for (const auto& t : texts_)
      if (!t.empty()) return true;
    return false;
  }

 private:
  static const std::string& none() {
    static const std::string empty;
    return empty;
  }
  std::vector<std::string> texts_;
};

// Names to dense ids, plus the facts about players an input may carry.
class player_table {
 public:
  // The id of `name`, adding the player when new.
  int32_t intern(std::string_view name);
  // The id of `name`, or -1.
  int32_t find(std::string_view name) const;
  // Adds a player the caller knows to be new: a reader's name cache, which
  // holds every name of the table. The name joins the index only when intern
  // or find next needs it, so a reader's new players cost no second lookup.
  int32_t add_new(std::string_view name);
  int32_t size() const noexcept { return int32_t(names_.size()); }
  const std::string& name(int32_t id) const { return names_[size_t(id)]; }

  // Facts, NaN when unknown; indexed by id.
  std::vector<double> birth_year;
  std::vector<double> declared_rating;  // rating given by the input (TRF column, grade, ...)
  sparse_texts federation;
  sparse_texts external_id;

 private:
  // An open-addressing index into names_, at most half full: no allocation per player.
  struct slot {
    uint32_t hash = 0;  // the name's hash, low half
    int32_t id = -1;    // -1: empty
  };
  static uint32_t hash(std::string_view name) { return uint32_t(std::hash<std::string_view>{}(name)); }
  // The slot holding `name`, or the empty one where it would go.
  size_t probe(std::string_view name, uint32_t h) const;
  // Indexes the players add_new added since. Called by find too, which is
  // therefore not safe to call from two threads at once.
  void index_rest() const;
  // Puts the first name not indexed yet into the empty slot `at`.
  void index_next(size_t at, uint32_t h) const;

  std::vector<std::string> names_;
  mutable std::vector<slot> slots_ = std::vector<slot>(1024);  // size a power of two
  mutable size_t indexed_ = 0;                                  // names_[0, indexed_) are in slots_
};

// Per-game facts beside the rk_game array (same index).
struct game_facts {
  std::vector<int32_t> date;     // yyyymmdd, 0 when unknown
  std::vector<int32_t> period;   // explicit period or event number from the input, -1 when none
  std::vector<int16_t> week;     // 0 when unknown
  std::vector<int8_t> home;      // +1: A plays at home, -1: B at home, 0: no home side
  std::vector<uint16_t> tag;     // index into tags, 0 is "" (no tag)
  std::vector<int32_t> line;     // source line, for error messages
  std::vector<std::string> tags{""};

  uint16_t intern_tag(std::string_view t);
  void clear();  // the per-game columns; the tags stay
  void reserve(size_t n);  // room for n games in every per-game column
  void swap_columns(game_facts& other) noexcept;
  void append(const game_facts& from, size_t begin, size_t end);  // from's games [begin, end), tags aside
  void reorder(const std::vector<uint32_t>& order);  // game i becomes the one that was game order[i]

 private:
  uint16_t last_tag_ = 0;  // games come in runs of one tag
};

// The facts of one game, as a reader hands them over.
struct game_fact {
  int32_t date = 0;
  int32_t period = -1;
  int16_t week = 0;
  int8_t home = 0;
  uint16_t tag = 0;
  int32_t line = 0;
};

struct event_info {
  std::string name;
  int32_t date = 0;  // yyyymmdd
  int32_t line = 0;  // first source line
  std::vector<std::string> teams;  // a team match's team names, by rk_entry::team; empty otherwise
};

struct dataset;

// Takes the games (with their facts) or the ranked events (with their entries)
// a reader has added so far out of a dataset, so a stream is rated while it is
// read; see dataset::stream_to.
using game_sink = std::function<void(dataset&)>;

struct dataset {
  std::string source;  // input file, for messages
  player_table players;

  std::vector<rk_game> games;  // k_*, adv_* are filled by the engine
  game_facts facts;
  std::vector<std::string> period_names;  // names for explicit periods (facts.period indexes it)
  std::string season;                     // season label of the last game read, when the input has seasons
  // Rows read past because `input.skip_results` names their result: (result, rows), in the list's order.
  std::vector<std::pair<std::string, size_t>> skipped_results;

  std::vector<rk_entry> entries;
  // Team matches only (else empty): each entry's share of its match, in (0, 1].
  std::vector<double> weights;
  std::vector<rk_event> events;  // begin and end count the entries handed to a sink
  std::vector<event_info> event_infos;  // of every event, kept when the events are handed over
  // With input.sort (keep_seeds): each game's declared ratings of A and B (NaN: none), two per
  // game, so a player is seeded by his first game by date rather than the first one read.
  bool keep_seeds = false;
  std::vector<double> seeds;

  bool ranked() const noexcept { return !events.empty(); }

  // Games and ranked entries added so far, including those already handed to a sink.
  size_t game_count() const noexcept { return handed_over_ + games.size(); }
  size_t entry_count() const noexcept { return entries_handed_ + entries.size(); }
  // The period of the last game added, -1 when none.
  int32_t last_period() const noexcept { return last_period_; }

  // From now on, every `piece` games added go to `sink`, which takes them
  // out (readers must not look back at earlier games), and so do the events
  // closed once their entries reach `piece`; flush() hands the rest.
  void stream_to(game_sink sink, size_t piece);
  void flush();
  // Room for `rows` more games (at most a piece when streaming).
  void reserve_games(size_t rows);
  // Room for `rows` more entries (at most a piece when streaming; the rest is
  // what the sink may expect in all).
  void reserve_entries(size_t rows);
  // Entries expected in all, for the side that keeps them.
  size_t expected_entries() const noexcept { return expected_entries_; }

  // Closes a ranked event whose entries [e.begin, e.end) (counted by
  // entry_count()) were added.
  void add_event(const rk_event& e, event_info info) {
    events.push_back(e);
    event_infos.push_back(std::move(info));
    if (piece_ && entries.size() >= piece_) flush();
  }

  // Appends a game and its facts, keeping the parallel arrays in step.
  void add_game(const rk_game& g, const game_fact& f) {
    games.push_back(g);
    facts.date.push_back(f.date);
    facts.period.push_back(f.period);
    facts.week.push_back(f.week);
    facts.home.push_back(f.home);
    facts.tag.push_back(f.tag);
    facts.line.push_back(f.line);
    last_period_ = f.period;
    if (games.size() == piece_) flush();
  }

 private:
  game_sink sink_;
  size_t piece_ = 0;  // 0: not streaming
  size_t handed_over_ = 0, entries_handed_ = 0, expected_entries_ = 0;
  int32_t last_period_ = -1;
};

// rk_game with the defaults every reader starts from: no points, no advantage, no handicap.
inline rk_game make_game(int32_t a, int32_t b, double score_a) {
  return rk_game{a, b, score_a, nan_value, nan_value, 0.0, 0.0, 0.0, 0.0, 0.0, 0u, 0u};
}

}  // namespace ratekit
