/**
 * Heuristic against random in Suburbia: 1 heuristic bot and 3 random bots, the heuristic's seat rotating,
 * over N 4-seat games (default 1,000). Prints the heuristic's win rate (rank 1, shared wins included), its
 * sole wins, its mean rank and mean score; then the heuristic against Dale in solo games.
 * Run: npx tsx scripts/suburbia-winrate.ts [games] [soloGames]
 */
import { heuristicBot, randomBot, suburbia } from "../src/games/suburbia/index.js"
import type { State } from "../src/games/suburbia/state.js"
import { simulate } from "../src/kernel/simulate.js"

const games = Number(process.argv[2] ?? 1000)
const soloGames = Number(process.argv[3] ?? 200)
let wins = 0
let sole = 0
let rankSum = 0
let scoreSum = 0
let randomScoreSum = 0
const started = performance.now()
for (let i = 0; i < games; i++) {
  const seat = i % 4
  const bots = [randomBot, randomBot, randomBot, randomBot]
  bots[seat] = heuristicBot
  const { match } = simulate(suburbia, suburbia.defaultOptions, bots, `suburbia-winrate-${i}`, {
    keepEvents: false,
  })
  const ranks = match.ended?.ranks ?? []
  const scores = match.ended?.scores ?? []
  const rank = ranks[seat] ?? 4
  rankSum += rank
  scoreSum += scores[seat] ?? 0
  randomScoreSum += scores.reduce((s, x, k) => (k === seat ? s : s + x), 0) / 3
  if (rank === 1) {
    wins++
    if (ranks.filter((r) => r === 1).length === 1) sole++
  }
}
const seconds = (performance.now() - started) / 1000
let beatDale = 0
let soloScore = 0
let daleScore = 0
for (let i = 0; i < soloGames; i++) {
  const { match } = simulate(suburbia, suburbia.defaultOptions, [heuristicBot], `suburbia-solo-${i}`, {
    keepEvents: false,
  })
  if (match.ended?.ranks[0] === 1) beatDale++
  const players = (match.state as State).players
  soloScore += players[0]?.population ?? 0
  daleScore += players[1]?.population ?? 0
}
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`
console.log(
  JSON.stringify(
    {
      games,
      heuristicWins: wins,
      winRate: pct(wins, games),
      soleWins: pct(sole, games),
      meanRank: Number((rankSum / games).toFixed(3)),
      meanScore: Number((scoreSum / games).toFixed(1)),
      meanRandomScore: Number((randomScoreSum / games).toFixed(1)),
      seconds: Number(seconds.toFixed(1)),
      solo: {
        games: soloGames,
        beatDale: pct(beatDale, soloGames),
        meanScore: Number((soloScore / soloGames).toFixed(1)),
        meanDale: Number((daleScore / soloGames).toFixed(1)),
      },
    },
    null,
    2,
  ),
)
