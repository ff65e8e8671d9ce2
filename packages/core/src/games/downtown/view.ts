import { Schema } from "effect"
import { describeFields } from "../../kernel/describe.js"
import type { Viewer } from "../../kernel/game.js"
import { VoteTypeSchema } from "./commands.js"
import type { VoteType } from "./data.js"
import { Options } from "./options.js"
import type { Sealed, State, Step } from "./state.js"

const ConstructionSchema = Schema.Literals(["park", "housing", "industry", "commerce"])
const Ints = Schema.Array(Schema.Int)
const FrameCount = Schema.Struct({
  square: Schema.Int.annotate({ description: "Frames left for square zones." }),
  rectangle: Schema.Int.annotate({ description: "Frames left for rectangular zones." }),
})
const Choice = Schema.Struct({
  zone: Schema.Int.annotate({ description: "The zone the dial selects (1–24); a park zone is a pass." }),
  spaces: Schema.Int.annotate({
    description: "How many spaces the count card asks for: 1 to 3 with 2–4 players, 1 or 2 with 5–6.",
  }),
}).annotate({ description: "A dial and count card: the zone to buy spaces in and how many." })

/** What one viewer sees. Public information for all; a seat adds its own secret card and dial. */
export const View = Schema.Struct({
  game: Schema.Literal("downtown").annotate({ description: 'The game: always "downtown".' }),
  options: describeFields(Options, {
    variant:
      "`standard` (3–6 players, money) or `2p-official` (two players: zoning tiles in hand, points, no money).",
    fullZoneChoice:
      "What choosing a closed (scored) or full zone is: `paid` — a request paid in full (2p: its markers used up) with no space got; `pass` — a pass, like choosing a park.",
  }).annotate({ description: "The options the game was set up with." }),
  viewer: Schema.Union([
    Schema.Struct({
      kind: Schema.Literal("seat").annotate({
        description: "A player's view: public information and its own secrets.",
      }),
      seat: Schema.Int.annotate({ description: "The viewer's seat, from 0." }),
    }),
    Schema.Struct({
      kind: Schema.Literal("spectator").annotate({
        description: "A spectator's view: public information only.",
      }),
    }),
    Schema.Struct({
      kind: Schema.Literal("organiser").annotate({
        description: "The organiser's view: every seat's secrets too.",
      }),
    }),
  ]).annotate({ description: "Who this view is for." }),
  seats: Schema.Int.annotate({ description: "Number of players; seats are numbered 0 to seats − 1." }),
  round: Schema.Int.annotate({ description: "The round being played, from 1." }),
  mayor: Schema.Int.annotate({
    description: "The seat holding the mayor token: draws zoning tiles, declares lobby first, breaks ties.",
  }),
  step: Schema.Struct({
    kind: Schema.String.annotate({
      description:
        "Where the round stands: `zoning` (the mayor draws a zoning tile; 2p: plays one from his hand), `second-draw`, `cards` (every seat picks a voting card in secret), `lobby` (seats holding a lobby disc declare in turn), `reveal-votes`, `tie` (the mayor breaks a tie), `no-vote` (fewer than two constructions fit), `construction` (2p: the player who is not mayor picks it), `dials` (every seat sets its dial and count in secret), `settle`, `resolving` or `over`.",
    }),
    zone: Schema.optional(Schema.Int).annotate({
      description: "The zone (1–24) whose construction is being decided; absent outside those steps.",
    }),
    options: Schema.optional(Schema.Array(VoteTypeSchema)).annotate({
      description: "The constructions the vote may choose (those with a frame of the zone's shape left).",
    }),
    declarer: Schema.optional(Schema.Int).annotate({
      description: "In `lobby`: the seat to declare next whether it uses its lobby disc.",
    }),
    tied: Schema.optional(Schema.Array(VoteTypeSchema)).annotate({
      description: "In `tie`: the constructions tied for most votes; the mayor picks one.",
    }),
  }).annotate({ description: "The public step: what is being decided and by whom (never anyone's secret)." }),
  zones: Schema.Array(
    Schema.Struct({
      zone: Schema.Int.annotate({ description: "The zone's number, 1–24." }),
      construction: Schema.NullOr(ConstructionSchema).annotate({
        description: "The construction on the zone; null while none has been placed.",
      }),
      markers: Ints.annotate({ description: "`markers[plot]` is the seat whose marker is on that space." }),
      closed: Schema.Boolean.annotate({
        description:
          "Scored and covered by an end tile, or a park made from a sold zone: nothing more happens here.",
      }),
    }),
  ).annotate({ description: "The 24 zones: `zones[n − 1]` is zone n." }),
  piles: Schema.Struct({
    west: Ints.annotate({ description: "Zoning tiles (of 1–12) still in the left pile, ascending." }),
    east: Ints.annotate({ description: "Zoning tiles (of 13–24) still in the right pile, ascending." }),
  }).annotate({
    description: "Zoning tiles still face down in each pile, as a set: which tile comes next is unknown.",
  }),
  hands: Schema.Array(Ints).annotate({
    description: "2p variant: each seat's face-up zoning tiles; empty in the standard game.",
  }),
  drawn: Ints.annotate({ description: "Zones drawn this round, in draw order." }),
  frames: Schema.Struct({
    park: FrameCount.annotate({ description: "Park frames left in the supply." }),
    housing: FrameCount.annotate({ description: "Housing frames left in the supply." }),
    industry: FrameCount.annotate({ description: "Industry frames left in the supply." }),
    commerce: FrameCount.annotate({ description: "Commerce frames left in the supply." }),
  }).annotate({ description: "Construction frames left in the supply, by construction and zone shape." }),
  money: Ints.annotate({ description: "Each seat's money, by seat; all 0 in the 2p variant (no money)." }),
  bank: Schema.Int.annotate({
    description: "The bank's balance against the players: bank + the players' money = 30 × seats.",
  }),
  points: Ints.annotate({
    description: "2p variant: the value written down for each seat; 0 in the standard game.",
  }),
  markersOut: Ints.annotate({
    description: "Standard game: each seat's markers on the board (of 15; returned when a zone is scored).",
  }),
  framedLeft: Ints.annotate({
    description: "2p variant: markers each seat has left for zones with a construction (never returned).",
  }),
  unframedLeft: Ints.annotate({
    description: "2p variant: markers each seat has left for zones without a construction (never returned).",
  }),
  lobby: Schema.Array(Schema.Boolean).annotate({
    description: "Whether each seat still holds its lobby disc (once a game, it doubles a vote).",
  }),
  voted: Schema.Array(Schema.Boolean).annotate({
    description: "Whether each seat's voting card for the vote in progress is in (not which card it is).",
  }),
  lobbyUse: Schema.Array(Schema.Boolean).annotate({
    description: "Whether each seat has declared its lobby disc on the vote in progress.",
  }),
  chosen: Schema.Array(Schema.Boolean).annotate({
    description: "Whether each seat's dial and count for buying spaces are in (not what they are).",
  }),
  mine: Schema.NullOr(
    Schema.Struct({
      vote: Schema.NullOr(VoteTypeSchema).annotate({
        description: "Your secret voting card in the vote in progress; null before you choose.",
      }),
      choice: Schema.NullOr(Choice).annotate({
        description: "Your secret dial and count while buying spaces; null before you choose.",
      }),
    }),
  ).annotate({ description: "Your own secret choices; null for spectators and organisers." }),
  secrets: Schema.NullOr(
    Schema.Struct({
      votes: Schema.Array(Schema.NullOr(VoteTypeSchema)).annotate({
        description: "Each seat's secret voting card in the vote in progress; null before it chooses.",
      }),
      choices: Schema.Array(Schema.NullOr(Choice)).annotate({
        description: "Each seat's secret dial and count while buying spaces; null before it chooses.",
      }),
    }),
  ).annotate({ description: "Every seat's secret choices: organisers only, null for everyone else." }),
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
