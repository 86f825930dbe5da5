#include "team_chances.hpp"

#include <ratekit/host/text/format.hpp>

#include <string>

namespace ratekit {

namespace {

// A plugin is native code we did not write: every chance of a call's tables
// (k teams) must be a probability, and a pair's chances that either finishes
// ahead and that they tie cannot add up to more than 1; a little more is
// allowed for an approximate normal distribution's errors (the references'
// is good to 1.2e-7).
void check_chances(const double* beats, const double* draws, size_t k) {
  for (const double* chances : {beats, draws})
    for (size_t c = 0; c < k * k; ++c)
      if (!(chances[c] >= 0 && chances[c] <= 1))
        throw plugin_error("a team's chance is not a probability: " + std::to_string(chances[c]), -1);
  constexpr double slack = 1e-6;
  for (size_t i = 0; i < k; ++i)
    for (size_t j = i + 1; j < k; ++j)
      if (const double ahead = beats[i * k + j], behind = beats[j * k + i], tie = draws[i * k + j];
          ahead + behind + tie > 1 + slack)
        throw plugin_error("a pair of teams' chances add up to " + format_number(ahead + behind + tie) +
                               ", more than 1: " + format_number(ahead) + " that one finishes ahead, " +
                               format_number(behind) + " that the other does, " + format_number(tie) +
                               " that they tie",
                           -1);
}

}  // namespace

match_chances::match_chances(const model& m, const double* states, const uint32_t* team_of, const double* weights,
                             size_t n)
    : model_(m),
      states_(states),
      teams_(team_of),
      weights_(weights),
      fields_(m.source().descriptor().state_count) {
  start_.push_back(0);
  for (size_t p = 1; p < n; ++p)
    if (team_of[p] != team_of[p - 1]) start_.push_back(p);
  start_.push_back(n);
  if (teams() <= table_teams) ask(0, teams(), teams(), teams());
}

void match_chances::ask(size_t a, size_t a_end, size_t b, size_t b_end) {
  a_ = a, a_end_ = a_end, b_ = b, asked_ = (a_end - a) + (b_end - b);
  beats_.resize(asked_ * asked_), draws_.resize(asked_ * asked_);
  const size_t players = start_[a_end] - start_[a] + start_[b_end] - start_[b];
  if (a == 0 && a_end == teams()) {  // the whole match, as it is
    model_.expect_teams(states_, teams_, weights_, players, beats_.data(), draws_.data());
    return check_chances(beats_.data(), draws_.data(), asked_);
  }
  states_asked_.clear(), weights_asked_.clear(), teams_asked_.clear();
  for (const auto [from, to, first] : {std::array{a, a_end, size_t(0)}, std::array{b, b_end, a_end - a}})
    for (size_t p = start_[from]; p < start_[to]; ++p) {
      states_asked_.insert(states_asked_.end(), states_ + p * fields_, states_ + (p + 1) * fields_);
      weights_asked_.push_back(weights_ ? weights_[p] : 1.0);
      teams_asked_.push_back(uint32_t(teams_[p] - from + first));
    }
  model_.expect_teams(states_asked_.data(), teams_asked_.data(), weights_ ? weights_asked_.data() : nullptr, players,
                      beats_.data(), draws_.data());
  check_chances(beats_.data(), draws_.data(), asked_);
}

team_pair_chances match_chances::read(size_t i, size_t j) const {
  const auto at = [&](size_t t) { return t < a_end_ ? t - a_ : t - b_ + (a_end_ - a_); };
  const size_t x = at(i), y = at(j);
  return {beats_[x * asked_ + y], beats_[y * asked_ + x], draws_[x * asked_ + y]};
}

team_pair_chances match_chances::pair(size_t i, size_t j) {
  if (teams() > table_teams) ask(i, i + 1, j, j + 1);
  return read(i, j);
}

}  // namespace ratekit
