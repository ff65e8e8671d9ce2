import { Schema } from "effect"
import { IncomeIconSchema, PrestigeIconSchema, ProjectTypeSchema, RequirementSchema } from "./vocabulary.js"

/**
 * One project of a card (design note §3.4): its type and icons, all from the closed vocabulary. The name is
 * ours and only for people; no rule reads it.
 */
export const Project = Schema.Struct({
  name: Schema.String,
  type: ProjectTypeSchema,
  /** Counts as two projects of its type. */
  double: Schema.Boolean,
  /** Finishes its site. */
  roof: Schema.Boolean,
  /** May be placed only on an opponent's site. */
  gift: Schema.Boolean,
  requirement: RequirementSchema,
  /** No gifts can be built on the site holding this project. */
  noGifts: Schema.Boolean,
  income: IncomeIconSchema,
  prestige: PrestigeIconSchema,
})
export type Project = typeof Project.Type

/** One side of a card: project I (top) and project II (bottom); rotating the card picks which is active. */
export const Face = Schema.Struct({ projects: Schema.Tuple([Project, Project]) })
export type Face = typeof Face.Type

/**
 * A project card. Blue-bar cards (the players' decks) have one face with two projects and a cost; green-bar
 * public cards have two faces (four choices) and cost nothing.
 */
export const Card = Schema.Struct({
  id: Schema.Int,
  bar: Schema.Literals(["blue", "green"]),
  cost: Schema.Int,
  faces: Schema.Array(Face),
})
export type Card = typeof Card.Type
