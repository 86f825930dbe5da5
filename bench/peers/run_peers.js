// Peers on ratekit's benchmark input: reads the same games CSV
// (date,player_a,player_b,score_a), rates every game in order with one peer
// library and prints wall and CPU time: in all, as `ratekit run` is measured, and
// for the rating loop alone on parsed games, as the plugin benchmark is.
//
//   node run_peers.js elo-rank|openskill GAMES_CSV [K]
'use strict';
const fs = require('fs');

const [peer, file, kText] = process.argv.slice(2);
if (!peer || !file) {
  console.error('usage: node run_peers.js elo-rank|openskill GAMES_CSV [K]');
  process.exit(2);
}

const start = process.hrtime.bigint();
const cpu0 = process.cpuUsage();

// Dense ids for names, as ratekit and the bare loop give them.
const ids = new Map();
const names = [];
function intern(name) {
  let id = ids.get(name);
  if (id === undefined) {
    id = names.length;
    ids.set(name, id);
    names.push(name);
  }
  return id;
}

// Parses every game first into typed arrays, so the rating loop can be timed alone.
function parse(text) {
  const rows = (text.match(/\n/g) || []).length;
  const a = new Int32Array(rows), b = new Int32Array(rows), s = new Float64Array(rows);
  let n = 0;
  let pos = text.indexOf('\n') + 1;  // past the header
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const row = text.substring(pos, end).split(',');
    pos = end + 1;
    if (row.length !== 4) throw new Error(`line ${n + 2}: expected 4 fields, got ${row.length}`);
    a[n] = intern(row[1]);
    b[n] = intern(row[2]);
    s[n] = Number(row[3]);
    ++n;
  }
  return { a: a.subarray(0, n), b: b.subarray(0, n), s: s.subarray(0, n), n };
}

const seconds = (cpu) => (cpu.user + cpu.system) / 1e6;
const g = parse(fs.readFileSync(file, 'latin1'));
const parseCpu = seconds(process.cpuUsage(cpu0));
const cpu1 = process.cpuUsage();
let top;
if (peer === 'elo-rank') {
  const EloRank = require('elo-rank');
  const elo = new EloRank(Number(kText || 20));
  const rating = new Array(names.length).fill(1500);
  for (let i = 0; i < g.n; ++i) {
    const a = g.a[i], b = g.b[i], s = g.s[i];
    const ea = elo.getExpected(rating[a], rating[b]);
    const eb = elo.getExpected(rating[b], rating[a]);
    rating[a] = elo.updateRating(ea, s, rating[a]);
    rating[b] = elo.updateRating(eb, 1 - s, rating[b]);
  }
  top = rating.reduce((m, r) => Math.max(m, r), -Infinity);
} else if (peer === 'openskill') {
  const { rating: fresh, rate, ordinal } = require('openskill');
  const skill = names.map(() => fresh());
  for (let i = 0; i < g.n; ++i) {
    const a = g.a[i], b = g.b[i], s = g.s[i];
    const rank = s === 1 ? [1, 2] : s === 0 ? [2, 1] : [1, 1];
    const [[na], [nb]] = rate([[skill[a]], [skill[b]]], { rank });
    skill[a] = na;
    skill[b] = nb;
  }
  top = skill.reduce((m, r) => Math.max(m, ordinal(r)), -Infinity);
} else {
  console.error(`unknown peer '${peer}': expected elo-rank or openskill`);
  process.exit(2);
}

const rateCpu = seconds(process.cpuUsage(cpu1));
const wall = Number(process.hrtime.bigint() - start) / 1e9;
const total = seconds(process.cpuUsage(cpu0));
console.log(JSON.stringify({
  peer, games: g.n, players: names.length, top: Number(top.toFixed(3)),
  wall_s: Number(wall.toFixed(3)), cpu_s: Number(total.toFixed(3)),
  parse_cpu_s: Number(parseCpu.toFixed(3)), rate_cpu_s: Number(rateCpu.toFixed(3)),
  games_per_cpu_s: Math.round(g.n / total), rated_games_per_cpu_s: Math.round(g.n / rateCpu),
}));
