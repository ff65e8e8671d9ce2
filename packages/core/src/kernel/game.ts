import type { Result, Schema } from "effect"
import type { Random } from "./random.js"
import type { RuleViolation } from "./violation.js"

/** A seat at the table, numbered 0..seats-1 in clockwise order. */
export type Seat = number

/** Who is looking: one seat (its own secrets), a spectator (public only), or an organiser (everything). */
export type Viewer =
  | { readonly kind: "seat"; readonly seat: Seat }
  | { readonly kind: "spectator" }
  | { readonly kind: "organiser" }

/** Every command and event is a plain JSON object tagged by `type`. */
export interface Typed {
  readonly type: string
}

/**
 * Who may read an event. `"all"` is public. Otherwise only the listed seats (and organisers) see it and
 * everybody else receives `redacted` (the event with its secrets removed; `commitment` kept), or nothing
 * but the event's type and hash when `redacted` is null. Everything is public once the game has ended.
 */
export type Visibility = "all" | { readonly seats: ReadonlyArray<Seat>; readonly redacted: Typed | null }

/** A decision a seat owes now. Several seats may owe one at once (secret votes, simultaneous dials). */
export interface Decision {
  readonly seat: Seat
  /** What kind of decision, in the game's words (`vote`, `dial`, `move`, `order-affected`…). */
  readonly kind: string
}

/** The result of a finished game: seats best first (ties share a rank) and a score per seat. */
export interface Outcome {
  /** `ranking[i]` is the rank of seat i: 1 is best; tied seats share a rank. */
  readonly ranks: ReadonlyArray<number>
  readonly scores: ReadonlyArray<number>
}

/** The first event of every game. `seed` is secret until GameEnded reveals it; the commitment is public. */
export interface GameStarted<Options = unknown> extends Typed {
  readonly type: "GameStarted"
  readonly game: string
  readonly rulesVersion: number
  readonly options: Options
  readonly seats: number
  readonly seed: string
  readonly seedCommitment: string
}

/** The last event of every game: the outcome, and the seed so anyone can re-derive every draw. */
export interface GameEnded extends Typed, Outcome {
  readonly type: "GameEnded"
  readonly seed: string
  readonly reason: "rules" | "adjudicated"
}

/**
 * Static data for `describe`: boards, tiles, cards — whatever bot authors and renderers need. Each game
 * exports its own, exact type of it as `Catalogue`; this is what every game's has in common.
 */
export type Catalogue = Readonly<Record<string, unknown>>

/**
 * A game is a value (ARCHITECTURE.md §3). All functions are pure and synchronous: no I/O, no clock, no
 * Math.random. `Event` includes GameStarted; the kernel itself appends GameEnded when `outcome` is set.
 * `GameCatalogue` is the game's own catalogue type, so a renderer reads its cards and boards without a cast.
 */
export interface GameDefinition<
  Options,
  State,
  Command extends Typed,
  Event extends Typed,
  View,
  GameCatalogue extends Catalogue = Catalogue,
> {
  readonly id: string
  readonly title: string
  readonly rulesVersion: number
  /** Every seat count some options allow; `seatRange(game, options)` narrows it to given options. */
  readonly seats: { readonly min: number; readonly max: number }
  readonly schemas: {
    readonly options: Schema.Codec<Options, unknown>
    readonly command: Schema.Codec<Command, unknown>
    readonly event: Schema.Codec<Event, unknown>
    readonly view: Schema.Codec<View, unknown>
  }
  /** Options used when a caller gives none. */
  readonly defaultOptions: Options
  /** Static data for the catalogue (`boroughs describe`). */
  readonly catalogue: (options: Options) => GameCatalogue
  /** Checks options against a seat count; a violation when they do not fit. */
  readonly validateSetup: (options: Options, seats: number) => RuleViolation | null
  /** The opening events: the given GameStarted, then setup shuffles and draws. */
  readonly setup: (started: GameStarted<Options>) => ReadonlyArray<Event>
  /** The state right after GameStarted. */
  readonly initial: (started: GameStarted<Options>) => State
  readonly decide: (
    state: State,
    seat: Seat,
    command: Command,
  ) => Result.Result<ReadonlyArray<Event>, RuleViolation>
  readonly evolve: (state: State, event: Event) => State
  /**
   * Steps the rules take on their own once nobody owes a decision (reveals, draws, scoring). The kernel
   * applies them after every command, and after setup, until this returns no events.
   */
  readonly advance: (state: State) => ReadonlyArray<Event>
  readonly pending: (state: State) => ReadonlyArray<Decision>
  /** Complete and exact: every command `decide` accepts from this seat now, and no other. */
  readonly legalCommands: (state: State, seat: Seat) => ReadonlyArray<Command>
  /**
   * Optional, for playouts: `legalCommands` counted, each command built only when asked for — the same
   * commands in the same order. A bot that picks by position (the uniform one, `Bot.pickIndex`) then builds
   * the one it plays instead of all of them (Suburbia lists about 80 a decision). A variant of a game that
   * replaces `legalCommands` must replace or drop this too.
   */
  readonly legalByIndex?: (state: State, seat: Seat) => LegalByIndex<Command>
  /** What a clock timeout plays for this seat: the mildest legal choice. */
  readonly defaultCommand: (state: State, seat: Seat) => Command
  readonly view: (state: State, viewer: Viewer) => View
  readonly visibility: (event: Event) => Visibility
  readonly outcome: (state: State) => Outcome | null
  /**
   * Optional, for search bots (IS-MCTS): a full state consistent with what a seat's `view` shows, with
   * the hidden parts (others' secret choices, face-down order, the PRNG) sampled from `random`. It reads
   * nothing but the view, so a bot searching such samples knows no more than its seat may see.
   * Contract: `view(determinise(v, r), viewer of v)` equals `v`, and so do the legal commands.
   */
  readonly determinise?: (view: View, random: Random) => State
  /**
   * Optional, for analysis of a finished game (where the whole state is public): the same state with its
   * hidden future (the seed and the PRNG behind every draw still to come) replaced from `random`, so a
   * rollout from a past position meets fresh chance instead of the real draws. Contract: the organiser's
   * `view` and every seat's legal commands are unchanged.
   */
  readonly reseed?: (state: State, random: Random) => State
  /**
   * Optional, for score charts and bots: each seat's standing read from a view (never the state) — the score
   * `outcome` ranks by, as it would stand now, and money where the game has money — and what the score means.
   */
  readonly standings?: {
    readonly scoreLabel: string
    readonly read: (view: View) => ReadonlyArray<SeatStanding>
  }
  /**
   * Optional, for search bots: each seat's standing score plus what it can expect to add soon, in the same
   * units, read from a view. A search that cuts its playouts short ranks the seats by it (else by `standings`).
   */
  readonly prospects?: (view: View) => ReadonlyArray<number>
}

/** A seat's legal commands by position: how many, and the one at an index (0 ≤ index < count). */
export interface LegalByIndex<Command> {
  readonly count: number
  readonly at: (index: number) => Command
}

/** One seat's standing at a position: the score the game ranks by, as it stands, and its money (or null). */
export interface SeatStanding {
  readonly score: number
  readonly money: number | null
}

/** Any game definition, for registries and generic tools. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds games of every type.
export type AnyGame = GameDefinition<any, any, any, any, any>
