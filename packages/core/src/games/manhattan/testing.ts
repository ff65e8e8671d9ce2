/*
 * Test support: build a game's history as events (given), play a command (when) and read the events it
 * caused (then). Boards are drawn as 7 rows of 7 tokens:
 *   .  empty      =  street      A3  building A, 3 stories      A3^  …with a roof on top
 * Each letter is one building; `legend` maps letters to seats. The tower lands where the rules put it: on
 * the tallest stack, the last one in reading order on a tie (built last).
 */
import { Result } from "effect"
import type { GameStarted, Seat, Typed } from "../../kernel/game.js"
import { gameStarted, type Match, play, replay } from "../../kernel/match.js"
import { given } from "../../kernel/spec.js"
import type { RuleViolation } from "../../kernel/violation.js"
import { CITY, cellIndex, xyOf } from "./board.js"
import { storyOnEmpty } from "./build.js"
import type { Command } from "./commands.js"
import { bankruptcy } from "./decide.js"
import type { Event, StoryBuilt } from "./events.js"
import { evolve } from "./evolve.js"
import { manhattan } from "./index.js"
import { defaultOptions, type Options } from "./options.js"
import type { Building, State } from "./state.js"

/** A history under construction: the events so far and the state they fold to. */
export class Given {
  readonly events: Event[] = []
  state: State

  constructor(started: GameStarted<Options>) {
    this.events.push(started as Event)
    this.state = manhattan.initial(started)
  }

  /** A new game; with `corners` every seat in turn puts its pawns on the given corner (default 0). */
  static game(seats = 2, options: Partial<Options> = {}, corners: number | null = 0, seed = "given"): Given {
    const g = new Given(
      gameStarted(manhattan, { ...defaultOptions, ...options }, seats, seed) as GameStarted<Options>,
    )
    if (corners !== null && g.state.options.entry === "corners")
      for (let seat = 0; seat < seats; seat++) g.push({ type: "CornerChosen", seat, corner: corners as 0 })
    return g
  }

  /** Appends events, folding them into the state. */
  push(...events: Event[]): this {
    for (const e of events) {
      this.events.push(e)
      this.state = evolve(this.state, e)
    }
    return this
  }

  /** Puts the seat's pawns on these ring squares (a bookkeeping move outside any turn). */
  pawns(seat: Seat, pawn0: number | null, pawn1: number | null): this {
    const row = this.state.pawns[seat] ?? [null, null]
    const moves = [pawn0, pawn1].flatMap((to, pawn) =>
      to === null
        ? []
        : [{ pawn: pawn as 0 | 1, from: row[pawn] ?? null, to, pips: 1, direction: "cw" as const }],
    )
    return this.push({ type: "PawnsMoved", seat, moves })
  }

  /**
   * Sets up a turn of `seat` whose split move `cmd.aim(a, b)` (pawn 0 by a clockwise along the top side,
   * pawn 1 by b clockwise down the right side) makes the pawn lines cross at (x, y).
   */
  aim(seat: Seat, x: number, y: number, a: number, b: number): this {
    return this.pawns(seat, (x - a + 32) % 32, (8 + y - b + 32) % 32).roll(seat, a, b)
  }

  /** The seat's turn starts with these dice. */
  roll(seat: Seat, a: number, b: number): this {
    return this.push({ type: "DiceRolled", seat, dice: [a, b] })
  }

  /** Draws a board (see the file comment). Letters are built in alphabetical order. */
  board(diagram: string, legend: Readonly<Record<string, Seat>>): this {
    const tokens = diagram.trim().split(/\s+/)
    if (tokens.length !== CITY * CITY) throw new Error(`board: ${tokens.length} tokens, expected 49`)
    const stacks = new Map<string, Array<{ cell: number; height: number; roof: boolean }>>()
    tokens.forEach((token, cell) => {
      if (token === ".") return
      if (token === "=") {
        const { x, y } = xyOf(cell)
        this.push({ type: "StreetBuilt", seat: 0, x, y })
        return
      }
      const m = /^([A-Z])(\d+)(\^?)$/.exec(token)
      if (!m) throw new Error(`board: bad token ${token}`)
      const list = stacks.get(m[1] as string) ?? []
      list.push({ cell, height: Number(m[2]), roof: m[3] === "^" })
      stacks.set(m[1] as string, list)
    })
    for (const letter of [...stacks.keys()].sort()) {
      const seat = legend[letter]
      if (seat === undefined) throw new Error(`board: no seat for ${letter}`)
      this.building(seat, stacks.get(letter) ?? [])
    }
    return this
  }

