#include "config/yaml_check.hpp"
#include "input/encoding.hpp"

#include <fmt/format.h>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <iterator>
#include <sstream>

namespace ratekit::config {

void checker::error(const YAML::Mark& at, std::string message) {
  // yaml-cpp marks are 0-based, -1 when unknown.
  const int line = at.line >= 0 ? at.line + 1 : 0;
  const int column = at.line >= 0 && at.column >= 0 ? at.column + 1 : 0;
  diagnostics_.push_back({file_, line, column, std::move(message)});
}

void checker::error(std::string message, int line) {
  diagnostics_.push_back({file_, line, 0, std::move(message)});
}

YAML::Mark field::where() const { return value.IsNull() ? key.Mark() : value.Mark(); }

namespace {

// yaml-cpp rejects tabs with "illegal map value" or worse; say what is wrong.
void check_tabs(checker& c, const std::string& text) {
  int line = 1;
  bool indent = true;
  int column = 1;
  for (char ch : text) {
    if (ch == '\n') {
      ++line;
      column = 1;
      indent = true;
      continue;
    }
    if (indent && ch == '\t') {
      YAML::Mark at;
      at.line = line - 1;
      at.column = column - 1;
      c.error(at, "tab used for indentation; indent with spaces");
    }
    if (ch != ' ' && ch != '\t') indent = false;
    ++column;
  }
}

// Bounds on the tree a config may expand to: a config is a few hundred values;
// aliases can make a small file stand for a cycle or billions of values.
constexpr size_t max_values = 100000;
constexpr uintmax_t max_config_bytes = 1 << 20;
constexpr size_t max_depth = 2000;

// A config is UTF-8 text (YAML requires it) without control characters but
// tab and line ends. Line ends yaml-cpp misreads ("illegal map value"), and
// byte-order marks past the one that may open the file, are named too.
void check_text(checker& c, const std::string& text) {
  const std::string bom = "\xEF\xBB\xBF";
  size_t newlines = 0;
  const size_t bad = text::invalid_utf8(text, newlines);
  int line = 1, column = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    YAML::Mark at;
    at.line = line - 1;
    at.column = column - 1;
    const auto byte = static_cast<unsigned char>(text[i]);
    if (i == bad || ((byte < 0x20 || byte == 0x7F) && byte != '\t' && byte != '\n' && byte != '\r')) {
      c.error(at, fmt::format("expected {}, got byte 0x{:02X}", i == bad ? "UTF-8 text" : "text without control characters", byte));
      return;
    }
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) {
      c.error(at, "expected a line end LF or CRLF, got CR alone (save the file with Unix or Windows line ends)");
      return;
    }
    if (i > 0 && text.compare(i, bom.size(), bom) == 0) {
      c.error(at, "expected text, got a byte-order mark (U+FEFF) that is not at the start of the file");
      return;
    }
    if (text[i] == '\n') ++line, column = 1;
    else if ((text[i] & 0xC0) != 0x80) ++column;
  }
}

// yaml-cpp keeps every entry of a map with a repeated key and finds only the
// first; a silent choice between two values is refused instead. The walk is
// iterative and bounded, since aliases can make the tree cyclic or huge; every
// later reading of the config walks less than this one.
// False when the tree is past the bounds (then nothing else should walk it).
bool check_tree(checker& c, const YAML::Node& root) {
  std::vector<std::pair<YAML::Node, size_t>> todo{{root, 0}};
  size_t values = 0;
  while (!todo.empty()) {
    const auto [n, depth] = todo.back();
    todo.pop_back();
    if (++values > max_values || depth > max_depth) {
      c.error(n.Mark(), values > max_values
                            ? "expected at most " + std::to_string(max_values) +
                                  " values, got more: aliases (*name) expand to too much here"
                            : "expected at most " + std::to_string(max_depth) +
                                  " levels of nesting, got deeper: aliases (*name) nest too deep here, or refer to themselves");
      return false;
    }
    if (n.IsSequence()) {
      for (const auto& item : n) todo.emplace_back(item, depth + 1);
    } else if (n.IsMap()) {
      std::map<std::string, int> seen;
      for (const auto& kv : n) {
        if (kv.first.IsScalar()) {
          const auto [it, fresh] = seen.emplace(kv.first.Scalar(), kv.first.Mark().line + 1);
          if (!fresh)
            c.error(kv.first.Mark(), "duplicate key '" + kv.first.Scalar() + "' (first at line " +
                                         std::to_string(it->second) + ")");
        }
        todo.emplace_back(kv.first, depth + 1);
        todo.emplace_back(kv.second, depth + 1);
      }
    }
  }
  return true;
}

std::string type_error(const field& f, std::string_view expected) {
  return "expected " + std::string(expected) + " for '" + f.name + "', got " + describe(f.value);
}

}  // namespace

YAML::Node load_document(checker& c, const std::filesystem::path& file, std::string& text) {
  // A directory or a device (/dev/zero) would fail or never end.
  std::error_code ec;
  if (std::filesystem::exists(file, ec) && !std::filesystem::is_regular_file(file, ec)) {
    c.error("expected a YAML file, got a directory or a device", 0);
    return YAML::Node(YAML::NodeType::Undefined);
  }
  if (const auto size = std::filesystem::file_size(file, ec); !ec && size > max_config_bytes) {
    c.error("expected a config of at most 1 MB, got " + std::to_string(size) + " bytes", 0);
    return YAML::Node(YAML::NodeType::Undefined);
  }
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (!in.is_open() || in.bad()) {
    c.error(std::string("cannot read config file: ") + (errno ? std::strerror(errno) : "not found"), 0);
    return YAML::Node(YAML::NodeType::Undefined);
  }
  return load_text(c, text);
}

