# Peer on ratekit's benchmark input: rates the same games CSV
# (date,player_a,player_b,score_a) month by month with the R package
# PlayerRatings' elo() and writes player,rating with full precision, to compare
# with `ratekit run` on bench/pipeline.yaml with `period: month` (the lean-month
# output). Prints to stderr the seconds of reading and of elo() alone.
#
#   Rscript playerratings.R GAMES_CSV RATINGS_CSV
#
# Needs PlayerRatings: install.packages("PlayerRatings") from CRAN. Reads with
# data.table::fread when data.table is installed (Debian: r-cran-data.table),
# else with read.csv.

args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) {
  message("usage: Rscript playerratings.R GAMES_CSV RATINGS_CSV")
  quit(status = 2)
}

# Reads the games and turns each date (YYYY-MM-DD) into a month index,
# year*12 + month: elo() rates all games of one index against the ratings at its
# start and adds the changes at its end, as ratekit's `period: month` does.
# Other columns (points, home, tag) are left out.
classes <- c(date = "character", player_a = "character", player_b = "character",
             score_a = "numeric")
read_time <- system.time({
  if (requireNamespace("data.table", quietly = TRUE)) {
    games <- data.table::fread(args[1], select = classes)
  } else {
    games <- read.csv(args[1], colClasses = "character")[names(classes)]
    games$score_a <- as.numeric(games$score_a)
  }
  month <- as.integer(substr(games$date, 1, 4)) * 12L +
    as.integer(substr(games$date, 6, 7))
  x <- data.frame(month, games$player_a, games$player_b, games$score_a,
                  stringsAsFactors = FALSE)
})

# Logistic Elo with xi 400 (fixed in elo()), K 20, initial 1500, no
# home advantage.
elo_time <- system.time(
  fit <- PlayerRatings::elo(x, init = 1500, kfac = 20, gamma = 0)
)

# 17 significant digits so that every double reads back exactly.
r <- fit$ratings
writeLines(c("player,rating", paste0(r$Player, ",", sprintf("%.17g", r$Rating))),
           args[2])

message(sprintf("games %d players %d read %.3f s elo %.3f s",
                nrow(x), nrow(r), read_time[["elapsed"]], elo_time[["elapsed"]]))
