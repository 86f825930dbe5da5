// Writes the trueskill plugin's reference streams by rating a fixed, seeded
// stream of team matches with ts-trueskill (the npm port of Heungsub Lee's
// Python trueskill, pinned in package.json with the ts-gaussian it computes
// the normal distribution with). tests/test_trueskill.cpp rates the same
// streams with the plugin and checks every mu and sigma.
//
//   cd tests/reference && npm install && node trueskill_reference.js [output folder]
//
// (the output folder defaults to ../data/teams beside this script).
//
// trueskill-stream.csv: 3000 matches of 2 to 4 teams of 1 to 5 players (team
// sizes drawn per team, so uneven), from a pool of 300 players who start at
// N(25, (25/3)^2), rated in order with the default environment (mu 25,
// sigma 25/3, beta sigma/2, tau sigma/100, draw probability 0.1). Ranks are
// given in the teams' input order, not sorted: about a tenth of the matches
// are all tied, a fifth have some teams tied, the rest a shuffled 1..T.
// Partial play: each player plays a share in 0.25..1 (steps of 0.05) with
// probability 0.15, else 1; ts-trueskill rates with these weights (its
// rate(groups, ranks, weights), as Python trueskill's).
//
// trueskill-stream-params.csv: 400 matches of the same kind from a pool of
// 40, on other parameters (mu 1500, sigma 400, beta 150, tau 12, draw
// probability 0.25), so the players meet often and their sigmas shrink.
//
// Columns: match,date,team,player,rank,weight,mu_after,sigma_after; one row
// per player per match, a match's rows contiguous, teams named t1, t2... in
// the order they appear, dates one day apart, numbers to 17 significant digits.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TrueSkill, Rating } from 'ts-trueskill'

const here = dirname(fileURLToPath(import.meta.url))
const out = resolve(process.argv[2] ?? resolve(here, '../data/teams'))
mkdirSync(out, { recursive: true })

// The versions that ran, to be recorded in tests/data/teams/README.md.
const version = (name) => JSON.parse(readFileSync(resolve(here, 'node_modules', name, 'package.json'), 'utf8')).version
console.log(`ts-trueskill ${version('ts-trueskill')}, ts-gaussian ${version('ts-gaussian')}`)

// mulberry32: a small, fixed PRNG, so the stream is the same on every machine.
const mulberry32 = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const number = (x) => x.toPrecision(17)
const isoDate = (day) => new Date(Date.UTC(2015, 0, 1) + day * 86400000).toISOString().slice(0, 10)

function stream({ file, seed, matches, pool, env }) {
  const random = mulberry32(seed)
  const below = (n) => Math.floor(random() * n) // 0 .. n-1
  const pick = (weights) => {
    let r = random() * weights.reduce((a, b) => a + b, 0)
    for (let i = 0; i < weights.length; ++i) if ((r -= weights[i]) < 0) return i
    return weights.length - 1
  }
  const ratings = new Map() // player -> Rating
  const lines = ['match,date,team,player,rank,weight,mu_after,sigma_after']
  for (let match = 1; match <= matches; ++match) {
    const teams = 2 + pick([0.45, 0.3, 0.25])
    const sizes = Array.from({ length: teams }, () => 1 + pick([0.35, 0.25, 0.2, 0.1, 0.1]))
    // Distinct players: a partial Fisher-Yates shuffle of the pool.
    const ids = Array.from({ length: pool }, (_, i) => i + 1)
    const total = sizes.reduce((a, b) => a + b, 0)
    for (let i = 0; i < total; ++i) {
      const j = i + below(pool - i)
      ;[ids[i], ids[j]] = [ids[j], ids[i]]
    }
    // Ranks in input order: all tied, some tied (draws from 1..T, gaps too), or a shuffled 1..T.
    const kind = random()
    let ranks
    if (kind < 0.1) ranks = Array(teams).fill(1)
    else if (kind < 0.3) ranks = Array.from({ length: teams }, () => 1 + below(teams))
    else {
      ranks = Array.from({ length: teams }, (_, i) => i + 1)
      for (let i = teams - 1; i > 0; --i) {
        const j = below(i + 1)
        ;[ranks[i], ranks[j]] = [ranks[j], ranks[i]]
      }
    }
    const groups = []
    const weights = []
    const players = []
    let next = 0
    for (let t = 0; t < teams; ++t) {
      const group = []
      const shares = []
      const names = []
      for (let k = 0; k < sizes[t]; ++k) {
        const name = `p${ids[next++]}`
        if (!ratings.has(name)) ratings.set(name, env.createRating())
        group.push(ratings.get(name))
        shares.push(random() < 0.15 ? (5 + below(16)) / 20 : 1)
        names.push(name)
      }
      groups.push(group)
      weights.push(shares)
      players.push(names)
    }
    const rated = env.rate(groups, ranks, weights)
    for (let t = 0; t < teams; ++t)
      for (let k = 0; k < sizes[t]; ++k) {
        const r = rated[t][k]
        ratings.set(players[t][k], r)
        lines.push(
          [match, isoDate(match - 1), `t${t + 1}`, players[t][k], ranks[t], weights[t][k], number(r.mu), number(r.sigma)].join(','),
        )
      }
  }
  writeFileSync(resolve(out, file), lines.join('\n') + '\n')
  console.log(`${file}: ${matches} matches, ${lines.length - 1} rows`)
}

// The default environment, its defaults spelled out as the plugin's are.
stream({
  file: 'trueskill-stream.csv',
  seed: 20240611,
  matches: 3000,
  pool: 300,
  env: new TrueSkill(25, 25 / 3, 25 / 3 / 2, 25 / 3 / 100, 0.1),
})
stream({
  file: 'trueskill-stream-params.csv',
  seed: 7,
  matches: 400,
  pool: 40,
  env: new TrueSkill(1500, 400, 150, 12, 0.25),
})
