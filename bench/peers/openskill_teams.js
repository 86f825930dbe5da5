// openskill.js on a team-csv file, for bench/openskill.sh: reads the matches
// (match,date,team,player,rank[,weight]; a match's rows together, its teams
// in the order they appear), rates them in order with openskill's
// Plackett-Luce `rate` on its defaults, as `ratekit run` with weng-lin's
// plackett-luce does, and writes every player's final mu and sigma
// (`player,mu,sigma`, shortest round-trip digits) to OUT_CSV. Weights are
// not read: openskill 5.0.1 ignores them, so the bench's file has none.
// Prints the matches, the players and the seconds spent inside rate().
//
//   node openskill_teams.js TEAM_CSV OUT_CSV
'use strict';
const fs = require('fs');
const { rating: fresh, rate } = require('openskill');
const { plackettLuce } = require('openskill/models');

const [file, outFile] = process.argv.slice(2);
if (!file || !outFile) {
  console.error('usage: node openskill_teams.js TEAM_CSV OUT_CSV');
  process.exit(2);
}

const text = fs.readFileSync(file, 'utf8');
const header = text.slice(0, text.indexOf('\n')).trim().split(',');
const col = (name) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`${file}: no column '${name}'`);
  return i;
};
const cMatch = col('match'), cTeam = col('team'), cPlayer = col('player'), cRank = col('rank');

const skill = new Map();  // name -> { mu, sigma }, in order of first appearance
let matches = 0;
let name = null, teams = [], ranks = [], teamNames = [];

let rateNs = 0n;  // time inside openskill's rate()
function flush() {
  if (name === null) return;
  const before = teams.map((t) => t.map((p) => skill.get(p)));
  const t0 = process.hrtime.bigint();
  const after = rate(before, { rank: ranks, model: plackettLuce });
  rateNs += process.hrtime.bigint() - t0;
  teams.forEach((t, i) => t.forEach((p, j) => skill.set(p, after[i][j])));
  ++matches;
}

let pos = text.indexOf('\n') + 1;
while (pos < text.length) {
  let end = text.indexOf('\n', pos);
  if (end < 0) end = text.length;
  const line = text.substring(pos, end).replace(/\r$/, '');
  pos = end + 1;
  if (line === '') continue;
  const row = line.split(',');
  if (row[cMatch] !== name) {
    flush();
    name = row[cMatch], teams = [], ranks = [], teamNames = [];
  }
  let t = teamNames.indexOf(row[cTeam]);
  if (t < 0) {
    t = teamNames.length;
    teamNames.push(row[cTeam]), teams.push([]), ranks.push(Number(row[cRank]));
  }
  const player = row[cPlayer];
  if (!skill.has(player)) skill.set(player, fresh());
  teams[t].push(player);
}
flush();

const lines = ['player,mu,sigma'];
for (const [player, r] of skill) lines.push(`${player},${r.mu},${r.sigma}`);
fs.writeFileSync(outFile, lines.join('\n') + '\n');
console.log(JSON.stringify({ matches, players: skill.size, rate_s: Number(rateNs) / 1e9 }));
