// One request's reading of the history database: a snapshot of it, and the
// competitions and rating lists read for the snapshot's generation, kept for
// the requests that follow until a run is recorded (docs/serve.md, "Speed").
#pragma once

#include "serve/generation_memo.hpp"
#include "serve/lists.hpp"
#include "serve/reader.hpp"

#include <memory>
#include <string>

namespace ratekit::serve {

struct site;

// What the server keeps between requests: a few lists (each as large as the
// competition's players), the competitions read, and the answers of the
// list's pages asked last (a page at most 500 players).
struct kept_reads {
  generation_memo<competition> competitions{64};
  generation_memo<rating_list> lists{8};
  generation_memo<std::string> list_pages{64};
};

class reading {
 public:
  explicit reading(const site& s);
  store::database& db() { return snapshot_.db(); }
  // When the database's last run was recorded, as HTTP writes a date ("" for none).
  const std::string& last_modified() const { return last_modified_; }
  // The competition `name` (a not_found when none); `counted`: with its players and games counted.
  std::shared_ptr<const competition> competition_named(const std::string& name, bool counted = false);
  // The competition's list as of `date` (0: now), with the model's fields.
  std::shared_ptr<const rating_list> list(const competition& c, int32_t date);
  // The answer to a page of a list named by `target` (its path and query), made by `build` when not kept.
  std::shared_ptr<const std::string> list_page(const std::string& target, const std::function<std::string()>& build);

 private:
  const site& site_;
  reader::snapshot snapshot_;
  std::string generation_;  // the runs' count, last id and time of recording: a run recorded changes it
  std::string last_modified_;
};

}  // namespace ratekit::serve
