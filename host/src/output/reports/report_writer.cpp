#include <ratekit/host/output/reports/report_writer.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "output/background/background_file.hpp"
#include "output/background/helper_thread.hpp"
#include "output/files/rating_order.hpp"
#include "output/reports/report_rows.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace ratekit {
namespace {

// One player's side of one game as report_writer keeps it until the run ends;
// the model's extra columns and the shown state fields follow it, a double each.
struct side_record {
  uint64_t game;    // the run's index of the game
  uint64_t period;  // the run's rating period, counted from 0
  int32_t player, opponent;
  int32_t date, input_period;  // what the period's label is made of
  double mine, theirs, expected, score, k, change, after;
};
static_assert(sizeof(side_record) % sizeof(double) == 0, "the doubles after a record stay aligned");

constexpr size_t spill_bytes = size_t(1) << 20;  // records spilled at a time
constexpr size_t read_bytes = size_t(4) << 20;   // records read at a time when dealing them

side_record record_at(const char* bytes) {
  side_record r;
  std::memcpy(&r, bytes, sizeof r);
  return r;
}

// Each file's text, to its writer.
void hand_over(report_text& text, background_file& csv, background_file& periods, background_file& markdown) {
  if (!text.csv.empty()) csv.write(text.csv);
  if (!text.periods_csv.empty()) periods.write(text.periods_csv);
  if (!text.markdown.empty()) markdown.write(text.markdown);
}

}  // namespace

report_writer::report_writer(std::filesystem::path dir, const plugin& model, size_t bucket_bytes)
    : dir_(std::move(dir)),
      columns_(model.game_columns()),
      bucket_bytes_(bucket_bytes) {}

void report_writer::take(rated_games& g) {
  const size_t count = columns_ ? columns_->count : 0;
  if (record_bytes_ == 0) {
    shown_ = g.shown;
    record_bytes_ = sizeof(side_record) + (count + shown_) * sizeof(double);
  }
  size_t p = 0;  // the batch's period of game i
  for (size_t i = 0; i < g.count; ++i) {
    if (g.ends)
      while (i >= g.ends[p]) ++p;
    const rk_game& game = g.games[i];
    const rk_game_out& o = g.out[i];
    const size_t most = size_t(std::max(game.a, game.b));
    if (most >= sides_.size()) sides_.resize(most + 1);
    for (const bool is_a : {true, false}) {
      const side_record r{g.first + i,
                          periods_ + (g.ends ? p : i),
                          is_a ? game.a : game.b,
                          is_a ? game.b : game.a,
                          g.dates[i],
                          g.periods[i],
                          is_a ? g.before_a[i] : g.before_b[i],
                          is_a ? g.before_b[i] : g.before_a[i],
                          is_a ? o.expected_a : o.expected_b,
                          is_a ? game.score_a : 1 - game.score_a,
                          is_a ? game.k_a : game.k_b,
                          is_a ? o.delta_a : o.delta_b,
                          is_a ? g.after_a[i] : g.after_b[i]};
      ++sides_[size_t(r.player)];
      const size_t at = pending_.size();
      pending_.resize(at + record_bytes_);
      char* to = pending_.data() + at;
      std::memcpy(to, &r, sizeof r);
      auto* extra = reinterpret_cast<double*>(to + sizeof r);
      if (count) report_column_values(*g.rater, g.first + i, game, is_a, r.mine, r.theirs, extra);
      if (shown_) std::memcpy(extra + count, g.state + (2 * i + (is_a ? 0 : 1)) * shown_, shown_ * sizeof(double));
    }
    if (pending_.size() >= spill_bytes) flush();
  }
  periods_ += g.period_count;
}

void report_writer::flush() {
  if (pending_.empty()) return;
  if (!spill_.open()) throw user_error("cannot create a temporary file for the report");
  spill_.write(pending_.data(), pending_.size(), written_);
  written_ += pending_.size();
  pending_.clear();
}

