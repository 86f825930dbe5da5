// The registry of input formats: add a reader with one line, keep the table sorted by format.
#include <ratekit/host/input/readers.hpp>

#include <algorithm>

namespace ratekit {

const std::vector<reader_entry>& readers() {
  static const std::vector<reader_entry> table{
      {"codeforces-standings", "Codeforces contest standings: contest_id,handle,rank_lo,rank_hi",
       read_codeforces_standings},
      {"egd", "EGD tournament table: place, name, club, grade or GoR, one cell per round", read_egd},
      {"games-csv", "pairwise games, one per row: date,player_a,player_b,score_a[,...]", read_games_csv,
       games_csv_columns},
      {"nfl-csv",
       "NFL results, spreadspoke columns: season,week,playoff,gameday,home_id,away_id,home_score,...",
       read_nfl_csv},
      {"standings-csv", "ranked events, one placing per row: event,date,player,rank|score[,rounds]",
       read_standings_csv},
      {"team-csv", "team and multiplayer matches, one player per row: match,date,team,player,rank[,weight]",
       read_team_csv, team_csv_columns},
      {"trf", "FIDE tournament report (TRF-2006): 001 player records with one block per round", read_trf},
  };
  return table;
}

const reader_entry* find_reader(std::string_view format) {
  const auto& table = readers();
  const auto it = std::find_if(table.begin(), table.end(),
                               [format](const reader_entry& r) { return r.format == format; });
  return it == table.end() ? nullptr : &*it;
}

}  // namespace ratekit
