import type { Card, Project } from "./card.js"
import type { IncomeIcon, PrestigeIcon, ProjectType, Requirement } from "./vocabulary.js"

/** A flag icon of a project: roof, gift, double, or the no-gifts requirement. */
export type Flag = "roof" | "gift" | "double" | "no-gifts"

/** One project written as a row of the card list: name, type, requirement, income, prestige, flags. */
export type Row = readonly [
  name: string,
  type: ProjectType,
  requirement: Requirement,
  income: IncomeIcon,
  prestige: PrestigeIcon,
  ...flags: Flag[],
]

/** The project a row describes. */
export const project = ([name, type, requirement, income, prestige, ...flags]: Row): Project => ({
  name,
  type,
  double: flags.includes("double"),
  roof: flags.includes("roof"),
  gift: flags.includes("gift"),
  requirement,
  noGifts: flags.includes("no-gifts"),
  income,
  prestige,
})

/** A blue-bar card: one face, project I on top and project II below, and its cost. */
export const blue = (id: number, cost: number, top: Row, bottom: Row): Card => ({
  id,
  bar: "blue",
  cost,
  faces: [{ projects: [project(top), project(bottom)] }],
})

/** A green-bar public card: two faces of two projects each, free. */
export const green = (id: number, a: readonly [Row, Row], b: readonly [Row, Row]): Card => ({
  id,
  bar: "green",
  cost: 0,
  faces: [{ projects: [project(a[0]), project(a[1])] }, { projects: [project(b[0]), project(b[1])] }],
})
