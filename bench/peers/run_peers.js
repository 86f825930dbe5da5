// Peers on ratekit's benchmark input: reads the same games CSV
// (date,player_a,player_b,score_a), rates every game in order with one peer
// library and prints wall and CPU time. Parsing is included, as in `ratekit run`.
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

function* games(text) {
  let pos = text.indexOf('\n') + 1;  // past the header
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const row = text.substring(pos, end).split(',');
    pos = end + 1;
    if (row.length !== 4) throw new Error(`expected 4 fields, got ${row.length}`);
    yield [intern(row[1]), intern(row[2]), Number(row[3])];
  }
}

const text = fs.readFileSync(file, 'latin1');
let count = 0;
let top;
if (peer === 'elo-rank') {
  const EloRank = require('elo-rank');
  const elo = new EloRank(Number(kText || 20));
  const rating = [];
  for (const [a, b, s] of games(text)) {
    while (rating.length < names.length) rating.push(1500);
    const ea = elo.getExpected(rating[a], rating[b]);
    const eb = elo.getExpected(rating[b], rating[a]);
    rating[a] = elo.updateRating(ea, s, rating[a]);
    rating[b] = elo.updateRating(eb, 1 - s, rating[b]);
    ++count;
  }
  top = rating.reduce((m, r) => Math.max(m, r), -Infinity);
} else if (peer === 'openskill') {
  const { rating: fresh, rate, ordinal } = require('openskill');
  const skill = [];
  for (const [a, b, s] of games(text)) {
    while (skill.length < names.length) skill.push(fresh());
    const rank = s === 1 ? [1, 2] : s === 0 ? [2, 1] : [1, 1];
    const [[na], [nb]] = rate([[skill[a]], [skill[b]]], { rank });
    skill[a] = na;
    skill[b] = nb;
    ++count;
  }
  top = skill.reduce((m, r) => Math.max(m, ordinal(r)), -Infinity);
} else {
  console.error(`unknown peer '${peer}': expected elo-rank or openskill`);
  process.exit(2);
}

const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(JSON.stringify({
  peer, games: count, players: names.length, top: Number(top.toFixed(3)),
  wall_s: Number(seconds.toFixed(3)), cpu_s: Number(cpuSeconds.toFixed(3)),
  games_per_cpu_s: Math.round(count / cpuSeconds),
}));
