// libFuzzer glue: the host's loaders read files, so each input is written to a
// per-process scratch file first (in /dev/shm when there is one: no disk I/O).
#pragma once

#include <ratekit/host/text/diagnostics.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace ratekit::fuzz {

inline const std::filesystem::path& scratch_file(const char* extension) {
  static const std::filesystem::path file = [extension] {
    const std::filesystem::path shm = "/dev/shm";
    const std::filesystem::path dir = std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path();
    return dir / ("ratekit-fuzz-" + std::to_string(::getpid()) + extension);
  }();
  return file;
}

inline const std::filesystem::path& write_input(const uint8_t* data, size_t size, const char* extension) {
  const auto& file = scratch_file(extension);
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (size > 0 && std::fwrite(data, 1, size, f) != size) std::abort();
  std::fclose(f);
  return file;
}

}  // namespace ratekit::fuzz
