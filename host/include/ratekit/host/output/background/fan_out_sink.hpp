// Several outputs streamed from one run: each batch of rated games goes to every
// sink in turn (history.csv and the database, say), each with its own copy of
// the new names, since a sink may take them.
#pragma once

#include <ratekit/host/engine/engine.hpp>

#include <vector>

namespace ratekit {

class fan_out_sink final : public rated_games_sink {
 public:
  fan_out_sink() = default;
  explicit fan_out_sink(const std::vector<rated_games_sink*>& sinks) {
    for (rated_games_sink* s : sinks) add(s);
  }
  // A null sink is left out.
  void add(rated_games_sink* sink) {
    if (sink) sinks_.push_back(sink);
  }

  void take(rated_games& games) override {
    for (size_t i = 0; i + 1 < sinks_.size(); ++i) {
      rated_games copy = games;  // the buffers are shared, the names copied
      sinks_[i]->take(copy);
    }
    if (!sinks_.empty()) sinks_.back()->take(games);
  }

  unsigned streams() const override {
    unsigned all = 0;
    for (const rated_games_sink* s : sinks_) all |= s->streams();
    return all;
  }

  void take(rated_event& event) override {
    rated_games_sink* last = nullptr;
    for (rated_games_sink* s : sinks_) {
      if (!s->streams_events()) continue;
      if (last) {
        rated_event copy = event;
        last->take(copy);
      }
      last = s;
    }
    if (last) last->take(event);
  }

  unsigned streams_events() const override {
    unsigned all = 0;
    for (const rated_games_sink* s : sinks_) all |= s->streams_events();
    return all;
  }

  void before_rating(const rated_games& window) override {
    for (rated_games_sink* s : sinks_) s->before_rating(window);
  }

  bool empty() const { return sinks_.empty(); }

 private:
  std::vector<rated_games_sink*> sinks_;
};

}  // namespace ratekit
