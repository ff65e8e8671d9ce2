import type { Bot } from "../../kernel/bot.js"
import { simulate } from "../../kernel/simulate.js"
import { CONTRACT_EVENTS, card, DECKS, PLANNING_EVENTS } from "./data.js"
import type { Event } from "./events.js"
import { heuristicBot, randomBot, urbanSprawl } from "./index.js"
import type { Options } from "./options.js"

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
  /** Buildings covered by Urban Renewal, and buildings lost to events (Fire, Flood, Earthquake, Urban Decay). */
  readonly meanDemolished: number
  readonly meanLost: number
  readonly meanOfficeChanges: number
  readonly maxRoundsReached: number
  /** Mean turn (counted over all seats) at which each key event turned up (games where it did). */
  readonly keyEventTurn: Readonly<Record<string, number>>
  /** Mean contract-deck cards revealed per game: contracts and (non-key) events. */
  readonly contractsRevealed: number
  readonly contractEventsRevealed: number
  /** Mean action points left unspent per turn. */
  readonly meanApUnspent: number
  /** Share of the winner's prestige that came from the Olympic Games' final payouts (design note §8 row 13). */
  readonly finalPayoutShareOfWinner: number
  /**
   * Per event (design note §8 row 8), over its reveals after set-up: how often it turns up per game, and its mean
   * swing — the largest minus the smallest change it made to a player's prestige (and wealth) from its reveal
   * to its end, payouts, ransoms, auctions and headlines included.
   */
  readonly events: ReadonlyArray<{
    name: string
    deck: "planning" | "town" | "city" | "metro"
    key: boolean
    perGame: number
    prestigeSwing: number
    wealthSwing: number
  }>
  /** Planning events revealed per game after set-up (design note §8 row 8: 1–3). */
  readonly planningEventsPerGame: number
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
  let lost = 0
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
  const keyTurns: Record<string, number[]> = { Airport: [], "Sports Team": [], "Olympic Games": [] }
  let contractsRevealed = 0
  let contractEventsRevealed = 0
  let apUnspent = 0
  let finalShare = 0
  const eventStats = new Map<string, { deck: string; n: number; prestige: number; wealth: number }>()
  let planningEvents = 0
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
    let turn = 0
    let ap = 0
    /** Prestige payouts still to come from the Olympic Games (6 once they are awarded). */
    let finals = 0
    const finalGains = Array.from({ length: seats }, () => 0)
    /** The event being resolved (from its reveal to its EventDone) and what it has changed so far, per seat. */
    let resolving: { card: string; deck: string; prestige: number[]; wealth: number[] } | null = null
    const purse = (seat: number, wealth: number, prestige: number) => {
      if (!resolving) return
      resolving.wealth[seat] = (resolving.wealth[seat] ?? 0) + wealth
      resolving.prestige[seat] = (resolving.prestige[seat] ?? 0) + prestige
    }
    for (const e of sim.events as Event[]) {
      switch (e.type) {
        case "PurseChanged":
          for (let s = 0; s < seats; s++) purse(s, e.wealth[s] ?? 0, e.prestige[s] ?? 0)
          break
        case "PayoutMade":
          for (const l of e.lines)
            for (let s = 0; s < seats; s++) {
              const x = l.gains[s] ?? 0
              purse(s, e.currency === "wealth" ? x : 0, e.currency === "prestige" ? x : 0)
            }
          break
        case "HeadlinesAwarded":
          purse(e.seat, 0, e.prestige)
          break
        case "RansomPaid":
          purse(e.seat, -e.wealth, -e.prestige)
          break
        case "AuctionBid":
          if (e.paid && resolving) {
            const ev = card(resolving.card)
            const op = ev.kind === "event" ? ev.ops.find((o) => o.op === "auction") : undefined
            if (op?.op === "auction") purse(e.seat, -op.price, op.prestige)
          }
          break
        case "EventDone":
          if (resolving?.card === e.card) {
            const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs)
            const entry = eventStats.get(e.card) ?? { deck: resolving.deck, n: 0, prestige: 0, wealth: 0 }
            entry.n++
            entry.prestige += spread(resolving.prestige)
            entry.wealth += spread(resolving.wealth)
            eventStats.set(e.card, entry)
            resolving = null
          }
          break
      }
      switch (e.type) {
        case "TurnStarted":
          turns++
          turn++
          ap = e.ap
          break
        case "TurnEnded":
          apUnspent += ap
          break
        case "PlanningTaken":
        case "FavorTaken":
          ap -= e.type === "PlanningTaken" && e.free ? 0 : e.ap
          break
        case "OlympicsAwarded":
          finals = 6
          break
        case "CardRevealed": {
          if (!e.setup && card(e.card).kind === "event") {
            resolving = {
              card: e.card,
              deck: e.deck,
              prestige: Array.from({ length: seats }, () => 0),
              wealth: Array.from({ length: seats }, () => 0),
            }
            if (e.deck === "planning") planningEvents++
          }
          if (e.deck === "planning" || e.setup) break
          const c = card(e.card)
          if (c.kind === "contract") contractsRevealed++
          else if (c.kind === "event" && c.key) keyTurns[c.name]?.push(turn)
          else contractEventsRevealed++
          break
        }
        case "Built":
          ap -= e.ap
          builds++
          demolished += e.demolished.length
          builtBy.set(e.card, e.seat)
          break
        case "BuildingLost":
          lost++
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
          if (e.currency === "prestige") {
            for (const l of e.lines) {
              sources.payouts = (sources.payouts ?? 0) + l.gains.reduce((a, b) => a + b, 0)
              if (finals > 0)
                l.gains.forEach((x, s) => {
                  finalGains[s] = (finalGains[s] ?? 0) + x
                })
            }
            if (finals > 0) finals--
          }
          break
        case "PurseChanged": {
          const gained = e.prestige.reduce((a, b) => a + Math.max(0, b), 0)
          const key = e.cause.startsWith("vocation")
            ? "vocations"
            : isEventName(e.cause)
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
    const top = Math.max(...state.players.map((p) => p.prestige))
    const winner = state.players.findIndex((p) => p.prestige === top)
    if (top > 0) finalShare += (finalGains[winner] ?? 0) / top
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
    meanLost: lost / games,
    meanOfficeChanges: officeChanges / games,
    maxRoundsReached: maxRounds,
    keyEventTurn: Object.fromEntries(
      Object.entries(keyTurns).map(([k, v]) => [k, v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0]),
    ),
    contractsRevealed: contractsRevealed / games,
    contractEventsRevealed: contractEventsRevealed / games,
    meanApUnspent: turns ? apUnspent / turns : 0,
    finalPayoutShareOfWinner: finalShare / games,
    events: [...eventStats.entries()].map(([id, v]) => {
      const c = card(id) as { name: string; key?: boolean }
      return {
        name: c.name,
        deck: v.deck as "planning" | "town" | "city" | "metro",
        key: c.key === true,
        perGame: v.n / games,
        prestigeSwing: v.prestige / v.n,
        wealthSwing: v.wealth / v.n,
      }
    }),
    planningEventsPerGame: planningEvents / games,
    cards: [...cards.entries()].map(([c, v]) => ({
      card: c,
      name: (card(c) as { name: string }).name,
      ...v,
    })),
  }
}

/** The 95 % Wilson score interval of `k` successes in `n` trials, as fractions. */
export const wilson = (k: number, n: number, z = 1.96): [number, number] => {
  if (n === 0) return [0, 1]
  const p = k / n
  const d = 1 + (z * z) / n
  const c = (p + (z * z) / (2 * n)) / d
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d
  return [c - h, c + h]
}

/** Every event's name: a purse change with one of these causes is an event's, not a card effect's. */
const EVENT_NAMES = new Set(
  [...PLANNING_EVENTS, ...DECKS.flatMap((d) => CONTRACT_EVENTS[d])].map((e) => e.name),
)
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
