/*
 * Test support for Downtown's rule tests: build a history as the events the game would have written
 * (given), play a command (when) and read what it caused (then). Chance outcomes in a history are what the
 * test says they were; `replay` never re-runs the PRNG.
 */
import { Result } from "effect"
import type { GameStarted, Seat } from "../../kernel/game.js"
import { gameStarted, type Match, play, replay } from "../../kernel/match.js"
import { type Given, given } from "../../kernel/spec.js"
import { halfOf, shapeOf } from "./board.js"
import type { Command } from "./commands.js"
import { type Construction, FIRST_CONSTRUCTIONS, type VoteType } from "./data.js"
import type { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { downtown } from "./index.js"
import type { Options } from "./options.js"
import type { State } from "./state.js"

/** The seed of hand-written histories. */
export const SEED = "downtown-rules"

/** The default opening: Parks on 1, 24 and 12, Housing on 2, Commerce on 13, Industry on 15. */
export const OPENING: ReadonlyArray<number> = [1, 24, 12, 2, 13, 15]

/** A history under construction: its events and the state they fold to. */
export class History {
  readonly events: Event[] = []
  state: State

  constructor(started: GameStarted<Options>) {
    this.events.push(started as Event)
    this.state = downtown.initial(started)
  }

  /**
   * A new game right after setup: the six first constructions on `opening`, in reveal order; the default
   * options with this variant, or these options; recorded under this rules version (the game's own).
   */
  static game(
    seats = 4,
    variant: Options["variant"] | Options = "standard",
    opening = OPENING,
    rulesVersion = downtown.rulesVersion,
  ): History {
    const options = typeof variant === "string" ? { ...downtown.defaultOptions, variant } : variant
    const started = gameStarted(downtown, options, seats, SEED) as GameStarted<Options>
    const h = new History({ ...started, rulesVersion })
    h.push({ type: "FirstConstructionsDrawn", zones: [...opening] })
    opening.forEach((zone, i) => {
      h.push({
        type: "FramePlaced",
        zone,
        construction: FIRST_CONSTRUCTIONS[i] as Construction,
        shape: shapeOf(zone),
        cause: "setup",
      })
    })
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

  /** The mayor's draw (or the extra draw) revealed `zone`. */
  drawn(zone: number, draw: 1 | 2 = 1): this {
    return this.push({
      type: "ZoningTileDrawn",
      round: this.state.round,
      mayor: this.state.mayor,
      pile: halfOf(zone),
      zone,
      draw,
    })
  }

  /** The vote on `zone` chose `construction`, and its frame is placed. */
  built(zone: number, construction: VoteType): this {
    return this.push(
      {
        type: "VoteResolved",
        zone,
        construction,
        tally: { housing: 0, industry: 0, commerce: 0, [construction]: 1 },
        tied: [],
        decidedBy: "majority",
      },
      { type: "FramePlaced", zone, construction, shape: shapeOf(zone), cause: "vote" },
    )
  }

  /** Markers placed on `zone` for these seats, in order (as if bought in earlier rounds). */
  markers(zone: number, seats: ReadonlyArray<Seat>): this {
    const already = this.state.zones[zone - 1]?.markers.length ?? 0
    return this.push(
      ...seats.map((seat, i): Event => ({ type: "MarkerPlaced", seat, zone, plot: already + i })),
    )
  }

  /** A whole round in short: `zones` drawn and built as given, then the mayor passes (no buying). */
  round(builds: ReadonlyArray<readonly [zone: number, construction: VoteType]>): this {
    builds.forEach(([zone], i) => {
      this.drawn(zone, i === 0 ? 1 : 2)
    })
    for (const [zone, c] of builds) this.built(zone, c)
    return this.mayorPasses()
  }

  /** The mayor token moves clockwise and the next round starts. */
  mayorPasses(): this {
    const from = this.state.mayor
    return this.push({
      type: "MayorPassed",
      from,
      to: (from + 1) % this.state.seats,
      round: this.state.round + 1,
    })
  }

  /** The kernel's given/when/then on this history. */
  given(): Given {
    return given(downtown, this.events)
  }

  /** The match this history folds to. */
  match(): Match<State> {
    return replay(downtown, this.events) as Match<State>
  }
}

/** Plays commands in order; throws on the first refusal (test setup, not the rule under test). */
export const playAll = (
  match: Match,
  moves: ReadonlyArray<readonly [Seat, Command]>,
): { match: Match<State>; events: Event[] } => {
  const events: Event[] = []
  for (const [seat, command] of moves) {
    const result = play(match, seat, command)
    if (Result.isFailure(result)) throw new Error(`${result.failure.rule}: ${result.failure.message}`)
    match = result.success.match
    events.push(...(result.success.events as Event[]))
  }
  return { match: match as Match<State>, events }
}

/** Commands: every seat's card in seat order. */
export const votes = (cards: ReadonlyArray<VoteType>): Array<[Seat, Command]> =>
  cards.map((construction, seat) => [seat, { type: "CastVote", construction }])

/** Commands: every seat's dial and count in seat order. */
export const dials = (
  choices: ReadonlyArray<readonly [zone: number, spaces: number]>,
): Array<[Seat, Command]> =>
  choices.map(([zone, spaces], seat) => [seat, { type: "ChooseZone", zone, spaces }])

/** The events of one type among a list. */
export const ofType = <T extends Event["type"]>(
  events: ReadonlyArray<unknown>,
  type: T,
): Array<Extract<Event, { type: T }>> =>
  (events as Event[]).filter((e): e is Extract<Event, { type: T }> => e.type === type)
