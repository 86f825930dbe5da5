// history.csv written while the games are rated: the engine hands each batch of
// rated games over (rated_games_sink, on a sink_thread of its own), the writer
// formats its rows there and on a helper thread (formatting is the slowest
// stage of a run that writes them), and a background_file writes them, so
// formatting and the disk overlap, and no game is kept once its rows are out.
// Memory: the players' names, two buffers of text and the background_file's.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ratekit {

class background_file;
class helper_thread;

class history_writer final : public rated_games_sink {
 public:
  // Writes `file` (created on the first batch) for a run of `config` with model `model`.
  history_writer(std::filesystem::path file, const competition_config& config, const rk_descriptor& model);
  ~history_writer() override;  // a run that failed leaves the file to its staging folder
  history_writer(const history_writer&) = delete;
  history_writer& operator=(const history_writer&) = delete;

  void take(rated_games& games) override;
  unsigned streams() const override { return streams_history; }
  void take(rated_event& event) override;  // written once a buffer's worth of rows is ready
  void take_events(std::span<rated_event> events) override;  // formatted in two halves, as games are
  unsigned streams_events() const override { return streams_history; }
  // Waits for every row to be written and closes the file; an I/O error is a user_error.
  void finish();

 private:
  void format(const rated_games& g, size_t begin, size_t end, std::string& text) const;  // games [begin, end)
  void format(std::span<const rated_event> events, std::string& text) const;
  void open();

  static constexpr size_t slice = 8192;  // games formatted into one buffer of text (about 2 MB)
  static constexpr size_t event_text = size_t(1) << 21;  // ranked events' rows gathered before a write

  const std::filesystem::path file_;
  const period_kind kind_;
  const std::vector<size_t> layout_;  // the columns written (history_layout)
  const std::string header_;
  std::vector<std::string> names_, period_names_;
  // A cache line each: the two formatting threads append to them row after row.
  alignas(64) std::string text_;
  alignas(64) std::string helper_text_;
  std::unique_ptr<background_file> out_;   // opened with the first batch
  std::unique_ptr<helper_thread> helper_;  // formats every other slice
};

}  // namespace ratekit
