#include <ratekit/host/run/progress.hpp>

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

namespace ratekit {

using clock = std::chrono::steady_clock;

progress::progress(bool enabled) : enabled_(enabled) {
  if (enabled_) timer_ = std::thread([this] { loop(); });
}

progress::~progress() {
  if (!enabled_) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  timer_.join();
  if (drawn_) std::fputs("\r\033[K", stderr);
}

void progress::phase(std::string name, uint64_t total, std::string unit) {
  std::lock_guard lock(mutex_);
  close_phase();
  name_ = std::move(name);
  unit_ = std::move(unit);
  total_ = total;
  phase_start_ = clock::now();
  done_.store(0, std::memory_order_relaxed);
}

double progress::phase_seconds() {
  std::lock_guard lock(mutex_);
  return std::chrono::duration<double>(clock::now() - phase_start_).count();
}

// Called with the mutex held.
void progress::close_phase() {
  const auto now = clock::now();
  if (!name_.empty()) timings_ += (timings_.empty() ? "" : ", ") + name_ + fmt::format(" {:.3f} s", std::chrono::duration<double>(now - phase_start_).count());
  name_.clear();
  phase_start_ = now;
}

std::string progress::finish() {
  std::lock_guard lock(mutex_);
  close_phase();
  return timings_;
}

void progress::loop() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; }))
    if (clock::now() - start_ >= std::chrono::seconds(1)) draw();
}

// Called with the mutex held.
void progress::draw() {
  const auto now = clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double in_phase = std::chrono::duration<double>(now - phase_start_).count();
  char line[256];
  if (total_ > 0) {
    const uint64_t done = done_.load(std::memory_order_relaxed);
    const double rate = in_phase > 0 ? double(done) / in_phase : 0;
    const double eta = rate > 0 ? double(total_ - std::min(done, total_)) / rate : 0;
    std::snprintf(line, sizeof line, "%s: %llu/%llu %s, %.0f %s/s, ETA %.0f s (%.1f s)", name_.c_str(),
                  static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), unit_.c_str(), rate,
                  unit_.c_str(), eta, elapsed);
  } else if (!unit_.empty()) {
    const uint64_t done = done_.load(std::memory_order_relaxed);
    std::snprintf(line, sizeof line, "%s: %llu %s, %.0f %s/s (%.1f s)", name_.c_str(),
                  static_cast<unsigned long long>(done), unit_.c_str(), in_phase > 0 ? double(done) / in_phase : 0.0,
                  unit_.c_str(), elapsed);
  } else {
    std::snprintf(line, sizeof line, "%s... (%.1f s)", name_.c_str(), elapsed);
  }
  std::fprintf(stderr, "\r\033[K%s", line);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace ratekit
