import { type Bot, simulate } from "@boroughs/core"
import { botsFor, requireGame, requireSeats } from "../games.js"
import { progressBar } from "../progress.js"

export interface ArenaOptions {
  readonly game: string
  readonly players: number
  readonly bots: string
  readonly games: number
  readonly seed: string
}

interface Standing {
  bot: string
  games: number
  wins: number
  sharedWins: number
  meanScore: number
  meanRank: number
}

/** A 95 % Wilson interval for a win rate: how far the figure can be trusted at this many games. */
const wilson = (wins: number, n: number): [number, number] => {
  if (n === 0) return [0, 0]
  const z = 1.96
  const p = wins / n
  const d = 1 + (z * z) / n
  const c = p + (z * z) / (2 * n)
  const m = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))
  return [(c - m) / d, (c + m) / d]
}

/**
 * Plays many games in process (no store) with the line-up rotating round the table, so no bot keeps the
 * advantage of one seat, and reports each line-up position's results. A win shared by k seats counts 1/k.
 */
export const arena = (o: ArenaOptions) => {
  const g = requireGame(o.game)
  const seats = requireSeats(g, o.players)
  const lineUp = botsFor(g, o.bots, seats)
  const totals = lineUp.map((b) => ({ bot: b.name, games: 0, wins: 0, sharedWins: 0, score: 0, rank: 0 }))
  const bar = progressBar(`${g.game.id} arena`, o.games)
  const started = performance.now()
  for (let n = 0; n < o.games; n++) {
    // Position p of the line-up sits at seat (p + n) mod seats in game n.
    const bots: Bot[] = lineUp.map((_, seat) => lineUp[(seat - (n % seats) + seats) % seats] as Bot)
    const { match } = simulate(g.game, undefined, bots, `${o.seed}/${n}`, { keepEvents: false })
    const ranks = match.ended?.ranks ?? []
    const winners = ranks.filter((r) => r === 1).length
    for (let p = 0; p < seats; p++) {
      const seat = (p + n) % seats
      const t = totals[p] as (typeof totals)[number]
      t.games++
      t.score += match.ended?.scores[seat] ?? 0
      t.rank += ranks[seat] ?? seats
      if (ranks[seat] === 1) {
        t.wins += 1 / winners
        if (winners > 1) t.sharedWins++
      }
    }
    bar.increment()
  }
  bar.stop()
  const seconds = (performance.now() - started) / 1000
  const standings: Array<Standing & { winRate: number; winRate95: [number, number] }> = totals.map((t) => ({
    bot: t.bot,
    games: t.games,
    wins: Math.round(t.wins * 100) / 100,
    sharedWins: t.sharedWins,
    winRate: t.wins / t.games,
    winRate95: wilson(t.wins, t.games),
    meanScore: t.score / t.games,
    meanRank: t.rank / t.games,
  }))
  return {
    game: g.game.id,
    players: seats,
    games: o.games,
    seconds,
    playoutsPerSecond: o.games / seconds,
    standings,
  }
}

/** The arena's result as a table for a person. */
export const formatArena = (r: ReturnType<typeof arena>): string => {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`
  const rows = r.standings.map(
    (s, i) =>
      `  ${String(i + 1).padStart(2)}  ${s.bot.padEnd(12)} ${pct(s.winRate).padStart(6)}  (95% ${pct(s.winRate95[0])}–${pct(s.winRate95[1])})  mean score ${s.meanScore.toFixed(1).padStart(6)}  mean rank ${s.meanRank.toFixed(2)}`,
  )
  return [
    `${r.game}: ${r.games} games of ${r.players} players in ${r.seconds.toFixed(1)} s (${r.playoutsPerSecond.toFixed(0)} games/s), seats rotating`,
    "  #   bot          wins",
    ...rows,
  ].join("\n")
}
