// The files a run writes when it is rated (run_outputs.cpp lists them all):
// each built whole from the run_result and the config it ran, one file of this folder each.
#pragma once

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/starting_deviations.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace ratekit {

class history_table;

// ratings.csv: every player, highest rated first (ties by name).
std::string ratings_csv(const run_result& r, const competition_config& config);
// history.csv from the games (or ranked entries) the run kept.
std::string history_csv(const run_result& r, const competition_config& config);
// summary.json: model, plugin, params, counts, skipped events, metrics, the config.
nlohmann::ordered_json summary_json(const run_result& r, const competition_config& config);
// The deviations the run's players started with, where history.csv gives none
// before a player's first period (a pairwise model's rd): empty otherwise.
starting_deviations run_starting_deviations(const run_result& r, const competition_config& config);
// chart.svg: the top five's rating lines, read from `dir`/history.csv (or the rows `history` kept in its place)
// when the run streamed it whole, else from the games it kept.
std::string top_chart(const run_result& run, const competition_config& config, const std::filesystem::path& dir,
                      const history_table* history);

}  // namespace ratekit
