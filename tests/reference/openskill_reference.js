// Writes the weng-lin plugin's reference streams, tests/data/teams/openskill-<variant>.csv,
// by rating a fixed, seeded stream of team matches with openskill.js (the npm
// package `openskill`, pinned in package.json), one file per Weng-Lin variant.
// tests/test_weng_lin.cpp rates the same streams with the plugin and checks
// every mu and sigma.
//
//   cd tests/reference && npm install && node openskill_reference.js [output folder]
//
// (the output folder defaults to ../data/teams beside this script).
// The stream: 1000 matches of 2 to 4 teams of 1 to 5 players, drawn from a
// pool of 300 players who start at openskill's rating() (mu 25, sigma 25/3),
// rated in order with openskill's default options (tau 25/300, beta 25/6,
// kappa 1e-4, epsilon 0.1, limitSigma off). Ranks are given in the teams'
// input order, not sorted: a tenth of the matches are all tied, the rest
// either a shuffled 1..T or T draws from 1..T (ties and gaps). Partial-play
// weights: openskill.js 5.0.1 declares a `weight` option but ignores it (the
// script checks this), so every weight is 1 here; the plugin's partial play
// is checked against openskill.py's published numbers in the C++ test.
//
// Columns: match,date,team,player,rank,weight,mu_after,sigma_after; one row
// per player per match, a match's rows contiguous, teams named t1, t2... in
// the order they appear, dates one day apart, numbers to 17 significant digits.
//
// It also writes two small tables: openskill-cases.csv, single matches chosen
// to show one thing each (uneven teams, ties, unsorted ranks, tau 0 and
// large, kappa's floor, upsets far in the tails) under every variant, with
// each player's state before and after; and openskill-predictions.csv,
// predictWin and predictDraw for pairs of teams.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { rate, rating, predictWin, predictDraw } from 'openskill'
import {
  plackettLuce,
  bradleyTerryFull,
  bradleyTerryPart,
  thurstoneMostellerFull,
  thurstoneMostellerPart,
} from 'openskill/models'

const PINNED = '5.0.1'
const MATCHES = 1000
const POOL = 300
const SEED = 20110101 // Weng and Lin, JMLR 12 (2011)

const installed = JSON.parse(readFileSync(new URL('./node_modules/openskill/package.json', import.meta.url))).version
if (installed !== PINNED) throw new Error(`openskill ${installed} is installed; the fixtures are made with ${PINNED}`)

const variants = [
  ['plackett-luce', plackettLuce],
  ['bradley-terry-full', bradleyTerryFull],
  ['bradley-terry-part', bradleyTerryPart],
  ['thurstone-mosteller-full', thurstoneMostellerFull],
  ['thurstone-mosteller-part', thurstoneMostellerPart],
]

// openskill.js 5.0.1 takes `weight` in its options type but no model reads it:
// say so rather than write weights it did not use.
{
  const teams = [
    [rating(), rating()],
    [rating(), rating()],
  ]
  const plain = JSON.stringify(rate(teams))
  const weighted = JSON.stringify(rate(teams, { weight: [[0.9, 1.0], [1.0, 0.6]] }))
  if (plain !== weighted)
    throw new Error('this openskill honours `weight`: draw partial-play weights into the streams before regenerating')
}

// mulberry32: a small, fixed PRNG, so the stream is the same on every machine.
const mulberry32 = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const random = mulberry32(SEED)
const below = (n) => Math.floor(random() * n) // 0..n-1

// The matches, shared by the five variants: teams of player ids and their ranks.
const matches = []
for (let m = 0; m < MATCHES; m += 1) {
  const teamCount = 2 + below(3)
  const sizes = Array.from({ length: teamCount }, () => 1 + below(5))
  const pool = Array.from({ length: POOL }, (_, i) => i)
  let drawn = 0
  const teams = sizes.map((size) =>
    Array.from({ length: size }, () => {
      const j = drawn + below(POOL - drawn) // partial Fisher-Yates: distinct players
      ;[pool[drawn], pool[j]] = [pool[j], pool[drawn]]
      return pool[drawn++]
    })
  )
  const mode = random()
  let ranks
  if (mode < 0.1) {
    ranks = teams.map(() => 1)
  } else if (mode < 0.55) {
    ranks = teams.map((_, i) => i + 1)
    for (let i = ranks.length - 1; i > 0; i -= 1) {
      const j = below(i + 1)
      ;[ranks[i], ranks[j]] = [ranks[j], ranks[i]]
    }
  } else {
    ranks = teams.map(() => 1 + below(teamCount))
  }
  matches.push({ teams, ranks })
}

const day = (m) => new Date(Date.UTC(2024, 0, 1 + m)).toISOString().slice(0, 10)
const number = (x) => x.toPrecision(17)

const out = process.argv[2]
  ? pathToFileURL(resolve(process.argv[2]) + '/')
  : new URL('../data/teams/', import.meta.url)