namespace {

// Where each document of a text starts; the parser's events are not needed.
struct document_starts final : YAML::EventHandler {
  YAML::Mark start;
  void OnDocumentStart(const YAML::Mark& at) override { start = at; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// True when the text holds one document at most. Counted here rather than by
// YAML::LoadAll, which never ends on text left after a top-level flow
// collection (`[1, 2], [3]`): it yields an empty document there forever, each
// starting where the last did, until memory runs out. Two documents suffice.
bool one_document(checker& c, const std::string& s) {
  std::istringstream in(s);
  YAML::Parser parser(in);
  document_starts first, second;
  if (!parser.HandleNextDocument(first) || !parser.HandleNextDocument(second)) return true;
  const auto at = size_t(std::max(second.start.pos, 0));
  if (s.compare(at, 3, "---") == 0)
    c.error(second.start, "expected one YAML document, got a second ('---'): one config per file");
  else
    c.error(second.start, "expected the end of the config, got more text after it: a bracket too many, or a "
                          "list that is not under a key");
  return false;
}

}  // namespace

YAML::Node load_text(checker& c, const std::string& s) {
  check_tabs(c, s);
  check_text(c, s);
  if (c.failed()) return YAML::Node(YAML::NodeType::Undefined);
  try {
    if (!one_document(c, s)) return YAML::Node(YAML::NodeType::Undefined);
    YAML::Node root = YAML::Load(s);
    if (check_tree(c, root)) return root;
  } catch (const YAML::DeepRecursion& e) {  // its own message says "bad file"
    c.error(e.mark, "expected a config nested a few levels deep, got more levels than the YAML reader takes (2000 of "
                    "[ or {, about 500 of indented maps)");
  } catch (const YAML::ParserException& e) {
    c.error(e.mark, e.msg);
  }
  return YAML::Node(YAML::NodeType::Undefined);
}

std::string describe(const YAML::Node& n) {
  if (n.IsMap()) return "a map";
  if (n.IsSequence()) return "a list";
  if (n.IsScalar()) return "'" + n.Scalar() + "'";
  return "nothing";
}

std::vector<field> entries(checker& c, const YAML::Node& map, const std::vector<std::string>& known,
                           std::string_view unknown, std::string_view context) {
  std::vector<field> out;
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) {
      c.error(kv.first.Mark(), "expected a name as key" + std::string(context) + ", got " +
                                   describe(kv.first));
      continue;
    }
    const std::string& name = kv.first.Scalar();
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string msg = std::string(unknown) + " '" + name + "'" + std::string(context);
      if (const auto guess = did_you_mean(name, known); !guess.empty())
        msg += " (did you mean '" + guess + "'?)";
      c.error(kv.first.Mark(), std::move(msg));
      continue;
    }
    out.push_back({name, kv.first, kv.second});
  }
  return out;
}

std::optional<double> parse_number(std::string_view s) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
    return std::nullopt;
  return v;
}

std::string show_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

std::optional<double> number(checker& c, const field& f) {
  // A quoted "400" is a string in YAML; only plain scalars are numbers.
  if (f.value.IsScalar() && f.value.Tag() != "!")
    if (const auto v = parse_number(f.value.Scalar())) return v;
  c.error(f.where(), type_error(f, "a number"));
  return std::nullopt;
}

std::optional<std::string> text(checker& c, const field& f) {
  if (f.value.IsScalar()) return f.value.Scalar();
  c.error(f.where(), type_error(f, "a string"));
  return std::nullopt;
}

std::optional<bool> boolean(checker& c, const field& f) {
  if (f.value.IsScalar() && f.value.Tag() != "!") {
    const std::string& s = f.value.Scalar();
    if (s == "true") return true;
    if (s == "false") return false;
  }
  c.error(f.where(), type_error(f, "true or false"));
  return std::nullopt;
}

const field* find(const std::vector<field>& fields, std::string_view name) {
  const auto it = std::find_if(fields.begin(), fields.end(), [&](const field& f) { return f.name == name; });
  return it == fields.end() ? nullptr : &*it;
}

bool is_map(checker& c, const field& f) {
  if (f.value.IsMap()) return true;
  c.error(f.where(), type_error(f, "a map"));
  return false;
}

std::optional<size_t> one_of(checker& c, const field& f, const std::vector<std::string>& names) {
  if (f.value.IsScalar()) {
    const auto it = std::find(names.begin(), names.end(), f.value.Scalar());
    if (it != names.end()) return size_t(it - names.begin());
  }
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  std::string msg = type_error(f, "one of " + list);
  if (f.value.IsScalar())
    if (const auto guess = did_you_mean(f.value.Scalar(), names); !guess.empty())
      msg += " (did you mean '" + guess + "'?)";
  c.error(f.where(), std::move(msg));
  return std::nullopt;
}

}  // namespace ratekit::config
