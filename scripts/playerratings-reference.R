# Reference values for the plugins `stephenson`, `elo-multiplayer` and the
# PlayerRatings options of `glicko`, from the R package PlayerRatings itself
# (data/playerratings/PROVENANCE.md). The tests compare ratekit with the files
# this writes, to 1e-9, and need no R.
#
#   Rscript scripts/playerratings-reference.R    # from the repository's root
#
# Needs PlayerRatings 1.1-0 (install.packages("PlayerRatings"), or
# R CMD INSTALL on its source). Writes data/playerratings/*.csv; the random
# streams come from set.seed, so a rerun writes the same files.
library(PlayerRatings)
out <- "data/playerratings"

# Full precision, names as text.
write_ratings <- function(ratings, columns, file) {
  df <- ratings[order(as.character(ratings$Player)), columns]
  names(df) <- c("player", "rating", tolower(columns[-(1:2)]))
  for (column in names(df)[-1]) df[[column]] <- sprintf("%.17g", df[[column]])
  write.csv(df, file.path(out, file), row.names = FALSE, quote = FALSE)
}

# A stream of 36 monthly periods among 40 players who join over time and sit
# out months at random; results 0, 1/4, 1/2, 3/4, 1.
set.seed(20260501)
games <- NULL
for (m in 1:36) {
  pool <- sprintf("P%02d", which((1:40) <= 6 + m))
  pool <- pool[runif(length(pool)) < 0.7]
  if (length(pool) < 2) pool <- c("P01", "P02")
  for (k in 1:12) {
    pair <- sample(pool, 2)
    score <- sample(c(0, 0.25, 0.5, 0.75, 1), 1, prob = c(0.35, 0.05, 0.2, 0.05, 0.35))
    games <- rbind(games, data.frame(date = sprintf("%04d-%02d-15", 2001 + (m - 1) %/% 12, (m - 1) %% 12 + 1),
                                     period = m, player_a = pair[1], player_b = pair[2], score_a = score))
  }
}
write.csv(games, file.path(out, "random_games.csv"), row.names = FALSE, quote = FALSE)
x <- games[, c("period", "player_a", "player_b", "score_a")]

steph_columns <- c("Player", "Rating", "Deviation")
write_ratings(steph(x)$ratings, steph_columns, "steph_random_default.csv")
write_ratings(steph(x, init = c(1800, 180), gamma = 30, cval = 80, hval = 5, bval = 2, lambda = 5,
                    rdmax = 200)$ratings, steph_columns, "steph_random_options.csv")
glicko_run <- glicko(x, init = c(1800, 250), gamma = 30, cval = 20)
write_ratings(glicko_run$ratings, steph_columns, "glicko_random_gamma.csv")

# glicko2() finds each volatility with R's optimize() (its default tolerance),
# not Glickman's iteration: ratekit's glicko2 agrees to about 0.003 points.
write_ratings(glicko2(x, init = c(1800, 250, 0.1), gamma = 30, tau = 0.5)$ratings,
              c("Player", "Rating", "Deviation", "Volatility"), "glicko2_random_gamma.csv")

# predict() on new games, player one at home (gamma 30), players with fewer
# than 20 games and unknown ones (X01) at trat = c(1700, 300).
fresh <- data.frame(period = 37, player_a = c(sprintf("P%02d", 1:40), "X01", "P07"),
                    player_b = c(sprintf("P%02d", c(40:1)), "P03", "X01"))
fresh <- fresh[fresh$player_a != fresh$player_b, ]
predicted <- data.frame(player_a = fresh$player_a, player_b = fresh$player_b, home = "a",
                        glicko = sprintf("%.17g", predict(glicko_run, fresh, tng = 20, trat = c(1700, 300), gamma = 30)))
write.csv(predicted, file.path(out, "glicko_predict.csv"), row.names = FALSE, quote = FALSE)

# Every international football match 1872-2025, month by month (a period for
# each month with matches, as steph() counts them).
football <- read.csv("data/football/international_results_1872_2025.csv", colClasses = "character")
month <- as.integer(substr(football$date, 1, 4)) * 12L + as.integer(substr(football$date, 6, 7))
fx <- data.frame(month, football$player_a, football$player_b, as.numeric(football$score_a))
write_ratings(steph(fx)$ratings, steph_columns, "steph_football_monthly.csv")

# Multiplayer games: 300 games of 4 players, or 3 (an empty seat), among 30
# players, with scores from a small set so that ties are frequent; every game
# its own period.
set.seed(20260502)
tables <- NULL
for (g in 1:300) {
  n <- if (runif(1) < 0.2) 3 else 4
  who <- c(sample(sprintf("M%02d", 1:30), n), rep(NA, 4 - n))
  score <- c(sample(c(0, 10, 20, 30, 40), n, replace = TRUE), rep(NA, 4 - n))
  tables <- rbind(tables, data.frame(Time = g, P1 = who[1], P2 = who[2], P3 = who[3], P4 = who[4],
                                     S1 = score[1], S2 = score[2], S3 = score[3], S4 = score[4]))
}
standings <- function(t) {
  rows <- NULL
  for (i in seq_len(nrow(t))) for (s in 1:4) if (!is.na(t[i, 1 + s]))
    rows <- rbind(rows, data.frame(event = sprintf("g%03d", i), date = "2019-01-01",
                                   player = t[i, 1 + s], score = t[i, 5 + s]))
  rows
}
write.csv(standings(tables), file.path(out, "random_tables.csv"), row.names = FALSE, quote = FALSE)
elom_columns <- c("Player", "Rating", "Games")
write_ratings(elom(tables, exact = FALSE)$ratings, elom_columns, "elom_random_default.csv")
write_ratings(elom(tables, exact = FALSE, base = c(40, 15, -5, -50), gv = 50, kv = 0.3)$ratings, elom_columns,
              "elom_random_options.csv")

# PlayerRatings' own riichi mahjong games (540 games of the Melbourne Mahjong
# Club, 2019), each game its own period.
data(riichi)
r <- riichi
r$Time <- seq_len(nrow(r))
mahjong <- standings(r)
mahjong$date <- format(as.Date("2018-12-31") + rep(riichi$Time, each = 4))
write.csv(mahjong, file.path(out, "riichi_2019.csv"), row.names = FALSE, quote = FALSE)
write_ratings(elom(r)$ratings, elom_columns, "elom_riichi_default.csv")
