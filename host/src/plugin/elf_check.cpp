#include "plugin/elf_check.hpp"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <vector>

namespace ratekit {

namespace {

#if defined(__x86_64__)
constexpr uint16_t this_machine = EM_X86_64;
#elif defined(__aarch64__)
constexpr uint16_t this_machine = EM_AARCH64;
#else
#error "ratekit: add this machine's ELF e_machine here"
#endif

bool inside(uint64_t offset, uint64_t size, uint64_t file_size) {
  return offset <= file_size && size <= file_size - offset;
}

}  // namespace

std::string elf_problem(const std::filesystem::path& file) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(file, ec);
  if (ec) return "cannot read its size: " + ec.message();
  std::ifstream in(file, std::ios::binary);
  Elf64_Ehdr h{};
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return "not an ELF shared library (too short)";
  if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0) return "not an ELF shared library";
  if (h.e_ident[EI_CLASS] != ELFCLASS64 || h.e_ident[EI_DATA] != ELFDATA2LSB || h.e_machine != this_machine)
    return "built for another machine (ELF class " + std::to_string(h.e_ident[EI_CLASS]) + ", machine " +
           std::to_string(h.e_machine) + ")";
  if (h.e_type != ET_DYN) return "not a shared library (ELF type " + std::to_string(h.e_type) + ")";
  if (h.e_phentsize != sizeof(Elf64_Phdr) || !inside(h.e_phoff, uint64_t(h.e_phnum) * h.e_phentsize, size))
    return "truncated or damaged: its program headers lie outside the file";
  if (h.e_shnum > 0 && !inside(h.e_shoff, uint64_t(h.e_shnum) * h.e_shentsize, size))
    return "truncated: its section headers lie past the end of the file (" + std::to_string(size) + " bytes)";
  std::vector<Elf64_Phdr> segments(h.e_phnum);
  in.seekg(std::streamoff(h.e_phoff));
  if (!in.read(reinterpret_cast<char*>(segments.data()), std::streamsize(segments.size() * sizeof(Elf64_Phdr))))
    return "truncated: cannot read its program headers";
  for (const Elf64_Phdr& p : segments)
    if (p.p_type == PT_LOAD && !inside(p.p_offset, p.p_filesz, size))
      return "truncated: a loadable segment lies past the end of the file (" + std::to_string(size) + " bytes)";
  return "";
}

}  // namespace ratekit
