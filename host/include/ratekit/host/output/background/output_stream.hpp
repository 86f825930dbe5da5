// A file a run streams its text into: a folder's file written in the background
// (background_file), or a text kept in memory (output_sink's, for a run without a folder).
#pragma once

#include <string>

namespace ratekit {

// One file being streamed.
class output_stream {
 public:
  virtual ~output_stream() = default;
  // Takes `text` and hands back an empty buffer (with its capacity) to fill next. Throws a user_error naming the
  // file for an earlier write that failed.
  virtual void write(std::string& text) = 0;
  // Every byte in place; throws as write() does.
  virtual void close() = 0;
};

}  // namespace ratekit
