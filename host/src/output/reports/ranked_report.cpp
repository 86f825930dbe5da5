#include "output/reports/ranked_report.hpp"

#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

ranked_report_text::ranked_report_text(const rk_descriptor& model, const competition_config& config)
    : teams_(model.capabilities & RK_CAP_TEAMS) {
  csv = teams_ ? "match,team,player,rank,expected,performance,rating_before,rating_after,change,weight,capped,new"
               : "event,player,rank,expected_rank,performance,rating_before,rating_after,change,weight,capped,new";
  for (uint32_t f = 1; f < model.state_count; ++f) {
    csv += std::string(",") + model.state[f].name + "_before," + model.state[f].name + "_after";
    extra_md_ += std::string(" ") + model.state[f].name + " |";
    extra_rule_ += "---:|";
  }
  csv += '\n';
  markdown = "# " + markdown_escaped(config.competition) + ": rating report (" + config.model + ")\n";
}

void ranked_report_text::event(const rated_event& e, const std::function<const std::string&(int32_t)>& name_of) {
  const std::string& name = e.info->name;
  const bool skipped = std::all_of(e.out, e.out + e.count, [](const rk_entry_out& o) { return (o.flags & RK_ENTRY_SKIPPED) != 0; });
  markdown += "\n## " + markdown_escaped(name);
  if (skipped) markdown += " (not rated: too few rounds)";
  // A column only when an entry of the event has something in it: a performance (a
  // team model reports none), a note (a capped change, a new player).
  const auto any = [&](auto has) {
    return std::any_of(e.out, e.out + e.count, [&](const rk_entry_out& o) { return !(o.flags & RK_ENTRY_SKIPPED) && has(o); });
  };
  const bool performance = any([](const rk_entry_out& o) { return std::isfinite(o.performance); });
  const bool notes = any([](const rk_entry_out& o) { return (o.flags & (RK_ENTRY_CAPPED | RK_ENTRY_NEW)) != 0; });
  markdown += std::string("\n\n| rank |") + (teams_ ? " team | player | expected score |" : " player | expected rank |") +
              (performance ? " performance |" : "") + " rating | change | weight |" + extra_md_ + (notes ? " note |" : "") +
              "\n|---:|" + (teams_ ? "---|---|---:|" : "---|---:|") + (performance ? "---:|" : "") + "---:|---:|---:|" +
              extra_rule_ + (notes ? "---|\n" : "\n");
  const size_t extra = e.fields;
  for (size_t i = 0; i < e.count; ++i) {
    const rk_entry_out& o = e.out[i];
    if (o.flags & RK_ENTRY_SKIPPED) continue;
    const std::string& player = name_of(e.entries[i].player);
    const std::string& team = e.teams && !e.info->teams.empty() ? e.info->teams[e.entries[i].team] : player;
    const int digits = teams_ ? 1 : 0;  // TrueSkill's scale is a few dozen points
    const double before = e.before[i], after = e.after[i], rank = e.entries[i].rank;
    const double* state_before = e.state_before + i * extra;
    const double* state_after = e.state_after + i * extra;
    const bool capped = o.flags & RK_ENTRY_CAPPED, fresh = o.flags & RK_ENTRY_NEW;
    {
      csv_row row(csv);
      row.text(name);
      if (teams_) row.text(team);
      row.text(player).number(rank).number(o.expected).number(o.performance);
      row.number(before).number(after).number(o.delta).number(o.weight).number(capped).number(fresh);
      for (size_t f = 0; f < extra; ++f) row.number(state_before[f]).number(state_after[f]);
    }
    markdown += "| " + format_number(rank) + " | " + (teams_ ? markdown_escaped(team) + " | " : "") +
                markdown_escaped(player) + " | " + fixed(o.expected, 2) + " | " +
                (performance ? fixed(o.performance, 0) + " | " : "") + fixed(before, digits) + " -> " + fixed(after, digits) + " | " +
                signed_fixed(o.delta, 1) + " | " + fixed(o.weight, 3) + " |";
    for (size_t f = 0; f < extra; ++f)
      (((markdown += ' ') += brief(state_before[f], 1)) += " -> ") += brief(state_after[f], 1) + " |";
    if (notes) markdown += std::string(capped ? " cap" : " ") + (fresh ? " new |" : " |");
    markdown += '\n';
  }
}

report_files ranked_report(const run_result& r, const competition_config& config) {
  ranked_report_text text(r.source->descriptor(), config);
  const auto name_of = [&](int32_t p) -> const std::string& { return r.data.players.name(p); };
  r.replay_events([&](const rated_event& e) { text.event(e, name_of); });
  return {std::move(text.csv), {}, std::move(text.markdown)};
}

}  // namespace ratekit
