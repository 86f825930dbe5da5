#include <ratekit/host/engine/metrics.hpp>

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cmath>
#include <future>
#include <stdexcept>

namespace ratekit {

namespace {

// Probabilities are kept this far from 0 and 1, so one certain miss cannot make log-loss infinite.
constexpr double probability_floor = 1e-15;

// +1 when A won, -1 when B won, 0 for a tied or partial score (nobody to pick).
int8_t result_of(double score_a) { return score_a == 1.0 ? 1 : score_a == 0.0 ? -1 : 0; }

// A is predicted when its side is higher, B when lower; a prediction tie and a
// game without a winner are misses.
bool picked(double side_a, double side_b, int8_t result) {
  return (side_a > side_b && result > 0) || (side_a < side_b && result < 0);
}

// count(begin, end) summed over [0, n), in two halves at once from `min_split`
// pieces on: when a run's metrics are finished the reader's core is free, and
// a piece (16,384 games) takes far longer than starting a thread.
constexpr size_t min_split = 8;
template <class Count>
int64_t in_two_halves(size_t n, Count&& count) {
  const size_t half = n < min_split ? n : n / 2;
  auto second = std::async(half < n ? std::launch::async : std::launch::deferred, [&] { return count(half, n); });
  return count(0, half) + second.get();
}

nlohmann::json tally(int64_t correct, int64_t count, const char* unit) {
  return {{"correct", correct},
          {unit, count},
          {"accuracy", count ? nlohmann::json(double(correct) / double(count)) : nlohmann::json()}};
}

}  // namespace

void forecast_sums::add(double p, double other, double score) {
  const int8_t result = result_of(score);
  ++count;
  correct += picked(p, other, result);
  const double q = std::clamp(p, probability_floor, 1.0 - probability_floor);
  // A won or lost outright: the other term is 0 times a finite log.
  if (result > 0) log_loss -= std::log(q);
  else if (result < 0) log_loss -= std::log(1.0 - q);
  else log_loss -= score * std::log(q) + (1.0 - score) * std::log(1.0 - q);
  const double miss = p - score;
  brier += miss * miss;
}

nlohmann::json forecast_sums::json(int64_t hindsight_correct, const char* unit) const {
  const nlohmann::json none;
  const double n = double(count);
  nlohmann::json out{{"foresight", tally(correct, count, unit)},
                     {"log_loss", count ? nlohmann::json(log_loss / n) : none},
                     {"brier", count ? nlohmann::json(brier / n) : none}};
  if (hindsight_correct >= 0) out["hindsight"] = tally(hindsight_correct, count, unit);
  return out;
}

void accuracy_accumulator::add(const rk_game& g, int8_t home, const rk_game_out& out) {
  const size_t k = size_t(foresight_.count) % block::size;
  if (k == 0) next_block();
  block& to = *blocks_.back();
  to.a[k] = g.a;
  to.b[k] = g.b;
  to.home[k] = home;
  to.result[k] = result_of(g.score_a);
  foresight_.add(out.expected_a, out.expected_b, g.score_a);
}

void accuracy_accumulator::next_block() {
  if (blocks_.size() <= resident_blocks) {
    blocks_.push_back(std::unique_ptr<block>(new block));  // left uninitialised: filled as games come
    return;
  }
  if (!spill_.open()) {  // without a temporary file the blocks stay in memory
    blocks_.push_back(std::unique_ptr<block>(new block));
    return;
  }
  const block& full = *blocks_.back();
  spill_.write(&full, sizeof full, spilled_ * sizeof(block));
  ++spilled_;
}

int64_t accuracy_accumulator::hindsight_correct(size_t begin, size_t end, const double* final_ratings,
                                                double hindsight_home) const {
  constexpr size_t ahead = 16;  // the ratings are read at random: fetch them early
  const size_t games = size_t(foresight_.count);
  const size_t resident = blocks_.size() - (spilled_ ? 1 : 0);  // the one filling is counted last
  const size_t blocks = resident + spilled_ + (spilled_ ? 1 : 0);
  std::unique_ptr<block> read;
  int64_t correct = 0;
  for (size_t b = begin; b < end; ++b) {
    const block* from = b < resident ? blocks_[b].get() : blocks_.back().get();
    if (b >= resident && b < resident + spilled_) {
      if (!read) read.reset(new block);
      spill_.read(read.get(), sizeof(block), (b - resident) * sizeof(block));
      from = read.get();
    }
    const size_t n = b + 1 < blocks ? block::size : games - b * block::size;  // only the last block is partial
    for (size_t k = 0; k < n; ++k) {
      if (k + ahead < n) {
        __builtin_prefetch(final_ratings + from->a[k + ahead]);
        __builtin_prefetch(final_ratings + from->b[k + ahead]);
      }
      correct += picked(final_ratings[from->a[k]] + from->home[k] * hindsight_home, final_ratings[from->b[k]],
                        from->result[k]);
    }
  }
  return correct;
}

nlohmann::json accuracy_accumulator::finish(const double* final_ratings, double hindsight_home) const {
  const size_t blocks = (size_t(foresight_.count) + block::size - 1) / block::size;
  const int64_t hindsight = in_two_halves(
      blocks, [&](size_t begin, size_t end) { return hindsight_correct(begin, end, final_ratings, hindsight_home); });
  return foresight_.json(hindsight, "games");
}

nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const std::vector<rk_game_out>& out,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home) {
  const size_t n = games.size();
  if (out.size() != n || home.size() != n) throw std::logic_error("accuracy_metrics: the outputs do not match the games");
  accuracy_accumulator a;
  for (size_t i = 0; i < n; ++i) a.add(games[i], home[i], out[i]);
  return a.finish(final_ratings, hindsight_home);
}

forecast_sums forecast_sums::of(double p, double score) {
  forecast_sums one;
  one.add(p, 1 - p, score);
  return one;
}

forecast_sums& forecast_sums::operator+=(const forecast_sums& o) {
  count += o.count, correct += o.correct, log_loss += o.log_loss, brier += o.brier;
  return *this;
}

nlohmann::json pair_accumulator::finish(const double* final_ratings) const {
  const int64_t hindsight = in_two_halves(events_.size(), [&](size_t begin, size_t end) {
    int64_t correct = 0;
    for_each_counted_pair(
        [&](const rk_entry& a, const rk_entry& b) {
          correct += picked(final_ratings[a.player], final_ratings[b.player], result_of(ahead(a, b)));
        },
        begin, end);
    return correct;
  });
  return sample_.counted().json(hindsight, "pairs");
}

void pair_accumulator::entry_log::append(const rk_entry* entries, size_t n) {
  const size_t here = count_ < resident_ ? std::min(n, resident_ - size_t(count_)) : 0;
  kept_.insert(kept_.end(), entries, entries + here);
  if (here < n) {
    if (!spill_.open()) throw user_error("cannot make a temporary file for the ranked metrics");
    spill_.write(entries + here, (n - here) * sizeof(rk_entry), (count_ + here - resident_) * sizeof(rk_entry));
  }
  count_ += n;
}

void pair_accumulator::entry_log::read(uint64_t first, size_t n, std::vector<rk_entry>& out) const {
  out.resize(n);
  const size_t here = first < resident_ ? std::min(n, resident_ - size_t(first)) : 0;
  if (here) std::copy_n(kept_.data() + first, here, out.data());
  if (here < n) spill_.read(out.data() + here, (n - here) * sizeof(rk_entry), (first + here - resident_) * sizeof(rk_entry));
}

}  // namespace ratekit
