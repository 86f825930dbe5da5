#include "config/k_schedule_yaml.hpp"

#include <cmath>
#include <string>

namespace ratekit::config {
namespace {

enum class side { lo, lo_after, hi, hi_after };  // ge, gt, lt, le

struct bound_key {
  const char* key;
  std::optional<k_range> k_rule::*range;
  const char* fact;
  side where;
};

const bound_key bound_keys[] = {
    {"games_lt", &k_rule::games, "games", side::hi},   {"games_ge", &k_rule::games, "games", side::lo},
    {"rating_lt", &k_rule::rating, "rating", side::hi}, {"rating_ge", &k_rule::rating, "rating", side::lo},
    {"peak_lt", &k_rule::peak, "peak", side::hi},       {"peak_ge", &k_rule::peak, "peak", side::lo},
    {"age_lt", &k_rule::age, "age", side::hi},          {"age_le", &k_rule::age, "age", side::hi_after},
    {"age_ge", &k_rule::age, "age", side::lo},          {"week_lt", &k_rule::week, "week", side::hi},
    {"week_le", &k_rule::week, "week", side::hi_after}, {"week_ge", &k_rule::week, "week", side::lo},
    {"week_gt", &k_rule::week, "week", side::lo_after},
};

const std::vector<std::string>& when_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k;
    for (const auto& b : bound_keys) k.emplace_back(b.key);
    k.emplace_back("playoff");
    k.emplace_back("tag");
    return k;
  }();
  return keys;
}

// A node in a list has no key of its own; name it for messages.
field item(std::string name, const YAML::Node& n) { return {std::move(name), n, n}; }

void read_when(checker& c, const field& when, k_rule& rule) {
  if (when.value.IsNull()) return;  // `when:` left empty: always
  if (!is_map(c, when)) return;
  // Which key set each side of each range, to refuse two keys on one side.
  std::vector<std::pair<std::string, std::string>> set_by;  // (fact + side, key)
  for (const auto& f : entries(c, when.value, when_keys(), "unknown condition", " in 'when'")) {
    if (f.name == "playoff") {
      rule.playoff = boolean(c, f);
    } else if (f.name == "tag") {
      if (f.value.IsSequence()) {
        if (f.value.size() == 0)
          c.error(f.where(), "expected one tag or a list of tags for 'tag', got an empty list, which no game matches "
                             "(a rule for games of any tag leaves 'tag' out)");
        for (size_t i = 0; i < f.value.size(); ++i)
          if (auto t = text(c, item("tag " + std::to_string(i + 1), f.value[i])))
            rule.tags.push_back(std::move(*t));
      } else if (auto t = text(c, f)) {
        rule.tags.push_back(std::move(*t));
      }
    } else {
      const auto& b = *std::find_if(std::begin(bound_keys), std::end(bound_keys),
                                    [&](const bound_key& k) { return f.name == k.key; });
      const auto v = number(c, f);
      if (!v) continue;
      const bool upper = b.where == side::hi || b.where == side::hi_after;
      const std::string slot = std::string(b.fact) + (upper ? " from above" : " from below");
      const auto clash = std::find_if(set_by.begin(), set_by.end(),
                                      [&](const auto& s) { return s.first == slot; });
      if (clash != set_by.end()) {
        c.error(f.key.Mark(), "'" + clash->second + "' and '" + f.name + "' both bound " + slot);
        continue;
      }
      set_by.emplace_back(slot, f.name);
      auto& range = rule.*b.range;
      if (!range) range = k_range{};
      // Ranges are lo <= x < hi; "le" and "gt" move the bound just past v so
      // that they also hold for ratings, not only for whole numbers.
      switch (b.where) {
        case side::lo: range->lo = *v; break;
        case side::lo_after: range->lo = std::nextafter(*v, INFINITY); break;
        case side::hi: range->hi = *v; break;
        case side::hi_after: range->hi = std::nextafter(*v, INFINITY); break;
      }
      if (range->lo >= range->hi)
        c.error(f.key.Mark(), "the bounds on " + std::string(b.fact) + " leave no value");
    }
  }
}

