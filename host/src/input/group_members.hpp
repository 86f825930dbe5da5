// Each player once per group (an event, a contest, a match) without a set per
// group: the number of the last group each player was met in, and the line.
#pragma once

#include <cstdint>
#include <vector>

namespace ratekit::text {

class group_members {
 public:
  void next_group() { ++group_; }
  // Whether `id` is met for the first time in this group; if so he is marked
  // as met on `line`.
  bool first(int32_t id, int line) {
    if (size_t(id) >= group_of_.size()) {
      group_of_.resize(size_t(id) + 1, 0);
      line_of_.resize(size_t(id) + 1, 0);
    }
    if (group_of_[size_t(id)] == group_) return false;
    group_of_[size_t(id)] = group_, line_of_[size_t(id)] = line;
    return true;
  }
  // The line `id` was first met on in this group.
  int line(int32_t id) const { return line_of_[size_t(id)]; }

 private:
  std::vector<int32_t> group_of_, line_of_;
  int32_t group_ = 0;
};

}  // namespace ratekit::text
