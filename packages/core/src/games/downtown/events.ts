import { Schema } from "effect"
import { VoteTypeSchema } from "./commands.js"
import { Options } from "./options.js"

const Zone = Schema.Int
const Seat = Schema.Int
const ConstructionSchema = Schema.Literals(["park", "housing", "industry", "commerce"])
const ShapeSchema = Schema.Literals(["square", "rectangle"])
const Commitment = Schema.Struct({ key: Schema.String, hash: Schema.String })
const Reveal = Schema.Struct({ key: Schema.String, value: Schema.Unknown, salt: Schema.String })
const Tally = Schema.Struct({ housing: Schema.Int, industry: Schema.Int, commerce: Schema.Int })

/** The kernel's first event (the seed stays hidden from every viewer until GameEnded). */
export const GameStartedEvent = Schema.Struct({
  type: Schema.Literal("GameStarted"),
  game: Schema.String,
  rulesVersion: Schema.Int,
  options: Options,
  seats: Schema.Int,
  seed: Schema.String,
  seedCommitment: Schema.String,
})
export type GameStartedEvent = typeof GameStartedEvent.Type

/** Setup: three tiles from each pile, shuffled together, in reveal order (Parks, Parks, Parks, H, C, I). */
export const FirstConstructionsDrawn = Schema.Struct({
  type: Schema.Literal("FirstConstructionsDrawn"),
  zones: Schema.Array(Zone),
})
export type FirstConstructionsDrawn = typeof FirstConstructionsDrawn.Type

/** Two-player setup: the 18 remaining zoning tiles dealt face up, 9 to each player. */
export const ZoningTilesDealt = Schema.Struct({
  type: Schema.Literal("ZoningTilesDealt"),
  hands: Schema.Array(Schema.Array(Zone)),
})
export type ZoningTilesDealt = typeof ZoningTilesDealt.Type

/** Zoning: a tile drawn from a pile (`draw` 2 is the extra draw after an odd first tile). */
export const ZoningTileDrawn = Schema.Struct({
  type: Schema.Literal("ZoningTileDrawn"),
  round: Schema.Int,
  mayor: Seat,
  pile: Schema.Literals(["west", "east"]),
  zone: Zone,
  draw: Schema.Literals([1, 2]),
})
export type ZoningTileDrawn = typeof ZoningTileDrawn.Type

/** Two-player zoning: the mayor played one of his own tiles. */
export const ZoningTilePlayed = Schema.Struct({
  type: Schema.Literal("ZoningTilePlayed"),
  round: Schema.Int,
  mayor: Seat,
  zone: Zone,
})
export type ZoningTilePlayed = typeof ZoningTilePlayed.Type

/** Private to its seat until VotesRevealed: the card chosen, with its public commitment. */
export const VoteCast = Schema.Struct({
  type: Schema.Literal("VoteCast"),
  seat: Seat,
  round: Schema.Int,
  zone: Zone,
  construction: VoteTypeSchema,
  commitment: Commitment,
  salt: Schema.String,
})
export type VoteCast = typeof VoteCast.Type

/** What other seats and spectators see of a VoteCast. */
export const VoteCastRedacted = Schema.Struct({
  type: Schema.Literal("VoteCast"),
  seat: Seat,
  round: Schema.Int,
  zone: Zone,
  commitment: Commitment,
})
export type VoteCastRedacted = typeof VoteCastRedacted.Type

/** A binding, public lobby declaration (mayor first, then clockwise). */
export const LobbyDeclared = Schema.Struct({
  type: Schema.Literal("LobbyDeclared"),
  seat: Seat,
  zone: Zone,
  use: Schema.Boolean,
})
export type LobbyDeclared = typeof LobbyDeclared.Type

/** All cards turned over at once; `reveals` opens every VoteCast commitment for this zone. */
export const VotesRevealed = Schema.Struct({
  type: Schema.Literal("VotesRevealed"),
  zone: Zone,
  votes: Schema.Array(Schema.Struct({ seat: Seat, construction: VoteTypeSchema, weight: Schema.Int })),
  tally: Tally,
  reveals: Schema.Array(Reveal),
})
export type VotesRevealed = typeof VotesRevealed.Type

/** The construction chosen for a zone, and how. */
export const VoteResolved = Schema.Struct({
  type: Schema.Literal("VoteResolved"),
  zone: Zone,
  construction: VoteTypeSchema,
  tally: Tally,
  tied: Schema.Array(VoteTypeSchema),
  decidedBy: Schema.Literals(["majority", "mayor", "only-choice"]),
})
export type VoteResolved = typeof VoteResolved.Type

/** Two-player variant: the non-mayor's choice of construction. */
export const ConstructionChosen = Schema.Struct({
  type: Schema.Literal("ConstructionChosen"),
  seat: Seat,
  zone: Zone,
  construction: VoteTypeSchema,
})
export type ConstructionChosen = typeof ConstructionChosen.Type

/** A frame placed on a zone; markers already there stay on it. */
export const FramePlaced = Schema.Struct({
  type: Schema.Literal("FramePlaced"),
  zone: Zone,
  construction: ConstructionSchema,
  shape: ShapeSchema,
  cause: Schema.Literals(["setup", "vote", "choice", "park-fallback"]),
})
export type FramePlaced = typeof FramePlaced.Type

