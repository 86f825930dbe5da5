// Where the files a run streams while its games are rated (the report) go: a
// folder's files for the CLI, or texts kept in memory for a program that asked
// for no files (the Python module's results). The writers stream alike into both.
#pragma once

#include <ratekit/host/output/background/output_stream.hpp>
#include <ratekit/host/output/files/output_text.hpp>

#include <deque>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ratekit {

class output_sink {
 public:
  // Into the folder `dir`; empty: kept in memory.
  explicit output_sink(std::filesystem::path dir) : dir_(std::move(dir)) {}
  output_sink(const output_sink&) = delete;
  output_sink& operator=(const output_sink&) = delete;

  bool in_memory() const { return dir_.empty(); }
  const std::filesystem::path& dir() const { return dir_; }
  // The file `name` (report.csv), empty: a file of the folder written on a thread of its own, or a text in memory
  // (one opened again, by a run rated again, starts empty).
  std::unique_ptr<output_stream> open(const std::string& name);
  // The texts kept in memory, in the order they were first opened; none for a folder.
  std::vector<output_text> take_texts();

 private:
  const std::filesystem::path dir_;
  std::deque<output_text> kept_;  // a deque: the streams hold references into it
};

}  // namespace ratekit
