import type { Bot } from "../../kernel/bot.js"
import { simulate } from "../../kernel/simulate.js"
import { card } from "./data.js"
import { heuristicBot, randomBot, urbanSprawl } from "./index.js"
import type { Event, Options } from "./model.js"

/**
 * Self-play statistics for the balance report (`docs/urban-sprawl-balance.md`). Pure: plays seeded games in
 * process and returns the figures; a caller prints them (`pnpm exec tsx -e` in the report's header).
 */

export interface TableStats {
  readonly name: string
  readonly games: number
  /** Wins (shared wins count for each winner) by position after the start player (0 = the start player). */
  readonly winsByPosition: number[]
  /** Wins of seats playing `heroName` (mixed tables). */
  readonly heroWins: number
  readonly heroGames: number
  readonly meanRounds: number
  readonly meanTurns: number
  readonly medianWinner: number
  readonly meanPrestige: number
  readonly prestigeShare: Readonly<Record<string, number>>
  readonly meanBuilds: number
  readonly meanDemolished: number
  readonly meanOfficeChanges: number
  readonly maxRoundsReached: number
  /** Per contract: games in which it was built, and the builder's win rate. */
  readonly cards: ReadonlyArray<{ card: string; name: string; built: number; builderWins: number }>
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] as number)
}

export const playTable = (
  name: string,
  seats: number,
  games: number,
  botFor: (seat: number, game: number) => Bot,
  isHero: (seat: number, game: number) => boolean = () => false,
  options: Options = urbanSprawl.defaultOptions,
): TableStats => {
  const winsByPosition = Array.from({ length: seats }, () => 0)
  let heroWins = 0
  let heroGames = 0
  let rounds = 0
  let turns = 0
  let builds = 0
  let demolished = 0
  let officeChanges = 0
  let maxRounds = 0
  const winners: number[] = []
  let prestigeTotal = 0
  const sources: Record<string, number> = {
    payouts: 0,
    vocations: 0,
    offices: 0,
    "card effects": 0,
    events: 0,
    tribute: 0,
  }
  const cards = new Map<string, { built: number; builderWins: number }>()
  for (let g = 0; g < games; g++) {
    const bots = Array.from({ length: seats }, (_, s) => botFor(s, g))
    const sim = simulate(urbanSprawl, options, bots, `balance-${name}-${g}`)
    const ranks = sim.match.ended?.ranks ?? []
    const state = sim.match.state as {
      startPlayer: number
      round: number
      ending: boolean
      players: Array<{ prestige: number }>
    }
    for (let s = 0; s < seats; s++) {
      if (ranks[s] === 1) {
        const pos = (s - state.startPlayer + seats) % seats
        winsByPosition[pos] = (winsByPosition[pos] ?? 0) + 1
      }
      if (isHero(s, g)) {
        heroGames++
        if (ranks[s] === 1) heroWins++
      }
    }
    rounds += state.round
    if (!state.ending) maxRounds++
    winners.push(Math.max(...state.players.map((p) => p.prestige)))
    const builtBy = new Map<string, number>()
    for (const e of sim.events as Event[]) {
      switch (e.type) {
        case "TurnStarted":
          turns++
          break
        case "Built":
          builds++
          demolished += e.demolished.length
          builtBy.set(e.card, e.seat)
          break
        case "BuildingLost":
          demolished++
          break
        case "ElectionHeld":
          if (e.prestige > 0) officeChanges++
          sources.offices = (sources.offices ?? 0) + e.prestige
          break
        case "OfficeTaken":
          officeChanges++
          sources.offices = (sources.offices ?? 0) + e.prestige
          break
        case "PayoutMade":
          if (e.currency === "prestige")
            for (const l of e.lines)
              sources.payouts = (sources.payouts ?? 0) + l.gains.reduce((a, b) => a + b, 0)
          break
        case "PurseChanged": {
          const gained = e.prestige.reduce((a, b) => a + Math.max(0, b), 0)
          const key = e.cause.startsWith("vocation")
            ? "vocations"
            : /^[A-Z]/.test(e.cause) && isEventName(e.cause)
              ? "events"
              : "card effects"
          sources[key] = (sources[key] ?? 0) + gained
          break
        }
        case "HeadlinesAwarded":
        case "AuctionBid":
          if (e.type === "HeadlinesAwarded") sources.events = (sources.events ?? 0) + e.prestige
          else if (e.paid) sources.events = (sources.events ?? 0) + 5
          break
        case "TributePaid":
          sources.tribute = (sources.tribute ?? 0) + e.prestige
          break
      }
    }
    for (const [c, seat] of builtBy) {
      const entry = cards.get(c) ?? { built: 0, builderWins: 0 }
      entry.built++
      if (ranks[seat] === 1) entry.builderWins++
      cards.set(c, entry)
    }
  }
  for (const v of Object.values(sources)) prestigeTotal += v
  return {
    name,
    games,
    winsByPosition,
    heroWins,
    heroGames,
    meanRounds: rounds / games,
    meanTurns: turns / games,
    medianWinner: median(winners),
    meanPrestige: prestigeTotal / games / seats,
    prestigeShare: Object.fromEntries(
      Object.entries(sources).map(([k, v]) => [k, prestigeTotal ? v / prestigeTotal : 0]),
    ),
    meanBuilds: builds / games,
    meanDemolished: demolished / games,
    meanOfficeChanges: officeChanges / games,
    maxRoundsReached: maxRounds,
    cards: [...cards.entries()].map(([c, v]) => ({
      card: c,
      name: (card(c) as { name: string }).name,
      ...v,
    })),
  }
}

const EVENT_NAMES = new Set(["Luxury Taxes", "Bond Issue", "Harvest Fair", "Stock Market Boom", "Recession"])
const isEventName = (cause: string) => EVENT_NAMES.has(cause)

/** The report's tables: heuristic self-play at 2, 3 and 4 seats, and one heuristic seat against three random. */
export const balanceTables = (gamesPerTable: number, mixedGames: number): TableStats[] => [
  playTable("4-heuristic", 4, gamesPerTable, () => heuristicBot),
  playTable("3-heuristic", 3, gamesPerTable, () => heuristicBot),
  playTable("2-heuristic", 2, gamesPerTable, () => heuristicBot),
  playTable(
    "heuristic-vs-3-random",
    4,
    mixedGames,
    (s, g) => (s === g % 4 ? heuristicBot : randomBot),
    (s, g) => s === g % 4,
  ),
]
