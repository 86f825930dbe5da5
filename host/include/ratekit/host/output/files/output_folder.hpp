// A run's output folder is replaced as a set: every file is written into a
// fresh folder beside it, and the two are swapped in one rename, under a lock.
// A reader never sees old and new files side by side, and a file an earlier
// run or command left there does not survive as if it described this run.
#pragma once

#include <filesystem>
#include <vector>

namespace ratekit {

class output_folder {
 public:
  // Creates `dir` when missing and locks it: a second run into the same folder
  // is refused while this one lives. The folder may hold only files ratekit
  // writes (so `--out ~` can never replace a home folder). Leftovers of killed
  // runs beside it are removed.
  explicit output_folder(const std::filesystem::path& dir);
  ~output_folder();  // removes whatever is left in the staging folder, unlocks
  output_folder(const output_folder&) = delete;
  output_folder& operator=(const output_folder&) = delete;

  // The empty folder the run writes its files into.
  const std::filesystem::path& staging() const { return staging_; }
  // Throws unless the staging folder is still the one made for this run: files
  // written into a folder removed from under the run would be lost unseen.
  void check_staging() const;
  // Swaps the staging folder in; the previous set moves to the staging path.
  void publish();
  // Swaps back: the database could not record the run, so neither may the folder.
  void unpublish();
  // For a process ended mid-run (exit() in a plugin, a signal), where no
  // destructor runs: removes the living instance's staging folder and the
  // folder it created. True when the run published, though the instance be
  // gone: its outputs are the run's.
  // Called under run_end_lock(), which publishing and the destructor take too.
  static bool abandon_living() noexcept;

 private:
  void exchange();
  void clean_up() noexcept;
  std::filesystem::path dir_, staging_;
  std::vector<std::filesystem::path> created_;  // the folder and the parents it needed, made by this run, deepest first
  int staging_fd_ = -1;  // the staging folder, held open to tell it from another made at its path
  int lock_ = -1;
  bool published_ = false;
};

// A command that reads a run's output folder and may write a file into it
// (report, chart): the folder is locked shared, so no run replaces it meanwhile,
// which would mix two runs' files or take the written file away with the old set.
class output_folder_reader {
 public:
  explicit output_folder_reader(const std::filesystem::path& dir);  // throws while a run writes the folder
  ~output_folder_reader();
  output_folder_reader(const output_folder_reader&) = delete;
  output_folder_reader& operator=(const output_folder_reader&) = delete;

 private:
  int lock_ = -1;
};

}  // namespace ratekit
