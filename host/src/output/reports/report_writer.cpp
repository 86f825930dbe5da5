#include <ratekit/host/output/reports/report_writer.hpp>
#include <ratekit/host/text/diagnostics.hpp>

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

// Each file's text, to its stream.
void hand_over(report_text& text, output_stream& csv, output_stream& periods, output_stream& markdown) {
  if (!text.csv.empty()) csv.write(text.csv);
  if (!text.periods_csv.empty()) periods.write(text.periods_csv);
  if (!text.markdown.empty()) markdown.write(text.markdown);
}

// The report's spills: files of memory when its files are kept in memory too.
spill_place report_spill_place(const output_sink& out) {
  return out.in_memory() ? spill_place::memory : spill_place::temporary_file;
}

}  // namespace

report_writer::report_writer(output_sink& out, const plugin& model, size_t bucket_bytes)
    : out_(out),
      columns_(model.game_columns()),
      bucket_bytes_(bucket_bytes),
      spill_("the report", report_spill_place(out)) {}

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

namespace {

// Buckets of players of contiguous ranks: bucket b holds ranks [first[b], first[b + 1])
// and bytes [at[b], at[b + 1]) of the dealt file; slot: a player's first record in his bucket.
struct bucket_plan {
  std::vector<size_t> first{0};
  std::vector<uint64_t> at{0}, slot;
  std::vector<uint32_t> bucket_of;
  size_t count() const { return first.size() - 1; }
};

bucket_plan plan_buckets(const std::vector<int32_t>& order, const std::vector<uint64_t>& sides, size_t record_bytes,
                         size_t bucket_bytes) {
  bucket_plan plan;
  plan.slot.resize(sides.size());
  plan.bucket_of.resize(sides.size());
  uint64_t held = 0;  // records in the bucket being filled
  for (size_t rank = 0; rank < order.size(); ++rank) {
    const auto p = size_t(order[rank]);
    if (held > 0 && (held + sides[p]) * record_bytes > bucket_bytes) {
      plan.first.push_back(rank);
      plan.at.push_back(plan.at.back() + held * record_bytes);
      held = 0;
    }
    plan.bucket_of[p] = uint32_t(plan.first.size() - 1);
    plan.slot[p] = held;
    held += sides[p];
  }
  plan.first.push_back(order.size());
  plan.at.push_back(plan.at.back() + held * record_bytes);
  return plan;
}

// The records of `spill` (`written` bytes) dealt into `dealt`, each bucket's in
// a region of its own, in the order they came (the games' order).
void deal_records(const spill_file& spill, uint64_t written, const bucket_plan& plan, size_t record_bytes,
                  size_t bucket_bytes, spill_file& dealt) {
  if (!dealt.open()) throw user_error("cannot create a temporary file for the report");
  const size_t buckets = plan.count();
  const size_t per = std::max<size_t>(1, bucket_bytes / buckets / record_bytes) * record_bytes;
  std::vector<std::vector<char>> out(buckets);
  std::vector<uint64_t> cursor(plan.at.begin(), plan.at.end() - 1);
  const auto drain = [&](size_t b) {
    dealt.write(out[b].data(), out[b].size(), cursor[b]);
    cursor[b] += out[b].size();
    out[b].clear();
  };
  std::vector<char> chunk(std::max<size_t>(1, read_bytes / record_bytes) * record_bytes);
  for (uint64_t offset = 0; offset < written; offset += chunk.size()) {
    const size_t size = size_t(std::min<uint64_t>(chunk.size(), written - offset));
    spill.read(chunk.data(), size, offset);
    for (size_t k = 0; k < size; k += record_bytes) {
      const size_t b = plan.bucket_of[size_t(record_at(chunk.data() + k).player)];
      out[b].insert(out[b].end(), chunk.data() + k, chunk.data() + k + record_bytes);
      if (out[b].size() >= per) drain(b);
    }
  }
  for (size_t b = 0; b < buckets; ++b)
    if (!out[b].empty()) drain(b);
}

// One bucket's records, read and put in order (each player's in the order they
// came), turned into report text player by player.
class bucket_text {
 public:
  bucket_text(const run_result& run, const std::vector<int32_t>& order, const std::vector<uint64_t>& sides,
              size_t record_bytes, size_t shown, size_t extra_count)
      : run_(run), order_(order), sides_(sides), record_bytes_(record_bytes), shown_(shown), count_(extra_count) {}

