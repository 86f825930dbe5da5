// ttt's incremental schedule (docs/plugins/ttt.md, "Incremental runs"), the end of warm_start_state: the
// earlier fit's messages are converged everywhere but near the batches that hold new entries, so those are
// swept first, each pass a backward then a forward pass over the window's batches alone. The window grows along
// the players' chains: a batch whose beliefs moved by more than epsilon brings in the batches of its players'
// previous and next skills. It stops when a pass leaves the window as it was (no batch that moved by more
// than epsilon has a neighbour outside it: what is left to settle is the whole history's slow common drift,
// the whole sweeps' work), when it holds half the history's skills (whole sweeps then cost hardly more), or
// after `iterations` passes. The whole sweeps in the package's order follow as in any run; the host counts
// only those.
// Included at the end of ttt.hpp.
#pragma once

namespace ratekit::plugins {

inline uint64_t ttt::batch_of_slot(uint32_t s) const {
  return uint64_t(std::upper_bound(slots_.batch_begin.begin(), slots_.batch_begin.end(), s) -
                  slots_.batch_begin.begin()) - 1;
}

inline void ttt::settle_window(std::vector<char>& in_window) {
  const uint64_t batches = history_.batch_count;
  if (batches < 2) return;  // one batch: the sweep converges it
  std::vector<char> moved(batches, 0);
  for (uint64_t passes = 0; passes < iterations_; ++passes) {
    uint64_t window_slots = 0;
    for (uint64_t b = 0; b < batches; ++b)
      if (in_window[b]) window_slots += slots_.batch_begin[b + 1] - slots_.batch_begin[b];
    if (window_slots == 0 || 2 * window_slots >= slots_.slots()) return;
    window_pass(in_window, moved);
    bool grew = false;
    for (uint64_t b = 0; b < batches; ++b) {
      if (!moved[b]) continue;
      for (uint32_t s = slots_.batch_begin[b]; s < slots_.batch_begin[b + 1]; ++s)
        for (const uint32_t linked : {slots_.previous[s], slots_.next[s]}) {
          if (linked == ttt_math::skill_slots::none) continue;
          char& joined = in_window[batch_of_slot(linked)];
          grew = grew || !joined;
          joined = 1;
        }
    }
    if (!grew) return;
  }
}

// One windowed pass; `moved` marks the window's batches whose beliefs moved by more than epsilon in it.
inline void ttt::window_pass(const std::vector<char>& in_window, std::vector<char>& moved) {
  const uint64_t batches = history_.batch_count;
  std::vector<ttt_math::change> step(batches);
  for (uint64_t b = batches; b-- > 0;)
    if (in_window[b]) pass_measured(b, step[b], &ttt::receive_backward);
  for (uint64_t b = 0; b < batches; ++b)
    if (in_window[b]) pass_measured(b, step[b], &ttt::receive_forward);
  for (uint64_t b = 0; b < batches; ++b) moved[b] = in_window[b] && std::max(step[b].mu, step[b].sigma) > epsilon_;
}

}  // namespace ratekit::plugins
