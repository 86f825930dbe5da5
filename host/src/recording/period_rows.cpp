#include "recording/period_rows.hpp"

#include "recording/database_rows.hpp"
#include "store/period_dates.hpp"

#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <climits>

namespace ratekit::db_rows {

using store::statement;

period_rows::period_rows(store::database& db, int64_t competition, int64_t run)
    : db_(db),
      competition_(competition),
      run_(run),
      insert_(db.prepare("INSERT INTO periods (competition_id, run_id, label) VALUES (?1, ?2, ?3) RETURNING id")),
      insert_dates_(db.prepare("INSERT INTO period_dates (period_id, first_date, last_date) VALUES (?1, ?2, ?3)")) {
  statement s = db.prepare("SELECT recorded_at FROM runs WHERE id = ?1");
  s.bind(1, run);
  if (s.step()) recorded_at_ = s.text(0);
}

int64_t period_rows::add(const std::string& label, int32_t first, int32_t last) {
  insert_.bind(1, competition_).bind(2, run_).bind(3, std::string_view(label));
  const int64_t id = inserted_id(insert_);
  if (last != 0) {
    const std::string first_text = iso_date(first), last_text = iso_date(last);
    insert_dates_.bind(1, id).bind(2, std::string_view(first_text)).bind(3, std::string_view(last_text)).run();
  }
  dates_[id] = store::period_date(label, recorded_at_, last);
  return id;
}

void period_rows::rename(int64_t id, const std::string& label, int32_t first, int32_t last) {
  statement s = db_.prepare("UPDATE periods SET label = ?1 WHERE id = ?2");
  s.bind(1, std::string_view(label)).bind(2, id).run();
  if (last != 0) {
    const std::string first_text = iso_date(first), last_text = iso_date(last);
    insert_dates_.bind(1, id).bind(2, std::string_view(first_text)).bind(3, std::string_view(last_text)).run();
  }
  dates_[id] = store::period_date(label, recorded_at_, last);
}

int32_t period_rows::date_of(int64_t id) const {
  const auto at = dates_.find(id);
  return at == dates_.end() ? 0 : at->second;
}

std::pair<int32_t, int32_t> date_range(const int32_t* dates, size_t count) {
  int32_t first = INT32_MAX, last = 0;
  for (size_t i = 0; i < count; ++i)
    if (dates[i] > 0) first = std::min(first, dates[i]), last = std::max(last, dates[i]);
  return last == 0 ? std::pair<int32_t, int32_t>{0, 0} : std::pair{first, last};
}

stored_periods split_periods(const run_result& r, const competition_config& config) {
  const dataset& d = r.data;
  stored_periods s;
  period_labels labels;
  if (d.ranked()) {
    for (size_t e = 0; e < d.events.size(); ++e) {
      s.of.push_back(uint32_t(s.labels.size()));
      s.labels.push_back(labels.add(r.period_label(e)));
    }
  } else if (!r.period_ends.empty()) {
    size_t begin = 0;
    for (const uint64_t end : r.period_ends) {
      s.of.insert(s.of.end(), size_t(end) - begin, uint32_t(s.labels.size()));
      s.labels.push_back(labels.add(r.period_label(begin)));
      begin = size_t(end);
    }
  } else {
    s.of.assign(d.games.size(), 0);
    const auto [lo, hi] = std::minmax_element(d.facts.date.begin(), d.facts.date.end());
    const bool dated = lo != d.facts.date.end() && *lo > 0;
    s.labels.push_back(labels.add(game_run_label(config, dated ? *lo : 0, dated ? *hi : 0)));
  }
  return s;
}

}  // namespace ratekit::db_rows