void report_writer::finish(const run_result& run) {
  if (!run.report_streamed || run.data.ranked()) return;
  flush();
  const player_table& players = run.data.players;
  const size_t n = size_t(players.size());
  sides_.resize(n);
  const double* rating = run.state.rating();
  std::vector<int32_t> order;
  for (size_t p = 0; p < n; ++p)
    if (sides_[p]) order.push_back(int32_t(p));
  order_by_rating(order, rating, players);
  // Buckets of players of contiguous ranks: bucket b holds ranks [first[b], first[b + 1])
  // and bytes [at[b], at[b + 1]) of the dealt file; slot: a player's first record in his bucket.
  std::vector<size_t> first{0};
  std::vector<uint64_t> at{0}, slot(n);
  std::vector<uint32_t> bucket_of(n);
  uint64_t held = 0;  // records in the bucket being filled
  for (size_t rank = 0; rank < order.size(); ++rank) {
    const auto p = size_t(order[rank]);
    if (held > 0 && (held + sides_[p]) * record_bytes_ > bucket_bytes_) {
      first.push_back(rank);
      at.push_back(at.back() + held * record_bytes_);
      held = 0;
    }
    bucket_of[p] = uint32_t(first.size() - 1);
    slot[p] = held;
    held += sides_[p];
  }
  first.push_back(order.size());
  at.push_back(at.back() + held * record_bytes_);
  buckets_ = first.size() - 1;

  // More than one bucket: the records are dealt into a second file, each
  // bucket's in a region of its own, in the order they came (the games' order).
  spill_file dealt("the report");
  const spill_file* from = &spill_;
  if (buckets_ > 1) {
    if (!dealt.open()) throw user_error("cannot create a temporary file for the report");
    const size_t per = std::max<size_t>(1, bucket_bytes_ / buckets_ / record_bytes_) * record_bytes_;
    std::vector<std::vector<char>> out(buckets_);
    std::vector<uint64_t> cursor(at.begin(), at.end() - 1);
    const auto drain = [&](size_t b) {
      dealt.write(out[b].data(), out[b].size(), cursor[b]);
      cursor[b] += out[b].size();
      out[b].clear();
    };
    std::vector<char> chunk(std::max<size_t>(1, read_bytes / record_bytes_) * record_bytes_);
    for (uint64_t offset = 0; offset < written_; offset += chunk.size()) {
      const size_t size = size_t(std::min<uint64_t>(chunk.size(), written_ - offset));
      spill_.read(chunk.data(), size, offset);
      for (size_t k = 0; k < size; k += record_bytes_) {
        const size_t b = bucket_of[size_t(record_at(chunk.data() + k).player)];
        out[b].insert(out[b].end(), chunk.data() + k, chunk.data() + k + record_bytes_);
        if (out[b].size() >= per) drain(b);
      }
    }
    for (size_t b = 0; b < buckets_; ++b)
      if (!out[b].empty()) drain(b);
    from = &dealt;
  }

  // Bucket by bucket: its records read, put in order (each player's in the
  // order they came), and written out period block by period block, in
  // slices of players two at a time: one here, the next on a helper thread.
  // Each thread's text and rows on cache lines of their own (alignas): the two
  // threads append to them row after row.
  alignas(64) report_text text(run);
  alignas(64) report_text next(run);
  next.csv.clear(), next.periods_csv.clear(), next.markdown.clear();  // the headers are text's
  std::mutex model_calls;
  text.share_model(model_calls), next.share_model(model_calls);
  helper_thread helper;
  background_file csv(dir_ / "report.csv"), periods(dir_ / "periods.csv"), markdown(dir_ / "report.md");
  const size_t count = text.column_count();
  // A slice: about 2,700 records with the default budget, 2 to 3 MB of text.
  const size_t slice_records = std::max<size_t>(1, bucket_bytes_ / record_bytes_ / 256);
  std::vector<double> region;  // doubles, so the values after each record are aligned
  std::vector<uint32_t> sorted;
  alignas(64) std::vector<report_side> rows;
  alignas(64) std::vector<report_side> next_rows;
  for (size_t b = 0; b < buckets_; ++b) {
    const auto bytes = size_t(at[b + 1] - at[b]);
    region.resize(bytes / sizeof(double));
    from->read(region.data(), bytes, at[b]);
    const char* base = reinterpret_cast<const char*>(region.data());
    const auto record = [&](size_t k) { return base + size_t(sorted[k]) * record_bytes_; };
    sorted.resize(bytes / record_bytes_);
    for (size_t k = 0; k < sorted.size(); ++k)
      sorted[slot[size_t(record_at(base + k * record_bytes_).player)]++] = uint32_t(k);
    // The players of ranks [rank, end), whose records start at k, into `into`.
    const auto write_players = [&](report_text& into, std::vector<report_side>& sides, size_t rank, size_t end,
                                   size_t k) {
      for (; rank < end; ++rank) {
        const int32_t p = order[rank];
        const std::string& name = players.name(p);
        into.player(name);
        for (const size_t last_k = k + size_t(sides_[size_t(p)]); k < last_k;) {
          const side_record head = record_at(record(k));
          side_record last = head;
          sides.clear();
          for (; k < last_k; ++k) {
            const side_record r = record_at(record(k));
            if (r.period != head.period) break;
            const auto* extra = reinterpret_cast<const double*>(record(k) + sizeof r);
            sides.push_back({&players.name(r.opponent), r.mine, r.theirs, r.expected, r.score, r.k, r.change, extra});
            last = r;
          }
          const auto* state = reinterpret_cast<const double*>(record(k - 1) + sizeof last) + count;
          into.period(period_label(run.config.period, head.date, head.input_period, run.data.period_names, head.game),
                      name, sides.data(), sides.size(), last.after, shown_ ? state : nullptr);
        }
      }
    };
    // The end of the slice from `rank` (at least one player), and the records it holds.
    const auto slice_end = [&](size_t rank, size_t& records) {
      for (records = 0; rank < first[b + 1] && (records == 0 || records < slice_records); ++rank)
        records += size_t(sides_[size_t(order[rank])]);
      return rank;
    };
    for (size_t rank = first[b], k = 0; rank < first[b + 1];) {
      size_t mine = 0, theirs = 0;
      const size_t middle = slice_end(rank, mine), end = slice_end(middle, theirs);
      if (middle < end)
        helper.both([&] { write_players(text, rows, rank, middle, k); },
                    [&] { write_players(next, next_rows, middle, end, k + mine); });
      else
        write_players(text, rows, rank, middle, k);
      hand_over(text, csv, periods, markdown);
      hand_over(next, csv, periods, markdown);
      rank = end, k += mine + theirs;
    }
  }
  hand_over(text, csv, periods, markdown);  // the headers of a report without games
  csv.close();
  periods.close();
  markdown.close();
}

}  // namespace ratekit
