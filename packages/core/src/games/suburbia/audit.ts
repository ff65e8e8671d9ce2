/**
 * A third party's check of a Suburbia game from its events alone (issue 7: "scores are checked
 * independently from exported events"). It does not run the rules: it folds every recorded change from the
 * starting tracks and checks each against the tile table — the cost paid, each effect's amount × count ×
 * multiplier, that every counted tile fits the effect's filter and scope (neighbours really adjacent, own
 * tiles really the owner's, later tiles really later), that each population move is followed by exactly the
 * red lines it crossed, that the tracks stay in bounds — and that GameEnded's scores and ranks follow.
 */
import { goalDef } from "./data/goals.js"
import {
  DALE_MARKET_SURCHARGES,
  DALE_PRICE,
  DOLLARS_PER_POPULATION,
  MARKET_SURCHARGES,
  START,
  STARTING_COLUMN,
  TRACK_MAX,
  TRACK_MIN,
} from "./data/rules.js"
import { LAKE, tileDef } from "./data/tiles.js"
import { type Effect, matches } from "./effects.js"
import type { Change, Event } from "./events.js"
import { adjacent, START_HEXES } from "./hex.js"
import { lineAt, linesUpTo } from "./redlines.js"

/** One player's tracks as the audit folds them. */
export interface AuditedTracks {
  money: number
  income: number
  reputation: number
  population: number
}

/** What the audit found: the tracks it folded, and every inconsistency (empty when the game checks out). */
export interface AuditReport {
  readonly tracks: ReadonlyArray<AuditedTracks>
  readonly problems: ReadonlyArray<string>
  /** Changes checked. */
  readonly changes: number
}

/** A placement as the events describe it. */
interface Seen {
  readonly pid: number
  readonly owner: number
  readonly tile: string
  readonly lake: boolean
  readonly q: number
  readonly r: number
  invested: boolean
}

const effectsOf = (t: Seen): ReadonlyArray<Effect> => (t.lake ? LAKE.effects : tileDef(t.tile).effects)
const matchable = (t: Seen) => (t.lake ? LAKE : tileDef(t.tile))

