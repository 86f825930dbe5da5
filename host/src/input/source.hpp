// An input file's text in memory as UTF-8, whatever its encoding.
#pragma once

#include <ratekit/host/input/input_text.hpp>
#include <ratekit/host/input/readers.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace ratekit::text {

// A whole input file in memory (mapped, or read with one allocation), without its UTF-8 BOM. Bytes
// that are not valid UTF-8 are taken as ISO-8859-1 and converted, unless the
// options name an encoding (invalid UTF-8 in a file said to be UTF-8, or
// starting with a BOM, is an error naming line and column).
class source {
 public:
  source(const std::filesystem::path& file, const reader_options& options);
  // A program's text in memory, already UTF-8: read in place, nothing mapped.
  explicit source(const input_text& in);
  const std::string& file() const noexcept { return file_; }
  std::string_view text() const noexcept { return text_; }
  // How many '\n' the text holds.
  size_t newlines() const noexcept { return newlines_; }
  // Gives the whole pages of a mapped file inside [from, to) back to the
  // system: a reader that has parsed them keeps its memory to what it has built.
  void release(const char* from, const char* to) const;
  // For a reader that goes through the text once: gives back what lies before
  // `upto` (the line being read), a few MB at a time.
  void release_read(const char* upto) const {
    if (!released_) released_ = text_.data();
    if (upto - released_ < release_step) return;
    release(released_, upto);
    released_ = upto;
  }
  // Throws when the file shrank while it was read (the part that vanished read
  // as NULs): whatever was parsed from it is not the file.
  void check_unchanged() const;

 private:
  // A regular file mapped read-only: no copy and no zeroed pages for big inputs.
  struct mapping {
    void* address = nullptr;
    size_t size = 0;
    int guard = -1;  // its shrink_guard slot
    mapping() = default;
    mapping(const mapping&) = delete;
    mapping& operator=(const mapping&) = delete;
    ~mapping();
  };
  void load(const std::filesystem::path& file);
  // Where the text stops being UTF-8, npos when it is; counts its lines.
  size_t checked_utf8();
  // The same for text_[from, end), which starts and ends at line starts.
  size_t checked_utf8(size_t from, size_t end, size_t& newlines) const;

  std::string file_;
  mapping map_;
  std::string owned_;      // the text when it was read or converted instead
  std::string_view text_;  // into map_ or owned_
  size_t newlines_ = 0;
  static constexpr ptrdiff_t release_step = ptrdiff_t(4) << 20;
  static constexpr size_t check_piece = size_t(8) << 20;  // bytes checked before their pages are given back
  mutable const char* released_ = nullptr;  // release_read's progress: text_ up to here is given back
};

}  // namespace ratekit::text
