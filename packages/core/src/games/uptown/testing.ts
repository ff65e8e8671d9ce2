/*
 * Test support for Uptown's rule tests: write a history as the events the game would have written (given),
 * play a command (when) and read what it caused (then). Chance outcomes in a history are what the test says
 * they were (never re-drawn). Streets are built with bookkeeping CardPlaced events, and
 * cards are found in the real card list by their icons.
 */
import { Result } from "effect"
import type { GameStarted, Seat } from "../../kernel/game.js"
import { gameStarted, type Match, play } from "../../kernel/match.js"
import type { Then } from "../../kernel/spec.js"
import type { Project } from "./card.js"
import { CARDS } from "./cards.js"
import { COST } from "./chance.js"
import type { Command } from "./commands.js"
import { deckSize } from "./data.js"
import type { Event } from "./events.js"
import { evolve } from "./evolve.js"
import { uptown } from "./index.js"
import { defaultOptions, type Options } from "./options.js"
import type { State } from "./state.js"

/** The seed of hand-written histories. */
export const SEED = "uptown-rules"

/** Where a project sits in the card list: the card, the face up, and the project on top. */
export interface Found {
  readonly card: number
  readonly face: 0 | 1
  readonly project: 0 | 1
}

/** The first blue (or, with `bar`, green) card showing a project that matches, and how to show it. */
export const find = (matches: (p: Project) => boolean, bar: "blue" | "green" = "blue", skip = 0): Found => {
  let left = skip
  for (const card of CARDS) {
    if (card.bar !== bar) continue
    for (let face = 0; face < card.faces.length; face++)
      for (let project = 0; project < 2; project++) {
        const p = card.faces[face]?.projects[project] as Project
        if (matches(p) && left-- === 0)
          return { card: card.id, face: face as 0 | 1, project: project as 0 | 1 }
      }
  }
  throw new Error("find: no card shows such a project")
}

/** The project a found card shows. */
export const projectOf = (f: Found): Project => CARDS[f.card]?.faces[f.face]?.projects[f.project] as Project

/** A plain project of the requirement `none`, no flags: the filler of test streets. */
export const plain = (skip = 0): Found =>
  find((p) => p.requirement === "none" && !p.roof && !p.gift && !p.noGifts && !p.double, "blue", skip)

/** A history under construction: its events and the state they fold to. */
export class History {
  readonly events: Event[] = []
  state: State

  constructor(started: GameStarted<Options>) {
    this.events.push(started as Event)
    this.state = uptown.initial(started)
  }

  /**
   * A new game right after the deal: seat `start` holds board I; every deck shows a $`topCost` card; the
   * public pile shows `publicTop` (default: the first public card).
   */
  static game(seats = 2, opts: { start?: Seat; topCost?: number; publicTop?: number } = {}): History {
    const h = new History(gameStarted(uptown, defaultOptions, seats, SEED) as GameStarted<Options>)
    const start = opts.start ?? 0
    const boards = Array.from({ length: seats }, (_, s) => ((s - start + seats) % seats) + 1)
    h.push({
      type: "TableDealt",
      boards,
      start,
      deckSizes: boards.map(() => deckSize(seats)),
      topCosts: boards.map(() => opts.topCost ?? 3),
      publicSize: 28,
      publicTop: opts.publicTop ?? 84,
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

  /** Bookkeeping: `seat` builds `f` on `site` of `street` (its own unless a gift), outside any turn. */
  build(street: Seat, site: number, f: Found, by: Seat = street): this {
    const floor = this.state.streets[street]?.[site]?.cards.length ?? 0
    return this.push({ type: "CardPlaced", seat: by, street, site, ...f, floor })
  }

  /** Bookkeeping: money paid into (or, negative, out of) a seat's account. */
  money(seat: Seat, amount: number): this {
    return this.push({ type: "IncomeEarned", seat, site: 0, income: amount, amount })
  }

  /** The turn passes to `seat` (its 1st action is next). */
  turnTo(seat: Seat): this {
    return this.push({ type: "TurnEnded", seat: this.state.current, next: seat })
  }

  /** `seat` takes `card` free from its deck, which then shows `nextTopCost` (by default: what it showed). */
  draw(seat: Seat, card: number, nextTopCost: number | null = this.state.topCosts[seat] ?? null): this {
    return this.push({ type: "CardDrawn", seat, card, cost: COST[card] as number, nextTopCost })
  }

  /** `seat` takes a free card and discards it: its 2nd action is next. */
  toSecond(seat: Seat, card = plain().card): this {
    return this.draw(seat, card).push({ type: "CardDiscarded", seat, source: "free", forced: false })
  }

  /** `seat` buys `card` from `deck`, paying its cost: its placement is next. */
  buy(
    seat: Seat,
    deck: Seat,
    card: number,
    nextTopCost: number | null = this.state.topCosts[deck] ?? null,
  ): this {
    return this.push({ type: "CardBought", seat, deck, card, cost: COST[card] as number, nextTopCost })
  }

  /**
   * Plays a command on the history (the kernel runs the automatic steps after it). It starts from `state`,
   * which a test may have edited for a position that takes long to reach by events (a nearly empty deck).
   */
  when(seat: Seat, command: Command): Then {
    const match: Match = {
      game: uptown,
      state: this.state,
      seed: SEED,
      ended: null,
      events: this.events.length,
    }
    const result = play(match, seat, command)
    return Result.isFailure(result)
      ? { events: [], violation: result.failure, match }
      : { events: result.success.events, violation: null, match: result.success.match }
  }
}

/** The events of a given type among some events. */
export const only = <T extends Event["type"]>(
  events: ReadonlyArray<unknown>,
  type: T,
): Array<Extract<Event, { type: T }>> =>
  (events as Event[]).filter((e): e is Extract<Event, { type: T }> => e.type === type)

/** Commands, briefly. */
export const cmd = {
  place: (f: Found, site: number, street: Seat): Command => ({
    type: "PlaceCard",
    street,
    site,
    face: f.face,
    project: f.project,
  }),
  discard: (): Command => ({ type: "DiscardCard" }),
  buy: (deck: Seat): Command => ({ type: "BuyCard", deck }),
  takePublic: (): Command => ({ type: "TakePublicCard" }),
}
