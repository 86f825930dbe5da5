// What a run writes into its output directory. Every file is written to a
// temporary file beside it and renamed into place, so a crash never leaves
// half a file. Numbers use fixed formatting, so the same run gives the same bytes.
//
// ratings.csv  player,rating,<other state fields>,games,peak[,birth_year,federation,id]
//              sorted by rating, highest first (ties by name)
// history.csv  period,player,opponent,expected,score,k,change,rating_before,rating_after
//              one row per player per game (opponent = the opponent's name) or per
//              ranked event (opponent = the event's name, expected/score = expected/actual rank)
// summary.json model, plugin, params, counts, skipped events and metrics
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace ratekit {

struct run_result;

// Writes ratings.csv, history.csv (when the config asks for it) and summary.json into `dir`.
void write_outputs(const run_result& run, const std::filesystem::path& dir);

// The shortest text that reads back as exactly `value` (fixed, locale-free).
std::string format_number(double value);

// Writes `content` to `file` atomically (temporary file + rename).
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

}  // namespace ratekit
