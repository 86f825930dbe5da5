// A helper thread does half of the work: both halves are done when both()
// returns, even when one of them throws, and a failure comes back once.
#include "output/background/helper_thread.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_helper_thread {

using namespace ratekit;

namespace {

void slowly(std::atomic<int>& done) {
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  done = 1;
}

}  // namespace

TEST_CASE("a helper does its half while the caller does the other", "[thread]") {
  helper_thread helper;
  for (int round = 0; round < 100; ++round) {
    int mine = 0, theirs = 0;
    helper.both([&] { mine = round; }, [&] { theirs = round + 1; });
    CHECK(mine == round);
    CHECK(theirs == round + 1);
  }
}

TEST_CASE("when one half throws, both() still waits for the other, then rethrows", "[thread]") {
  helper_thread helper;
  std::atomic<int> done{0};
  SECTION("the caller's half") {
    CHECK_THROWS_WITH(helper.both([] { throw std::runtime_error("mine"); }, [&] { slowly(done); }), "mine");
    CHECK(done == 1);  // the helper's half finished before the caller went on
  }
  SECTION("the helper's half") {
    CHECK_THROWS_WITH(helper.both([&] { slowly(done); }, [] { throw std::runtime_error("theirs"); }), "theirs");
    CHECK(done == 1);
  }
  SECTION("both: the caller's comes back") {
    CHECK_THROWS_WITH(helper.both([] { throw std::runtime_error("mine"); }, [] { throw std::runtime_error("theirs"); }),
                      "mine");
  }
  // A failure is reported once: the helper works on.
  int theirs = 0;
  CHECK_NOTHROW(helper.both([] {}, [&] { theirs = 1; }));
  CHECK(theirs == 1);
}

}  // namespace test_helper_thread
