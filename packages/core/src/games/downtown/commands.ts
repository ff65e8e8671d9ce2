import { Schema } from "effect"

/** A voting card's type (rule text: Housing, Industry, Commerce). */
export const VoteTypeSchema = Schema.Literals(["housing", "industry", "commerce"])

/** Zoning (standard game): the mayor draws the top tile of the west (1–12) or east (13–24) pile. */
export const DrawZoningTile = Schema.Struct({
  type: Schema.Literal("DrawZoningTile"),
  pile: Schema.Literals(["west", "east"]),
})
export type DrawZoningTile = typeof DrawZoningTile.Type

/** Zoning (two-player variant): the mayor plays one of his own face-up zoning tiles. */
export const PlayZoningTile = Schema.Struct({ type: Schema.Literal("PlayZoningTile"), zone: Schema.Int })
export type PlayZoningTile = typeof PlayZoningTile.Type

/** Voting: choose a voting card secretly. */
export const CastVote = Schema.Struct({ type: Schema.Literal("CastVote"), construction: VoteTypeSchema })
export type CastVote = typeof CastVote.Type

/** Voting: state, in turn from the mayor, whether your lobby disc doubles your vote (binding). */
export const DeclareLobby = Schema.Struct({ type: Schema.Literal("DeclareLobby"), use: Schema.Boolean })
export type DeclareLobby = typeof DeclareLobby.Type

/** Voting: the mayor breaks a tie among the tied types. */
export const BreakTie = Schema.Struct({ type: Schema.Literal("BreakTie"), construction: VoteTypeSchema })
export type BreakTie = typeof BreakTie.Type

/** Two-player variant: the player who is not mayor chooses the construction. */
export const ChooseConstruction = Schema.Struct({
  type: Schema.Literal("ChooseConstruction"),
  construction: VoteTypeSchema,
})
export type ChooseConstruction = typeof ChooseConstruction.Type

/** Buying: set the dial to a zone and lay a card for the number of spaces, face down. */
export const ChooseZone = Schema.Struct({
  type: Schema.Literal("ChooseZone"),
  zone: Schema.Int,
  spaces: Schema.Int,
})
export type ChooseZone = typeof ChooseZone.Type

/** Every Downtown command. */
export const Command = Schema.Union([
  DrawZoningTile,
  PlayZoningTile,
  CastVote,
  DeclareLobby,
  BreakTie,
  ChooseConstruction,
  ChooseZone,
])
export type Command = typeof Command.Type