/** Ruling 3: no frame of any type fits the zone; it stays unconstructed for the rest of the game. */
export const ZoneLeftUnconstructed = Schema.Struct({
  type: Schema.Literal("ZoneLeftUnconstructed"),
  zone: Zone,
  shape: ShapeSchema,
})
export type ZoneLeftUnconstructed = typeof ZoneLeftUnconstructed.Type

/** Private to its seat until ChoicesRevealed: dial (zone) and card (spaces), with the commitment. */
export const ZoneChosen = Schema.Struct({
  type: Schema.Literal("ZoneChosen"),
  seat: Seat,
  round: Schema.Int,
  zone: Zone,
  spaces: Schema.Int,
  commitment: Commitment,
  salt: Schema.String,
})
export type ZoneChosen = typeof ZoneChosen.Type

/** What other seats and spectators see of a ZoneChosen. */
export const ZoneChosenRedacted = Schema.Struct({
  type: Schema.Literal("ZoneChosen"),
  seat: Seat,
  round: Schema.Int,
  commitment: Commitment,
})
export type ZoneChosenRedacted = typeof ZoneChosenRedacted.Type

/** Dials and cards revealed together; `request` is false for a pass (park, closed or full zone). */
export const ChoicesRevealed = Schema.Struct({
  type: Schema.Literal("ChoicesRevealed"),
  round: Schema.Int,
  choices: Schema.Array(
    Schema.Struct({ seat: Seat, zone: Zone, spaces: Schema.Int, request: Schema.Boolean }),
  ),
  reveals: Schema.Array(Reveal),
})
export type ChoicesRevealed = typeof ChoicesRevealed.Type

/** A request paid in full, however many spaces it will get (rule text 3.2). */
export const SpacesBought = Schema.Struct({
  type: Schema.Literal("SpacesBought"),
  seat: Seat,
  zone: Zone,
  spaces: Schema.Int,
  cost: Schema.Int,
  constructed: Schema.Boolean,
})
export type SpacesBought = typeof SpacesBought.Type

/** One marker placed on a free space (`plot` 0–3) of a zone. */
export const MarkerPlaced = Schema.Struct({
  type: Schema.Literal("MarkerPlaced"),
  seat: Seat,
  zone: Zone,
  plot: Schema.Int,
})
export type MarkerPlaced = typeof MarkerPlaced.Type

/** Everything needed to recompute a zone's payout by hand (rule text 4.1–4.4). */
export const ZoneScored = Schema.Struct({
  type: Schema.Literal("ZoneScored"),
  zone: Zone,
  construction: ConstructionSchema,
  neighbours: Schema.Array(Schema.Struct({ zone: Zone, construction: Schema.NullOr(ConstructionSchema) })),
  /** Number of adjacent constructions, parks included: the base value of each space. */
  baseValue: Schema.Int,
  desirable: Schema.Boolean,
  /** baseValue, doubled when desirable. */
  spaceValue: Schema.Int,
  /** The bonus each owner gets: 5/1 for one/two owners (10/2 when desirable); 0 for 3–4 owners. */
  bonus: Schema.Int,
  owners: Schema.Array(
    Schema.Struct({
      seat: Seat,
      spaces: Schema.Int,
      value: Schema.Int,
      bonus: Schema.Int,
      total: Schema.Int,
    }),
  ),
})
export type ZoneScored = typeof ZoneScored.Type

/** The zone is covered by its end tile; its markers go back to their owners (none in the 2p variant). */
export const ZoneClosed = Schema.Struct({
  type: Schema.Literal("ZoneClosed"),
  zone: Zone,
  markersReturned: Schema.Array(Schema.Struct({ seat: Seat, markers: Schema.Int })),
})
export type ZoneClosed = typeof ZoneClosed.Type

/** End of a round that is not the last: the mayor token goes clockwise. */
export const MayorPassed = Schema.Struct({
  type: Schema.Literal("MayorPassed"),
  from: Seat,
  to: Seat,
  round: Schema.Int,
})
export type MayorPassed = typeof MayorPassed.Type

/** The final round is complete; zones listed still had empty spaces and score nothing. */
export const FinalRoundEnded = Schema.Struct({
  type: Schema.Literal("FinalRoundEnded"),
  round: Schema.Int,
  unfinished: Schema.Array(Zone),
})
export type FinalRoundEnded = typeof FinalRoundEnded.Type

/** The kernel's last event. */
export const GameEndedEvent = Schema.Struct({
  type: Schema.Literal("GameEnded"),
  ranks: Schema.Array(Schema.Int),
  scores: Schema.Array(Schema.Int),
  seed: Schema.String,
  reason: Schema.Literals(["rules", "adjudicated"]),
})
export type GameEndedEvent = typeof GameEndedEvent.Type

/** Every Downtown event. */
export const Event = Schema.Union([
  GameStartedEvent,
  FirstConstructionsDrawn,
  ZoningTilesDealt,
  ZoningTileDrawn,
  ZoningTilePlayed,
  VoteCast,
  LobbyDeclared,
  VotesRevealed,
  VoteResolved,
  ConstructionChosen,
  FramePlaced,
  ZoneLeftUnconstructed,
  ZoneChosen,
  ChoicesRevealed,
  SpacesBought,
  MarkerPlaced,
  ZoneScored,
  ZoneClosed,
  MayorPassed,
  FinalRoundEnded,
  GameEndedEvent,
])
export type Event = typeof Event.Type
