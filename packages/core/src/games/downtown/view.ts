import { Schema } from "effect"
import type { Viewer } from "../../kernel/game.js"
import { VoteTypeSchema } from "./commands.js"
import type { VoteType } from "./data.js"
import { Options } from "./options.js"
import type { Sealed, State, Step } from "./state.js"

const ConstructionSchema = Schema.Literals(["park", "housing", "industry", "commerce"])
const Ints = Schema.Array(Schema.Int)
const FrameCount = Schema.Struct({ square: Schema.Int, rectangle: Schema.Int })
const Choice = Schema.Struct({ zone: Schema.Int, spaces: Schema.Int })

/** What one viewer sees. Public information for all; a seat adds its own secret card and dial. */
export const View = Schema.Struct({
  game: Schema.Literal("downtown"),
  options: Options,
  viewer: Schema.Union([
    Schema.Struct({ kind: Schema.Literal("seat"), seat: Schema.Int }),
    Schema.Struct({ kind: Schema.Literal("spectator") }),
    Schema.Struct({ kind: Schema.Literal("organiser") }),
  ]),
  seats: Schema.Int,
  round: Schema.Int,
  mayor: Schema.Int,
  /** The public step: what is being decided and by whom (never anyone's secret). */
  step: Schema.Struct({
    kind: Schema.String,
    zone: Schema.optional(Schema.Int),
    options: Schema.optional(Schema.Array(VoteTypeSchema)),
    declarer: Schema.optional(Schema.Int),
    tied: Schema.optional(Schema.Array(VoteTypeSchema)),
  }),
  zones: Schema.Array(
    Schema.Struct({
      zone: Schema.Int,
      construction: Schema.NullOr(ConstructionSchema),
      markers: Ints,
      closed: Schema.Boolean,
    }),
  ),
  /** Tiles still face down in each pile (a set: which tile comes next is unknown). */
  piles: Schema.Struct({ west: Ints, east: Ints }),
  /** 2p variant: each player's face-up zoning tiles. */
  hands: Schema.Array(Ints),
  drawn: Ints,
  frames: Schema.Struct({
    park: FrameCount,
    housing: FrameCount,
    industry: FrameCount,
    commerce: FrameCount,
  }),
  money: Ints,
  bank: Schema.Int,
  points: Ints,
  markersOut: Ints,
  framedLeft: Ints,
  unframedLeft: Ints,
  lobby: Schema.Array(Schema.Boolean),
  /** Seats whose card / dial for the current decision is in (not what it is). */
  voted: Schema.Array(Schema.Boolean),
  lobbyUse: Schema.Array(Schema.Boolean),
  chosen: Schema.Array(Schema.Boolean),
  /** The viewer's own secret choices (seat viewers only). */
  mine: Schema.NullOr(Schema.Struct({ vote: Schema.NullOr(VoteTypeSchema), choice: Schema.NullOr(Choice) })),
  /** Every seat's secret choices (organisers only). */
  secrets: Schema.NullOr(
    Schema.Struct({
      votes: Schema.Array(Schema.NullOr(VoteTypeSchema)),
      choices: Schema.Array(Schema.NullOr(Choice)),
    }),
  ),
})
export type View = typeof View.Type

const publicStep = (step: Step): View["step"] => {
  switch (step.kind) {
    case "cards":
    case "reveal-votes":
    case "no-vote":
    case "construction":
      return { kind: step.kind, zone: step.zone, options: step.options }
    case "lobby":
      return { kind: step.kind, zone: step.zone, options: step.options, declarer: step.declarer }
    case "tie":
      return { kind: step.kind, zone: step.zone, tied: step.tied }
    default:
      return { kind: step.kind }
  }
}

const unsealed = <V>(sealed: Sealed<V> | null | undefined): V | null => (sealed ? sealed.value : null)

/** The view of a game for one viewer: no seed, no PRNG, no salt, no other seat's secret. */
export const view = (state: State, viewer: Viewer): View => {
  const seat = viewer.kind === "seat" ? viewer.seat : -1
  return {
    game: "downtown",
    options: state.options,
    viewer: viewer.kind === "seat" ? { kind: "seat", seat } : { kind: viewer.kind },
    seats: state.seats,
    round: state.round,
    mayor: state.mayor,
    step: publicStep(state.step),
    zones: state.zones,
    piles: state.piles,
    hands: state.hands,
    drawn: state.drawn,
    frames: state.frames,
    money: state.money,
    bank: state.bank,
    points: state.points,
    markersOut: state.markersOut,
    framedLeft: state.framedLeft,
    unframedLeft: state.unframedLeft,
    lobby: state.lobby,
    voted: state.votes.map((v) => v !== null),
    lobbyUse: state.lobbyUse,
    chosen: state.choices.map((c) => c !== null),
    mine:
      viewer.kind === "seat"
        ? { vote: unsealed<VoteType>(state.votes[seat]), choice: unsealed(state.choices[seat]) }
        : null,
    secrets:
      viewer.kind === "organiser"
        ? { votes: state.votes.map((v) => unsealed(v)), choices: state.choices.map((c) => unsealed(c)) }
        : null,
  }
}