/** Audits a whole game's events (GameStarted first). */
export const auditGame = (events: ReadonlyArray<Event>): AuditReport => {
  const problems: string[] = []
  const started = events[0]
  if (started?.type !== "GameStarted") return { tracks: [], problems: ["no GameStarted"], changes: 0 }
  const solo = started.seats === 1
  const players = started.seats + (solo ? 1 : 0)
  const surcharges = solo ? DALE_MARKET_SURCHARGES : MARKET_SURCHARGES
  const tracks: AuditedTracks[] = Array.from({ length: players }, () => ({
    money: START.money,
    income: START.income,
    reputation: START.reputation,
    population: START.population,
  }))
  const seen = new Map<number, Seen>()
  // The starting columns: pids 0, 1, 2 for player 0, 3, 4, 5 for player 1, …
  for (let p = 0; p < players; p++)
    STARTING_COLUMN.forEach((tile, i) => {
      const { q, r } = START_HEXES[i] as { q: number; r: number }
      const pid = STARTING_COLUMN.length * p + i
      seen.set(pid, { pid, owner: p, tile, lake: false, q, r, invested: false })
    })
  let checked = 0
  let final = false

  const problem = (at: number, what: string) => problems.push(`event ${at}: ${what}`)

  /** Checks that the counted placements fit effect `e` of tile `self`, placed or invested at event `at`. */
  const checkCounted = (
    at: number,
    self: Seen,
    e: Effect,
    of: ReadonlyArray<number>,
    placed: Seen | null,
  ) => {
    if (e.trigger !== "each" && e.trigger !== "each-later") return
    for (const pid of of) {
      const t = seen.get(pid)
      if (!t) {
        problem(at, `counted placement ${pid} does not exist`)
        continue
      }
      if (e.scope === "lakeside") {
        if (!t.lake || t.owner !== self.owner)
          problem(at, `lakeside pair without ${self.owner}'s lake ${pid}`)
        continue
      }
      if (!matches(e.filter, matchable(t)))
        problem(at, `placement ${pid} (${t.tile}) does not fit the filter`)
      if (e.trigger === "each-later" && t.pid <= self.pid)
        problem(at, `placement ${pid} is not later than ${self.pid}`)
      if (e.scope === "adjacent" && (t.owner !== self.owner || !adjacent(t, self)))
        problem(at, `placement ${pid} is not adjacent to ${self.pid}`)
      if (e.scope === "own" && t.owner !== self.owner)
        problem(at, `placement ${pid} is not in the owner's borough`)
      if (e.scope === "others" && t.owner === self.owner)
        problem(at, `placement ${pid} is in the owner's borough`)
    }
    // A reaction counts only the tile just placed (or, by the lakeside pairs, its lakes or its neighbours).
    if (placed && placed.pid !== self.pid && e.scope !== "lakeside" && of.some((pid) => pid !== placed.pid))
      problem(at, `a reaction to ${placed.pid} counts other placements`)
  }

  /** Folds one change, checking its value, its amount and, for effects, what it counted. */
  const fold = (at: number, c: Change, placed: Seen | null, payments: Map<string, number> | null) => {
    checked++
    const t = tracks[c.player]
    if (!t) return problem(at, `no player ${c.player}`)
    const before = t[c.stat]
    let after = before + c.delta
    if (c.stat === "income" || c.stat === "reputation")
      after = Math.max(TRACK_MIN, Math.min(TRACK_MAX, after))
    else if (after < 0) {
      if (c.stat === "money") problem(at, `player ${c.player} pays $${-c.delta} with $${before}`)
      after = 0
    }
    if (after !== c.value)
      problem(at, `${c.stat} of player ${c.player}: ${before} ${c.delta} → ${c.value}, not ${after}`)
    t[c.stat] = c.value
    const cause = c.cause
    if (cause.kind === "cost") {
      const expected = payments?.get(cause.item)
      if (expected === undefined) problem(at, `unexpected payment ${cause.item}`)
      else if (-c.delta !== expected) problem(at, `${cause.item} costs $${expected}, paid $${-c.delta}`)
      payments?.delete(cause.item)
    }
    if (cause.kind === "effect") {
      const self = seen.get(cause.pid)
      if (!self) return problem(at, `effect of unknown placement ${cause.pid}`)
      if (cause.tile !== (self.lake ? "lake" : self.tile))
        problem(at, `placement ${cause.pid} is not a ${cause.tile}`)
      if (self.owner !== c.player) problem(at, `an effect of ${cause.pid} moved player ${c.player}'s track`)
      const e = effectsOf(self)[cause.effect]
      if (!e) return problem(at, `${cause.tile} has no effect ${cause.effect}`)
      if (e.stat !== c.stat)
        problem(at, `${cause.tile} effect ${cause.effect} moves ${e.stat}, not ${c.stat}`)
      const multiplier = cause.investment ? 1 : self.invested ? 2 : 1
      if (cause.multiplier !== multiplier)
        problem(at, `multiplier ${cause.multiplier}, expected ${multiplier}`)
      if (c.delta !== e.amount * cause.count * cause.multiplier)
        problem(at, `${cause.tile}: ${e.amount} × ${cause.count} × ${cause.multiplier} ≠ ${c.delta}`)
      if (e.trigger === "red-line") {
        if (cause.line === null && !cause.investment) problem(at, "a red-line effect without its line")
      } else if (e.trigger !== "immediate" && cause.count !== cause.of.length)
        problem(at, `count ${cause.count} but ${cause.of.length} placements listed`)
      checkCounted(at, self, e, cause.of, cause.investment ? null : placed)
    }
  }

  /** Folds a list of changes, checking that each population move is followed by the red lines it crossed. */
  const foldAll = (
    at: number,
    changes: ReadonlyArray<Change>,
    placed: Seen | null,
    payments: Map<string, number> | null,
  ) => {
    const owed: Array<{ player: number; line: number; direction: "up" | "down"; left: number }> = []
    for (const c of changes) {
      if (c.cause.kind === "red-line") {
        const next = owed[0]
        if (
          !next ||
          next.player !== c.player ||
          next.line !== c.cause.line ||
          next.direction !== c.cause.direction
        )
          problem(at, `unexpected red line ${c.cause.line} ${c.cause.direction} for player ${c.player}`)
        else if (--next.left === 0) owed.shift()
      }
      const before = tracks[c.player]?.population ?? 0
      fold(at, c, placed, payments)
      if (c.stat === "population" && !final) {
        const from = linesUpTo(before)
        const to = linesUpTo(c.value)
        for (let k = from + 1; k <= to; k++)
          owed.push({ player: c.player, line: lineAt(k), direction: "up", left: 2 })
        for (let k = from; k > to; k--)
          owed.push({ player: c.player, line: lineAt(k), direction: "down", left: 2 })
      }
    }
    if (owed.length > 0) problem(at, `red line ${owed[0]?.line} crossed but not applied`)
    if (payments && payments.size > 0) problem(at, `unpaid: ${[...payments.keys()].join(", ")}`)
  }

  let market: Array<string | null> = surcharges.map(() => null)
  for (let at = 1; at < events.length; at++) {
    const e = events[at] as Event
    switch (e.type) {
      case "TileDrawn":
        market[e.slot] = e.tile
        break
      case "TilePlaced": {
        const placed: Seen = {
          pid: e.pid,
          owner: e.player,
          tile: e.tile,
          lake: e.lake,
          q: e.q,
          r: e.r,
          invested: false,
        }
        if (seen.has(e.pid)) problem(at, `placement ${e.pid} twice`)
        if ([...seen.values()].some((t) => t.owner === e.player && t.q === e.q && t.r === e.r))
          problem(at, `(${e.q}, ${e.r}) is taken`)
        if (![...seen.values()].some((t) => t.owner === e.player && adjacent(t, placed)))
          problem(at, `(${e.q}, ${e.r}) touches none of player ${e.player}'s tiles`)
        seen.set(e.pid, placed)
        const payments = new Map<string, number>()
        const money = tracks[e.player]?.money ?? 0
        if (solo && e.player === 1) payments.set("dale-price", Math.min(DALE_PRICE, money))
        else {
          if (!e.lake) payments.set("tile", tileDef(e.tile).cost)
          if (e.slot !== null) payments.set("surcharge", surcharges[e.slot] ?? 0)
        }
        for (const [k, v] of payments) if (v === 0) payments.delete(k)
        if (e.slot !== null) {
          if (market[e.slot] !== e.tile) problem(at, `slot ${e.slot} holds ${market[e.slot]}, not ${e.tile}`)
          market = removed(market, e.slot, solo)
        }
        foldAll(at, e.changes, placed, payments)
        break
      }
      case "InvestmentPlaced": {
        const t = seen.get(e.pid)
        if (!t || t.owner !== e.player) {
          problem(at, `player ${e.player} invests in placement ${e.pid} he does not own`)
          break
        }
        if (t.invested) problem(at, `placement ${e.pid} invested twice`)
        t.invested = true
        const cost = t.lake ? 0 : tileDef(t.tile).cost
        foldAll(at, e.changes, t, new Map(cost > 0 ? [["investment", cost]] : []))
        break
      }
      case "TileDiscarded": {
        if (market[e.slot] !== e.tile) problem(at, `slot ${e.slot} holds ${market[e.slot]}, not ${e.tile}`)
        const s = surcharges[e.slot] ?? 0
        market = removed(market, e.slot, solo)
        foldAll(at, e.changes, null, new Map(s > 0 ? [["discard", s]] : []))
        break
      }
      case "MarketCleared":
        market = market.map(() => null)
        break
      case "IncomeCollected":
      case "PopulationAdjusted":
        foldAll(at, e.changes, null, null)
        break
      case "GoalsScored":
        final = true
        for (const r of e.results) {
          const g = goalDef(r.goal)
          const best = g.direction === "most" ? Math.max(...r.values) : Math.min(...r.values)
          const sole = r.values.indexOf(best) === r.values.lastIndexOf(best) ? r.values.indexOf(best) : null
          const achiever = r.owner === null || sole === r.owner ? sole : null
          if (achiever !== r.achiever || r.bonus !== g.bonus) problem(at, `goal ${r.goal} awarded wrongly`)
        }
        foldAll(at, e.changes, null, null)
        break
      case "MoneyConverted":
        final = true
        foldAll(at, e.changes, null, null)
        for (const t of tracks)
          if (t.money >= DOLLARS_PER_POPULATION) problem(at, `$${t.money} left unconverted`)
        break
      case "GameEnded": {
        const scores = tracks.slice(0, started.seats).map((t) => t.population)
        if (JSON.stringify(scores) !== JSON.stringify(e.scores)) problem(at, `scores ${e.scores} ≠ ${scores}`)
        const beats = (a: AuditedTracks, b: AuditedTracks) =>
          a.population - b.population ||
          a.reputation - b.reputation ||
          a.income - b.income ||
          a.money - b.money
        const ranks = tracks
          .slice(0, started.seats)
          .map((me) => 1 + tracks.filter((o) => o !== me && beats(o, me) > 0).length)
        if (JSON.stringify(ranks) !== JSON.stringify(e.ranks)) problem(at, `ranks ${e.ranks} ≠ ${ranks}`)
        break
      }
      default:
        break
    }
  }
  return { tracks, problems, changes: checked }
}

/** The market after a removal: tiles to the left slide right (standard game) or stay put (against Dale). */
const removed = (market: ReadonlyArray<string | null>, slot: number, solo: boolean): Array<string | null> => {
  if (solo) return market.map((t, i) => (i === slot ? null : t))
  const out = market.slice()
  for (let i = slot; i > 0; i--) out[i] = out[i - 1] ?? null
  out[0] = null
  return out
}
