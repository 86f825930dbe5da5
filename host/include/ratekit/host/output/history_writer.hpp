// history.csv written while the games are rated: the engine hands each batch of
// rated games over (rated_games_sink), a thread of the writer's own formats
// its rows and a second one writes them, so the rating loop waits neither for
// formatting nor for the disk, and no game is kept once its rows are out.
// Memory: the players' names, a few batches and three buffers of text.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include <condition_variable>
#include <deque>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ratekit {

class background_file;

class history_writer final : public rated_games_sink {
 public:
  // Writes `file` (created on the first batch) for a run of `config` with model `model`.
  history_writer(std::filesystem::path file, const competition_config& config, const rk_descriptor& model);
  ~history_writer() override;  // stops the thread; a run that failed leaves the file to its staging folder
  history_writer(const history_writer&) = delete;
  history_writer& operator=(const history_writer&) = delete;

  void take(rated_games& games) override;
  unsigned streams() const override { return streams_history; }
  // Waits for every row to be written and closes the file; an I/O error is a user_error.
  void finish();

 private:
  struct batch;
  void run();
  void format(const batch& b, size_t begin, size_t end, std::string& text);  // the rows of games [begin, end)
  void stop();

  static constexpr size_t in_flight = 3;  // batches queued before take() waits
  static constexpr size_t slice = 8192;   // games formatted into one buffer of text (about 2 MB)

  const std::filesystem::path file_;
  const period_kind kind_;
  const std::vector<size_t> layout_;  // the columns written (history_layout)
  const std::string header_;
  std::vector<std::string> names_, period_names_;  // the writer thread's own copies
  std::unique_ptr<background_file> out_;          // opened with the first batch

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<batch>> full_;
  std::vector<std::unique_ptr<batch>> empty_;
  size_t made_ = 0;
  bool done_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace ratekit