void read_table(checker& c, const field& table, k_rule& rule) {
  if (!table.value.IsSequence() || table.value.size() == 0) {
    c.error(table.where(), "expected a list of [rating, k] points for 'table', got " +
                               describe(table.value));
    return;
  }
  for (const auto& p : table.value) {
    const auto r = p.IsSequence() && p.size() == 2 ? parse_number(p[0].Scalar()) : std::nullopt;
    const auto k = r ? parse_number(p[1].Scalar()) : std::nullopt;
    if (!r || !k || !p[0].IsScalar() || !p[1].IsScalar()) {
      c.error(p.Mark(), "expected a [rating, k] pair of numbers in 'table', got " + describe(p));
      return;
    }
    if (!rule.table.empty() && *r <= rule.table.back().first) {
      c.error(p.Mark(), "table ratings must ascend: " + p[0].Scalar() + " comes after " +
                            show_number(rule.table.back().first));
      return;
    }
    if (*k < 0) {
      c.error(p.Mark(), "K must not be negative, got " + p[1].Scalar());
      return;
    }
    rule.table.emplace_back(*r, *k);
  }
}

void read_k(checker& c, const field& f, k_rule& rule) {
  if (f.value.IsMap()) {
    for (const auto& t : entries(c, f.value, {"table"}, "unknown key", " in 'k'")) read_table(c, t, rule);
    if (!f.value["table"]) c.error(f.where(), "expected a number or { table: [...] } for 'k'");
    return;
  }
  if (const auto v = number(c, f)) {
    if (*v < 0)
      c.error(f.where(), "K must not be negative, got " + f.value.Scalar());
    else
      rule.constant = *v;
  }
}

std::optional<k_rule> read_rule(checker& c, const field& f) {
  if (!is_map(c, f)) return std::nullopt;
  const size_t before = c.diagnostics().size();
  k_rule rule;
  bool has_k = false;
  for (const auto& e : entries(c, f.value, {"when", "k"}, "unknown key", " in a k_schedule rule")) {
    if (e.name == "when") {
      read_when(c, e, rule);
    } else {
      has_k = true;
      read_k(c, e, rule);
    }
  }
  if (!has_k) c.error(f.where(), "a k_schedule rule needs 'k'");
  if (c.diagnostics().size() != before) return std::nullopt;
  return rule;
}

std::optional<std::vector<k_rule>> read_rules(checker& c, const field& f) {
  if (!f.value.IsSequence()) {
    c.error(f.where(), "expected a list of rules for '" + f.name + "', got " + describe(f.value));
    return std::nullopt;
  }
  if (f.value.size() == 0) {
    c.error(f.where(), "'" + f.name + "' has no rules");
    return std::nullopt;
  }
  std::vector<k_rule> rules;
  bool ok = true;
  for (size_t i = 0; i < f.value.size(); ++i) {
    auto r = read_rule(c, item("k_schedule rule " + std::to_string(i + 1), f.value[i]));
    if (r)
      rules.push_back(std::move(*r));
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return rules;
}

}  // namespace

std::optional<k_schedule> read_k_schedule(checker& c, const field& f) {
  if (!f.value.IsMap()) {
    auto rules = read_rules(c, f);
    if (!rules) return std::nullopt;
    return k_schedule(std::move(*rules));
  }
  std::optional<std::vector<k_rule>> rules;
  std::optional<double> cap;
  bool ok = true;
  for (const auto& e : entries(c, f.value, {"rules", "max_k_times_games"}, "unknown key",
                               " in 'k_schedule'")) {
    if (e.name == "rules") {
      rules = read_rules(c, e);
      ok = ok && rules;
    } else if ((cap = number(c, e)) && *cap <= 0) {
      c.error(e.where(), "'max_k_times_games' must be positive, got " + e.value.Scalar());
      ok = false;
    } else if (!cap) {
      ok = false;
    }
  }
  if (!f.value["rules"]) {
    c.error(f.where(), "'k_schedule' needs 'rules'");
    return std::nullopt;
  }
  if (!ok || !rules) return std::nullopt;
  return k_schedule(std::move(*rules), cap);
}

}  // namespace ratekit::config
