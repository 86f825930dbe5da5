// Progress of a long `ratekit run` on stderr: the phase, and for phases with a
// count (recording into the database) items done, items per second and ETA;
// at the end each phase's own time.
// A timer thread reads an atomic counter, so the work itself pays nothing; it
// draws only on a terminal and only once a run has lasted a second.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace ratekit {

class progress {
 public:
  // Draws nothing unless `enabled` (stderr is a terminal and logging is on).
  explicit progress(bool enabled);
  ~progress();  // stops the timer and clears the line
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;

  // Starts a phase; a `unit` gives it a count read from counter(), shown with
  // its rate, and `total` > 0 an ETA too (a stream's total is known only at its end).
  void phase(std::string name, uint64_t total = 0, std::string unit = "");
  // Seconds since the current phase started.
  double phase_seconds();
  std::atomic<uint64_t>& counter() { return done_; }
  // Ends the last phase; each phase's name and time, as "reading 0.412 s, writing 0.050 s".
  std::string finish();

 private:
  void loop();
  void draw();
  void close_phase();

  const bool enabled_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  bool drawn_ = false;
  std::string name_, unit_, timings_;
  uint64_t total_ = 0;
  std::chrono::steady_clock::time_point phase_start_ = start_;
  std::atomic<uint64_t> done_{0};
  std::thread timer_;
};

}  // namespace ratekit
