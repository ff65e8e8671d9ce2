/*
 * Test support: build a Suburbia history as events (given), play a command (when) and read what it caused
 * (then). Boroughs are built with bookkeeping placements (TilePlaced with no changes) and tracks are set with
 * a bookkeeping IncomeCollected, so a test states exactly the position it needs.
 */
import { Result } from "effect"
import type { GameStarted, Seat, Typed } from "../../kernel/game.js"
import { gameStarted, type Match, play, replay } from "../../kernel/match.js"
import type { RuleViolation } from "../../kernel/violation.js"
import type { Command } from "./commands.js"
import type { Change, Event, StatName } from "./events.js"
import { evolve } from "./evolve.js"
import { suburbia } from "./index.js"
import { defaultOptions, type Options } from "./options.js"
import type { State } from "./state.js"

/** What a command did: its events (automatic steps included) or the rule it broke, and the match after. */
export interface Then {
  readonly events: ReadonlyArray<Event>
  readonly violation: RuleViolation | null
  readonly match: Match
  readonly state: State
}

/** Tracks a test may set. */
export type Tracks = Partial<Record<StatName, number>>

/** A history under construction: the events so far and the state they fold to. */
export class History {
  readonly events: Event[] = []
  state: State

  constructor(started: GameStarted<Options>) {
    this.events.push(started as Event)
    this.state = suburbia.initial(started)
  }

  /**
   * A game past set-up: the market holds `market` (default: seven Convenience Stores), public goals
   * `goals`, every seat kept `kept[seat]` (default: Investor), seat 0 starts and owes its first action.
   */
  static game(
    seats = 4,
    setup: { market?: string[]; goals?: string[]; kept?: string[]; options?: Partial<Options> } = {},
    seed = "given",
  ): History {
    const options = { ...defaultOptions, ...setup.options }
    const h = new History(gameStarted(suburbia, options, seats, seed) as GameStarted<Options>)
    const slots = seats === 1 ? 4 : 7
    const market = setup.market ?? Array.from({ length: slots }, () => "convenience-store")
    market.forEach((tile, slot) => {
      h.push({ type: "TileDrawn", stack: "A", tile, slot })
    })
    const goals = setup.goals ?? (seats === 1 ? ["builder", "developer", "luminary"] : ["billionaire"])
    h.push({ type: "PublicGoalsDrawn", goals: goals.slice(0, seats === 1 ? 3 : seats) })
    const dealing = seats > 1 || options.soloPrivateGoal
    if (dealing)
      for (let seat = 0; seat < seats; seat++) {
        const kept = setup.kept?.[seat] ?? "investor"
        h.push({ type: "GoalsDealt", seat, goals: [kept, "miser"] })
      }
    h.push({ type: "StartPlayerChosen", seat: 0 })
    if (dealing)
      for (let seat = 0; seat < seats; seat++) {
        const goal = setup.kept?.[seat] ?? "investor"
        h.push({
          type: "GoalKept",
          seat,
          goal,
          commitment: { key: `goal/s${seat}`, hash: "test" },
          salt: "test",
        })
      }
    return h
  }

  /** Appends events, folding them into the state. */
  push(...events: Event[]): this {
    for (const e of events) {
      this.events.push(e)
      this.state = evolve(this.state, e)
    }
    return this
  }

  /** Puts a tile in a borough at (q, r) without effects or payment (bookkeeping), then gives the turn back. */
  place(player: number, tile: string, q: number, r: number, lake = false): this {
    const current = this.state.current
    const round = this.state.round
    this.push({
      type: "TilePlaced",
      player,
      pid: this.state.nextPid,
      tile,
      lake,
      q,
      r,
      from: "market",
      slot: null,
      changes: [],
    })
    return this.turn(current, round)
  }

  /** Marks a tile invested without effects or payment (bookkeeping). */
  invest(player: number, q: number, r: number): this {
    const t = this.state.players[player]?.tiles.find((x) => x.q === q && x.r === r)
    if (!t) throw new Error(`no tile at (${q}, ${r})`)
    const current = this.state.current
    const round = this.state.round
    this.push({ type: "InvestmentPlaced", player, pid: t.pid, tile: t.tile, lake: t.lake, q, r, changes: [] })
    return this.turn(current, round)
  }