  private building(seat: Seat, stacks: ReadonlyArray<{ cell: number; height: number; roof: boolean }>): void {
    const top = Math.max(...stacks.map((s) => s.height))
    const tower = stacks.filter((s) => s.height === top).at(-1) as (typeof stacks)[number]
    const founded = storyOnEmpty(
      this.state,
      seat,
      tower.cell,
      { into: null, merged: [], takenOver: [] },
      "crossing",
    )
    this.push(founded)
    const id = founded.building
    const story = (cell: number, height: number, moveTower: boolean): StoryBuilt => {
      const b = this.state.buildings[id] as Building
      const { x, y } = xyOf(cell)
      return {
        type: "StoryBuilt",
        seat,
        x,
        y,
        height,
        building: id,
        founded: false,
        source: "crossing",
        tower: moveTower ? { tower: b.tower as number, from: { x, y }, to: { x, y } } : null,
        merged: [],
        takenOver: [],
      }
    }
    for (const s of stacks) {
      if (s === tower) continue
      for (let h = 1; h <= s.height; h++) this.push(story(s.cell, h, false))
    }
    for (let h = 2; h <= tower.height; h++) this.push(story(tower.cell, h, true))
    for (const s of stacks)
      if (s.roof) {
        if (s === tower) throw new Error("board: the tower cell cannot carry a roof")
        const { x, y } = xyOf(s.cell)
        this.push({ type: "RoofTaken", seat }, { type: "RoofPlaced", seat, x, y, building: id, owner: seat })
      }
  }

  /** The seat goes bankrupt outside any turn (its buildings become ownerless). */
  bankrupt(seat: Seat): this {
    return this.push(bankruptcy(this.state, seat, null))
  }

  /** Plays one command on the match these events replay to (the kernel's given/when). */
  when(seat: Seat, command: Command): When {
    const then = given(manhattan, this.events).when(seat, command)
    return { events: then.events as Event[], violation: then.violation, match: then.match as Match<State> }
  }

  /** The match these events replay to. */
  match(): Match<State> {
    return replay(manhattan, this.events) as Match<State>
  }
}

/** The outcome of playing one command on a match: the events it caused, or the rule it broke. */
export interface When {
  readonly events: ReadonlyArray<Event>
  readonly violation: RuleViolation | null
  readonly match: Match<State>
}

/** Plays commands in order for the given seats; stops at the first violation. */
export const playAll = (match: Match<State>, ...plays: ReadonlyArray<readonly [Seat, Command]>): When => {
  let current = match
  const events: Event[] = []
  for (const [seat, command] of plays) {
    const r = play(current, seat, command)
    if (Result.isFailure(r)) return { events, violation: r.failure, match: current }
    current = r.success.match as Match<State>
    events.push(...(r.success.events as Event[]))
  }
  return { events, violation: null, match: current }
}

/** Runs the automatic steps of a replayed match (what the kernel does after every command). */
export const settle = (match: Match<State>): When => {
  let current = match
  const events: Event[] = []
  for (let auto = manhattan.advance(current.state); auto.length > 0; auto = manhattan.advance(current.state))
    for (const e of auto) {
      current = { ...current, state: manhattan.evolve(current.state, e), events: current.events + 1 }
      events.push(e)
    }
  return { events, violation: null, match: current }
}

/** The events of given types only (to focus a `then`). */
export const only = (events: ReadonlyArray<Typed>, ...types: string[]): Event[] =>
  events.filter((e) => types.includes(e.type)) as Event[]

/** The cell at (x, y) of a match's board. */
export const cellAt = (match: Match<State>, x: number, y: number) => match.state.cells[cellIndex(x, y)]

/** The building owning (x, y), or undefined. */
export const buildingAt = (match: Match<State>, x: number, y: number): Building | undefined => {
  const c = cellAt(match, x, y)
  return c?.kind === "building" ? match.state.buildings[c.building] : undefined
}

const split = (p0: number, d0: "cw" | "ccw", p1: number, d1: "cw" | "ccw"): Command => ({
  type: "MovePawns",
  moves: [
    { pawn: 0, pips: p0, direction: d0 },
    { pawn: 1, pips: p1, direction: d1 },
  ],
})

/** Shorthand commands. */
export const cmd = {
  corner: (corner: 0 | 8 | 16 | 24): Command => ({ type: "ChooseCorner", corner }),
  total: (pawn: 0 | 1, pips: number, direction: "cw" | "ccw" = "cw"): Command => ({
    type: "MovePawns",
    moves: [{ pawn, pips, direction }],
  }),
  split,
  /** The move `Given.aim` prepared. */
  aim: (a: number, b: number): Command => split(a, "cw", b, "cw"),
  build: (x: number, y: number): Command => ({ type: "BuildStory", x, y }),
  roof: (x: number, y: number): Command => ({ type: "PlaceRoof", x, y }),
  removeRoof: (x: number, y: number): Command => ({ type: "RemoveRoof", x, y }),
  demand: (): Command => ({ type: "DemandBankruptcy" }),
  skip: (): Command => ({ type: "Skip" }),
}
