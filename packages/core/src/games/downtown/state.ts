import type { GameStarted, Seat } from "../../kernel/game.js"
import { type RngState, rngFromSeed } from "../../kernel/random.js"
import { type Half, ZONE_COUNT } from "./board.js"
import {
  type Construction,
  FRAMES,
  type FrameCount,
  KIT,
  spaceCap,
  TWO_PLAYER_MARKERS,
  type VoteType,
} from "./data.js"
import { type Options, settledOptions } from "./options.js"

/** One zone on the board: its frame, the owners of its occupied spaces in plot order, and its end tile. */
export interface ZoneState {
  readonly zone: number
  readonly construction: Construction | null
  /** `markers[plot]` is the seat whose marker is on that space. */
  readonly markers: ReadonlyArray<Seat>
  /** Scored and covered (rule text 4.5), or a park made from a sold zone: nothing more happens here. */
  readonly closed: boolean
}

/** A secret choice as its seat made it: the value, and the commitment and salt that prove it later. */
export interface Sealed<Value> {
  readonly value: Value
  readonly key: string
  readonly hash: string
  readonly salt: string
}

/** Where the round stands. Steps marked "automatic" are taken by `advance`; the others wait for seats. */
export type Step =
  /** The mayor draws a zoning tile (or plays one from his hand in the 2p variant). */
  | { readonly kind: "zoning" }
  /** Automatic: the extra draw after an odd first tile, from `pile` (ruling 1). */
  | { readonly kind: "second-draw"; readonly pile: Half }
  /** Every seat chooses a voting card in secret. */
  | { readonly kind: "cards"; readonly zone: number; readonly options: ReadonlyArray<VoteType> }
  /** Seats holding a lobby disc declare in turn from the mayor; `declarer` is next. */
  | {
      readonly kind: "lobby"
      readonly zone: number
      readonly options: ReadonlyArray<VoteType>
      readonly declarer: Seat
    }
  /** Automatic: all cards are in and declared; turn them over. */
  | { readonly kind: "reveal-votes"; readonly zone: number; readonly options: ReadonlyArray<VoteType> }
  /** The mayor breaks a tie among `tied`. */
  | {
      readonly kind: "tie"
      readonly zone: number
      readonly tied: ReadonlyArray<VoteType>
      readonly tally: Readonly<Record<VoteType, number>>
    }
  /** Automatic: fewer than two types fit the zone, so no vote is held (rulings 3 and 13). */
  | { readonly kind: "no-vote"; readonly zone: number; readonly options: ReadonlyArray<VoteType> }
  /** 2p variant: the player who is not mayor chooses the construction. */
  | { readonly kind: "construction"; readonly zone: number; readonly options: ReadonlyArray<VoteType> }
  /** Every seat sets its dial and count card in secret. */
  | { readonly kind: "dials" }
  /** Automatic: reveal, pay, place markers, score, then pass the mayor or end the game. */
  | { readonly kind: "settle" }
  /** Between two automatic events of one append (a reveal and what follows it); nobody owes anything. */
  | { readonly kind: "resolving" }
  | { readonly kind: "over" }

/** The full state of a game of Downtown. */
export interface State {
  readonly options: Options
  readonly seats: number
  readonly twoPlayer: boolean
  /** Most spaces one request may ask for. */
  readonly cap: number
  /** Secret until the end: salts and the PRNG derive from it. Never in a seat or spectator view. */
  readonly seed: string
  readonly rng: RngState
  readonly round: number
  readonly mayor: Seat
  readonly step: Step
  /** `zones[n - 1]` is zone n. */
  readonly zones: ReadonlyArray<ZoneState>
  /** Zoning tiles still face down in each pile (as a set, ascending: draws pick at random). */
  readonly piles: Readonly<Record<Half, ReadonlyArray<number>>>
  /** 2p variant: each player's face-up zoning tiles; empty in the standard game. */
  readonly hands: ReadonlyArray<ReadonlyArray<number>>
  /** Zones drawn this round, in draw order. */
  readonly drawn: ReadonlyArray<number>
  /** Drawn zones still waiting for their construction, in draw order (ruling 2). */
  readonly queue: ReadonlyArray<number>
  readonly frames: Readonly<Record<Construction, FrameCount>>
  readonly money: ReadonlyArray<number>
  /** The bank's balance against the players: money is conserved, bank + Σ money = 30 × seats. */
  readonly bank: number
  /** 2p variant: value written down for each player (no money in that variant). */
  readonly points: ReadonlyArray<number>
  /** Markers on the board (standard game; returned when a zone is scored). */
  readonly markersOut: ReadonlyArray<number>
  /** 2p variant: markers left for framed and for unframed zones (never returned). */
  readonly framedLeft: ReadonlyArray<number>
  readonly unframedLeft: ReadonlyArray<number>
  /** Whether each seat still holds its lobby disc. */
  readonly lobby: ReadonlyArray<boolean>
  /** The vote in progress: each seat's sealed card (null until chosen) and its lobby declaration. */
  readonly votes: ReadonlyArray<Sealed<VoteType> | null>
  readonly lobbyUse: ReadonlyArray<boolean>
  /** The buying choice in progress: each seat's sealed dial and count. */
  readonly choices: ReadonlyArray<Sealed<{ readonly zone: number; readonly spaces: number }> | null>
}