  /** Sets a player's tracks (bookkeeping; crosses no red line), then gives the turn back. */
  tracks(player: number, tracks: Tracks): this {
    const current = this.state.current
    const round = this.state.round
    const changes: Change[] = Object.entries(tracks).map(([stat, value]) => ({
      player,
      stat: stat as StatName,
      delta: 0,
      value: value as number,
      cause: { kind: "income" },
    }))
    this.push({ type: "IncomeCollected", player, changes })
    return this.turn(current, round)
  }

  /** Replaces the market (bookkeeping draws into every slot; null empties a slot). */
  market(tiles: ReadonlyArray<string | null>): this {
    tiles.forEach((tile, slot) => {
      if (tile !== null) this.push({ type: "TileDrawn", stack: "A", tile, slot })
    })
    if (tiles.includes(null)) {
      const market = this.state.market.map((t, i) => (tiles[i] === null ? null : t))
      this.state = { ...this.state, market }
    }
    return this
  }

  /** Overwrites parts of the public state (positions the events cannot set cheaply; carried by `match()`). */
  set(patch: Partial<State>): this {
    this.state = { ...this.state, ...patch }
    return this
  }

  /** Replaces the draw pile (a position the events cannot set cheaply; `match()` carries it over). */
  deck(deck: State["deck"]): this {
    this.state = { ...this.state, deck }
    return this
  }

  /** It is `seat`'s turn, step I, in `round`. */
  turn(seat: Seat, round = this.state.round): this {
    return this.push({ type: "TurnPassed", from: seat, to: seat, round })
  }

  /** The match these events fold to. */
  match(): Match {
    const m = replay(suburbia, this.events)
    // `market(null…)` edits the state directly: carry such edits over.
    return { ...m, state: this.state }
  }

  /** Plays one command on this history. */
  when(seat: Seat, command: Command): Then {
    const match = this.match()
    const result = play(match, seat, command)
    if (Result.isFailure(result)) return { events: [], violation: result.failure, match, state: this.state }
    return {
      events: result.success.events as Event[],
      violation: null,
      match: result.success.match,
      state: result.success.match.state as State,
    }
  }
}

/** The events of one type. */
export const ofType = <T extends Event["type"]>(events: ReadonlyArray<Typed>, type: T) =>
  events.filter((e) => e.type === type) as Array<Extract<Event, { type: T }>>

/** The first event of a type (throws when missing). */
export const first = <T extends Event["type"]>(events: ReadonlyArray<Typed>, type: T) => {
  const e = ofType(events, type)[0]
  if (!e) throw new Error(`no ${type} in ${events.map((x) => x.type).join(", ")}`)
  return e
}

/** Net change per stat of one player in a list of changes. */
export const net = (changes: ReadonlyArray<Change>, player = 0): Record<StatName, number> => {
  const out = { income: 0, reputation: 0, population: 0, money: 0 }
  const start: Partial<Record<StatName, number>> = {}
  for (const c of changes) {
    if (c.player !== player) continue
    if (start[c.stat] === undefined) start[c.stat] = c.value - c.delta
    out[c.stat] = c.value - (start[c.stat] as number)
  }
  return out
}

/** A short text per change, for readable assertions: `money -6 cost:tile`, `reputation +1 effect:community-park#1×1`. */
export const brief = (changes: ReadonlyArray<Change>): string[] =>
  changes.map((c) => {
    const d = c.delta > 0 ? `+${c.delta}` : `${c.delta}`
    const who = `p${c.player} `
    const cause = c.cause
    switch (cause.kind) {
      case "cost":
        return `${who}${c.stat} ${d} cost:${cause.item}`
      case "effect":
        return `${who}${c.stat} ${d} ${cause.investment ? "invest:" : ""}${cause.tile}#${cause.effect}×${cause.count}${cause.multiplier > 1 ? "×2" : ""}${cause.line !== null ? `@${cause.line}` : ""}`
      case "red-line":
        return `${who}${c.stat} ${d} red-line:${cause.line}${cause.direction === "up" ? "↑" : "↓"}`
      case "goal":
        return `${who}${c.stat} ${d} goal:${cause.goal}`
      default:
        return `${who}${c.stat} ${d} ${cause.kind}`
    }
  })

/** Plays commands in order from a match; throws on a refusal. */
export const playAll = (match: Match, commands: ReadonlyArray<[Seat, Command]>) => {
  const events: Event[] = []
  for (const [seat, command] of commands) {
    const r = play(match, seat, command)
    if (Result.isFailure(r)) throw new Error(`${r.failure.rule}: ${r.failure.message}`)
    match = r.success.match
    events.push(...(r.success.events as Event[]))
  }
  return { match, events, state: match.state as State }
}