mkdirSync(out, { recursive: true })
for (const [name, model] of variants) {
  const players = Array.from({ length: POOL }, () => rating())
  const lines = ['match,date,team,player,rank,weight,mu_after,sigma_after']
  matches.forEach(({ teams, ranks }, m) => {
    const after = rate(
      teams.map((team) => team.map((id) => players[id])),
      { model, rank: ranks }
    )
    teams.forEach((team, t) =>
      team.forEach((id, k) => {
        players[id] = after[t][k]
        const { mu, sigma } = after[t][k]
        lines.push([m + 1, day(m), `t${t + 1}`, `p${id + 1}`, ranks[t], 1, number(mu), number(sigma)].join(','))
      })
    )
  })
  writeFileSync(new URL(`openskill-${name}.csv`, out), lines.join('\n') + '\n')
  console.log(`openskill-${name}.csv: ${matches.length} matches, ${lines.length - 1} rows`)
}

// The single matches: [name, options, teams of [mu, sigma], ranks].
const third = 25 / 3
const cases = [
  ['two-teams-uneven', {}, [[[30, 6], [22, 7]], [[27, 5]]], [2, 1]],
  ['one-against-five', {}, [[[25, third]], Array.from({ length: 5 }, () => [25, third])], [1, 2]],
  ['four-teams-ties-unsorted', {}, [[[25, third]], [[28, 4], [20, 6]], [[24, 3]], [[26, 7], [23, 5], [27, 2]]], [3, 1, 3, 2]],
  ['five-teams-three-tied', {}, [[[20, 5]], [[32, 2], [18, 8]], [[25, third]], [[29, 3]], [[22, 6], [24, 4]]], [4, 1, 4, 4, 2]],
  ['draw', {}, [[[30, 6]], [[20, 5]]], [1, 1]],
  ['three-all-tied', {}, [[[30, 6], [25, 3]], [[20, 5]], [[27, 4]]], [1, 1, 1]],
  ['upset-far-apart', {}, [[[60, 1]], [[5, 1]]], [2, 1]],
  ['tie-far-apart', {}, [[[60, 1]], [[5, 1]]], [1, 1]],
  ['tau-0', { tau: 0 }, [[[25, third]], [[28, 4], [20, 6]], [[24, 3]], [[26, 7], [23, 5], [27, 2]]], [3, 1, 3, 2]],
  ['tau-2', { tau: 2 }, [[[30, 6], [22, 7]], [[27, 5]]], [2, 1]],
  ['parameters', { beta: 3, kappa: 0.001, tau: 0.5, epsilon: 0.8 },
    [[[20, 5]], [[32, 2], [18, 8]], [[25, third]], [[29, 3]], [[22, 6], [24, 4]]], [4, 1, 4, 4, 2]],
  ['kappa-floor-many-teams', { beta: 0.5, tau: 0 }, Array.from({ length: 16 }, (_, i) => [[25 + (i % 5), 20]]),
    Array.from({ length: 16 }, (_, i) => i + 1)],
  ['kappa-floor-high', { kappa: 0.999 }, [[[30, 6], [22, 7]], [[27, 5]]], [2, 1]],
]
{
  const lines = ['case,variant,beta,kappa,tau,epsilon,team,rank,mu_before,sigma_before,mu_after,sigma_after']
  for (const [name, options, teams, ranks] of cases)
    for (const [variant, model] of variants) {
      const all = { beta: 25 / 6, kappa: 1e-4, tau: 25 / 300, epsilon: 0.1, ...options }
      const after = rate(
        teams.map((team) => team.map(([mu, sigma]) => ({ mu, sigma }))),
        { ...all, model, rank: ranks }
      )
      teams.forEach((team, t) =>
        team.forEach(([mu, sigma], k) =>
          lines.push(
            [name, variant, all.beta, all.kappa, all.tau, all.epsilon, `t${t + 1}`, ranks[t], number(mu), number(sigma),
              number(after[t][k].mu), number(after[t][k].sigma)].join(',')
          )
        )
      )
    }
  writeFileSync(new URL('openskill-cases.csv', out), lines.join('\n') + '\n')
  console.log(`openskill-cases.csv: ${cases.length} matches x ${variants.length} variants`)
}

// predictWin and predictDraw for two teams: [name, beta, team A, team B], a team as [mu, sigma] pairs.
const pairs = [
  ['new-players', 25 / 6, [[25, third]], [[25, third]]],
  ['uneven', 25 / 6, [[30, 6], [22, 7]], [[27, 5]]],
  ['two-against-three', 25 / 6, [[28, 4], [20, 6]], [[26, 7], [23, 5], [27, 2]]],
  ['far-apart', 25 / 6, [[40, 1]], [[10, 1]]],
  ['beta-3', 3, [[28, 4], [20, 6]], [[26, 7], [23, 5], [27, 2]]],
]
{
  const team = (t) => t.map(([mu, sigma]) => `${number(mu)}/${number(sigma)}`).join(';')
  const lines = ['case,beta,team_a,team_b,win_a,draw']
  for (const [name, beta, a, b] of pairs) {
    const teams = [a, b].map((t) => t.map(([mu, sigma]) => ({ mu, sigma })))
    const [win] = predictWin(teams, { beta })
    lines.push([name, number(beta), team(a), team(b), number(win), number(predictDraw(teams, { beta }))].join(','))
  }
  writeFileSync(new URL('openskill-predictions.csv', out), lines.join('\n') + '\n')
  console.log(`openskill-predictions.csv: ${pairs.length} pairs`)
}
