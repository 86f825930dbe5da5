#include "plugin/names_check.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace ratekit {

namespace {

constexpr size_t max_name_bytes = 64;

// The columns ratings.csv writes beside the state fields (`ordinal`: a team model's mu - 3 sigma; facts compared in
// lower case, as a ratings list reads them).
constexpr std::array<std::string_view, 9> host_columns = {"player",     "games",      "peak", "last_played", "birth_year",
                                                          "federation", "id", "category", "ordinal"};

// The columns report.csv writes beside the game columns.
constexpr std::array<std::string_view, 10> report_columns = {
    "period", "player", "rating_before", "opponent", "opponent_rating", "expected", "score", "k", "change",
    "rating_after"};

// Messages show control characters escaped: the name goes in as it is.
std::string quoted(std::string_view s) {
  std::string q(1, '\'');
  q.append(s);
  return q += '\'';
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Why `name` is no plain column name, "" when it is.
std::string name_problem(const char* name) {
  if (name == nullptr || *name == '\0') return "has no name";
  const size_t n = strnlen(name, max_name_bytes + 1);
  const std::string_view v(name, n);
  if (n > max_name_bytes) return "name " + quoted(v) + "... is longer than 64 bytes";
  if (!std::isalpha(static_cast<unsigned char>(v[0])) || !std::all_of(v.begin(), v.end(), is_word_char))
    return "name " + quoted(v) + " is not letters, digits and '_' starting with a letter";
  return "";
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// Why the names [names, names + count) of `what` (state field, game column)
// cannot all be columns beside `taken`, "" when they can.
template <size_t N>
std::string names_problem(const char* what, const char* const* names, uint32_t count,
                          const std::array<std::string_view, N>& taken, const char* taker) {
  std::unordered_set<std::string_view> seen;
  for (uint32_t i = 0; i < count; ++i) {
    const std::string where = std::string(what) + " " + std::to_string(i);
    if (std::string why = name_problem(names[i]); !why.empty()) return where + " " + why;
    const std::string_view name = names[i];
    if (!seen.insert(name).second) return where + " " + quoted(name) + " is named twice";
    if (std::find(taken.begin(), taken.end(), lower(name)) != taken.end())
      return where + " " + quoted(name) + " is the name of " + taker + "'s own column";
  }
  return "";
}

bool is_id(std::string_view id) {
  if (id.empty() || id.size() > max_name_bytes || id.front() == '-' || id.back() == '-') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

}  // namespace

std::string descriptor_names_problem(const rk_descriptor& d) {
  const std::string_view id(d.id, strnlen(d.id, max_name_bytes + 1));
  if (!is_id(id)) return "id " + quoted(id) + " is not lowercase letters and digits joined by '-'";
  if (d.state_count > max_state_fields)
    return std::to_string(d.state_count) + " state fields, more than " + std::to_string(max_state_fields);
  if (d.param_count > max_params)
    return std::to_string(d.param_count) + " parameters, more than " + std::to_string(max_params);
  if (d.state == nullptr) return "state fields missing";
  if (d.param_count > 0 && d.params == nullptr) return "parameter list missing";
  std::vector<const char*> names;
  for (uint32_t i = 0; i < d.state_count; ++i) names.push_back(d.state[i].name);
  if (std::string why = names_problem("state field", names.data(), d.state_count, host_columns, "ratings.csv");
      !why.empty())
    return why;
  // Parameter keys are config keys, summary.json keys and `describe` text.
  std::vector<const char*> keys;
  for (uint32_t i = 0; i < d.param_count; ++i) keys.push_back(d.params[i].key);
  return names_problem("parameter", keys.data(), d.param_count, std::array<std::string_view, 0>{}, "");
}

std::string game_columns_problem(const rk_ext_game_columns& c) {
  if (c.struct_size < sizeof(rk_ext_game_columns)) return "game columns extension struct_size too small";
  if (c.count > max_game_columns)
    return "game columns extension declares " + std::to_string(c.count) + " columns, more than " +
           std::to_string(max_game_columns);
  if (c.count > 0 && (c.names == nullptr || c.values == nullptr)) return "game columns extension lacks names or values";
  return names_problem("game column", c.names, c.count, report_columns, "report.csv");
}

std::string param_needs_problem(const rk_descriptor& d, const rk_ext_param_needs& needs) {
  if (needs.struct_size < sizeof(rk_ext_param_needs)) return "param needs extension struct_size too small";
  if (needs.count > max_params)
    return "param needs extension declares " + std::to_string(needs.count) + " pairs, more than " +
           std::to_string(max_params);
  if (needs.count > 0 && needs.needs == nullptr) return "param needs extension lacks its pairs";
  const auto is_param = [&](const char* key) {
    for (uint32_t i = 0; key && i < d.param_count; ++i)
      if (std::strcmp(d.params[i].key, key) == 0) return true;
    return false;
  };
  for (uint32_t i = 0; i < needs.count; ++i) {
    const rk_param_need& n = needs.needs[i];
    if (!is_param(n.key) || !is_param(n.needs) || std::strcmp(n.key, n.needs) == 0)
      return "param needs pair " + std::to_string(i) + " does not name two parameters of the descriptor";
  }
  return "";
}

}  // namespace ratekit