  // Bucket `b`'s bytes [at[b], at[b + 1]) of `from`, sorted through the plan's slots.
  void load(const spill_file& from, bucket_plan& plan, size_t b) {
    const auto bytes = size_t(plan.at[b + 1] - plan.at[b]);
    region_.resize(bytes / sizeof(double));
    from.read(region_.data(), bytes, plan.at[b]);
    base_ = reinterpret_cast<const char*>(region_.data());
    sorted_.resize(bytes / record_bytes_);
    for (size_t k = 0; k < sorted_.size(); ++k)
      sorted_[plan.slot[size_t(record_at(base_ + k * record_bytes_).player)]++] = uint32_t(k);
  }

  // The players of ranks [rank, end), whose records start at k, into `into`.
  void write_players(report_text& into, std::vector<report_side>& sides, size_t rank, size_t end, size_t k) const {
    const player_table& players = run_.data.players;
    for (; rank < end; ++rank) {
      const int32_t p = order_[rank];
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
        const auto* state = reinterpret_cast<const double*>(record(k - 1) + sizeof last) + count_;
        into.period(period_label(run_.period, head.date, head.input_period, run_.data.period_names, head.game),
                    name, sides.data(), sides.size(), last.after, shown_ ? state : nullptr);
      }
    }
  }

 private:
  const char* record(size_t k) const { return base_ + size_t(sorted_[k]) * record_bytes_; }

  const run_result& run_;
  const std::vector<int32_t>& order_;
  const std::vector<uint64_t>& sides_;
  const size_t record_bytes_, shown_, count_;
  std::vector<double> region_;  // doubles, so the values after each record are aligned
  std::vector<uint32_t> sorted_;
  const char* base_ = nullptr;
};

}  // namespace

void report_writer::finish(const run_result& run, const competition_config& config) {
  if (!run.report_streamed || run.data.ranked()) return;
  flush();
  const player_table& players = run.data.players;
  const size_t n = size_t(players.size());
  sides_.resize(n);
  std::vector<int32_t> order;
  for (size_t p = 0; p < n; ++p)
    if (sides_[p]) order.push_back(int32_t(p));
  order_by_rating(order, run.state.rating(), players);
  bucket_plan plan = plan_buckets(order, sides_, record_bytes_, bucket_bytes_);
  buckets_ = plan.count();
  // More than one bucket: the records are dealt into a second file.
  spill_file dealt("the report", report_spill_place(out_));
  const spill_file* from = &spill_;
  if (buckets_ > 1) deal_records(spill_, written_, plan, record_bytes_, bucket_bytes_, dealt), from = &dealt;

  // Bucket by bucket, written out period block by period block, in slices of
  // players two at a time: one here, the next on a helper thread. Each
  // thread's text and rows on cache lines of their own (alignas): the two
  // threads append to them row after row.
  alignas(64) report_text text(run, config);
  alignas(64) report_text next(run, config);
  next.csv.clear(), next.periods_csv.clear(), next.markdown.clear();  // the headers are text's
  std::mutex model_calls;
  text.share_model(model_calls), next.share_model(model_calls);
  helper_thread helper;
  const std::unique_ptr<output_stream> csv = out_.open("report.csv"), periods = out_.open("periods.csv"),
                                       markdown = out_.open("report.md");
  // A slice: about 2,700 records with the default budget, 2 to 3 MB of text.
  const size_t slice_records = std::max<size_t>(1, bucket_bytes_ / record_bytes_ / 256);
  alignas(64) std::vector<report_side> rows;
  alignas(64) std::vector<report_side> next_rows;
  bucket_text bucket(run, order, sides_, record_bytes_, shown_, text.column_count());
  for (size_t b = 0; b < buckets_; ++b) {
    bucket.load(*from, plan, b);
    // The end of the slice from `rank` (at least one player), and the records it holds.
    const auto slice_end = [&](size_t rank, size_t& records) {
      for (records = 0; rank < plan.first[b + 1] && (records == 0 || records < slice_records); ++rank)
        records += size_t(sides_[size_t(order[rank])]);
      return rank;
    };
    for (size_t rank = plan.first[b], k = 0; rank < plan.first[b + 1];) {
      size_t mine = 0, theirs = 0;
      const size_t middle = slice_end(rank, mine), end = slice_end(middle, theirs);
      if (middle < end)
        helper.both([&] { bucket.write_players(text, rows, rank, middle, k); },
                    [&] { bucket.write_players(next, next_rows, middle, end, k + mine); });
      else
        bucket.write_players(text, rows, rank, middle, k);
      hand_over(text, *csv, *periods, *markdown);
      hand_over(next, *csv, *periods, *markdown);
      rank = end, k += mine + theirs;
    }
  }
  hand_over(text, *csv, *periods, *markdown);  // the headers of a report without games
  csv->close();
  periods->close();
  markdown->close();
}

}  // namespace ratekit