// A loop, not `Array.from({ length: n }, …)`: that generic path showed in playout profiles (one game each).
const filled = <T>(n: number, value: T): T[] => {
  const out: T[] = []
  for (let i = 0; i < n; i++) out.push(value)
  return out
}

/** The state right after GameStarted: all 24 tiles in their piles, nothing built, seat 0 is mayor. */
export const initial = (started: GameStarted<Options>): State => {
  const seats = started.seats
  const twoPlayer = started.options.variant === "2p-official"
  return {
    options: settledOptions(started.options, started.rulesVersion),
    seats,
    twoPlayer,
    cap: spaceCap(seats),
    seed: started.seed,
    rng: rngFromSeed(started.seed),
    round: 1,
    mayor: 0,
    step: { kind: "zoning" },
    zones: Array.from({ length: ZONE_COUNT }, (_, i) => ({
      zone: i + 1,
      construction: null,
      markers: [],
      closed: false,
    })),
    piles: {
      west: Array.from({ length: 12 }, (_, i) => i + 1),
      east: Array.from({ length: 12 }, (_, i) => i + 13),
    },
    hands: twoPlayer ? filled(seats, []) : [],
    drawn: [],
    queue: [],
    frames: FRAMES,
    money: filled(seats, twoPlayer ? 0 : KIT.money),
    bank: 0,
    points: filled(seats, 0),
    markersOut: filled(seats, 0),
    framedLeft: filled(seats, twoPlayer ? TWO_PLAYER_MARKERS.framed : 0),
    unframedLeft: filled(seats, twoPlayer ? TWO_PLAYER_MARKERS.unframed : 0),
    lobby: filled(seats, !twoPlayer),
    votes: filled(seats, null),
    lobbyUse: filled(seats, false),
    choices: filled(seats, null),
  }
}

/** A state being built by `evolve`: a fresh copy it may set fields on before handing it out. */
export type Draft = { -readonly [K in keyof State]: State[K] }

/**
 * A fresh copy of the state for `evolve` to set the changed fields on. Every state after the first is built
 * by this one literal, so V8 gives them all one hidden class and each change is a plain store. Spreads
 * (`{ ...state, votes }`) at twenty sites made twenty shapes and hit V8's slow object-clone path, and a
 * `changed(state, { votes })` helper read its twenty differently shaped arguments through megamorphic
 * lookups (~150 ns an event, a seventh of a playout).
 */
export const copyOf = (s: State): Draft => ({
  options: s.options,
  seats: s.seats,
  twoPlayer: s.twoPlayer,
  cap: s.cap,
  seed: s.seed,
  rng: s.rng,
  round: s.round,
  mayor: s.mayor,
  step: s.step,
  zones: s.zones,
  piles: s.piles,
  hands: s.hands,
  drawn: s.drawn,
  queue: s.queue,
  frames: s.frames,
  money: s.money,
  bank: s.bank,
  points: s.points,
  markersOut: s.markersOut,
  framedLeft: s.framedLeft,
  unframedLeft: s.unframedLeft,
  lobby: s.lobby,
  votes: s.votes,
  lobbyUse: s.lobbyUse,
  choices: s.choices,
})

/** The zone state of zone n. */
export const zoneState = (state: State, zone: number): ZoneState => state.zones[zone - 1] as ZoneState

/** Seats in turn order starting with the mayor and going clockwise. */
export const fromMayor = (state: State): Seat[] => {
  const order: Seat[] = []
  for (let i = 0; i < state.seats; i++) order.push((state.mayor + i) % state.seats)
  return order
}

/** A copy of a readonly array with one element replaced. */
export const replaceAt = <T>(items: ReadonlyArray<T>, index: number, value: T): T[] => {
  const out = items.slice()
  out[index] = value
  return out
}
