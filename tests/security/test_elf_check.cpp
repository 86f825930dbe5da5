// A truncated or foreign plugin file is refused with a reason, before dlopen
// could map pages past its end and kill the host with SIGBUS.
#include "test_support.hpp"

#include <ratekit/host/plugin/plugin.hpp>

#include <catch2/catch.hpp>

#include <elf.h>

#include <fstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_elf_check {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

const fs::path real_plugin = fs::path(RATEKIT_BUILD_PLUGIN_DIR) / "ratekit-fide-logistic.so";

std::string refusal(const fs::path& file) {
  try {
    plugin::load(file);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// The first `bytes` of the real plugin, or all of it with `patch` applied to its header.
fs::path copy_of(const testing::temp_dir& dir, size_t bytes, void (*patch)(Elf64_Ehdr&) = nullptr) {
  std::string image = testing::read_text(real_plugin);
  image.resize(std::min(bytes, image.size()));
  if (patch) patch(*reinterpret_cast<Elf64_Ehdr*>(image.data()));
  const fs::path file = dir / "ratekit-copy.so";
  testing::write_text(file, image);
  return file;
}

}  // namespace

TEST_CASE("the real plugin passes the check and loads", "[security][plugin]") {
  CHECK(refusal(real_plugin) == "");
}

TEST_CASE("a plugin cut in half is refused, not a SIGBUS", "[security][plugin]") {
  const testing::temp_dir dir;
  const size_t whole = size_t(fs::file_size(real_plugin));
  CHECK_THAT(refusal(copy_of(dir, whole / 2)), Catch::Contains("plugin refused: truncated"));
  CHECK_THAT(refusal(copy_of(dir, whole - 1)), Catch::Contains("plugin refused: truncated"));
  CHECK_THAT(refusal(copy_of(dir, 40)), Catch::Contains("not an ELF shared library (too short)"));
}

TEST_CASE("a plugin for another machine or of another kind is refused", "[security][plugin]") {
  const testing::temp_dir dir;
  const size_t whole = size_t(fs::file_size(real_plugin));
  CHECK_THAT(refusal(copy_of(dir, whole, [](Elf64_Ehdr& h) { h.e_machine = h.e_machine == EM_X86_64 ? EM_AARCH64 : EM_X86_64; })),
             Catch::Contains("built for another machine"));
  CHECK_THAT(refusal(copy_of(dir, whole, [](Elf64_Ehdr& h) { h.e_ident[EI_CLASS] = ELFCLASS32; })),
             Catch::Contains("built for another machine"));
  CHECK_THAT(refusal(copy_of(dir, whole, [](Elf64_Ehdr& h) { h.e_type = ET_EXEC; })),
             Catch::Contains("not a shared library"));
}

}  // namespace test_elf_check
