/*
 * The card list compiled for the rules' hot paths: every project as numbers, indexed by
 * card × 4 + face × 2 + project, so placement checks and street sums never look at strings.
 */
import type { Card, Project } from "./card.js"
import { CARDS } from "./cards.js"
import {
  type Counted,
  type Formula,
  INCOME_FORMULAS,
  PRESTIGE_FORMULAS,
  PROJECT_TYPES,
  REQUIREMENTS,
} from "./vocabulary.js"

/** Counted kinds as indexes: the six project types in PROJECT_TYPES order, then gifts. */
export const GIFT_INDEX = PROJECT_TYPES.length
export const COUNTED = [...PROJECT_TYPES, "gift"] as const
const countedIndex = (c: Counted): number => COUNTED.indexOf(c)

/** Formula kinds as numbers. */
export const NONE = 0
export const FLAT = 1
export const PER_FLOOR_BELOW = 2
export const PER_ON_SITE = 3
export const PER_ON_STREET = 4
export const IF_GROUND = 5

/** A formula as numbers: kind, amount, and for `per` formulas the counted index. */
export interface CompiledFormula {
  readonly kind: number
  readonly amount: number
  readonly counted: number
}

const compile = (f: Formula): CompiledFormula => {
  switch (f.kind) {
    case "none":
      return { kind: NONE, amount: 0, counted: -1 }
    case "flat":
      return { kind: FLAT, amount: f.amount, counted: -1 }
    case "per-floor-below":
      return { kind: PER_FLOOR_BELOW, amount: f.amount, counted: -1 }
    case "if-ground":
      return { kind: IF_GROUND, amount: f.amount, counted: -1 }
    case "per":
      return {
        kind: f.scope === "site" ? PER_ON_SITE : PER_ON_STREET,
        amount: f.amount,
        counted: countedIndex(f.counted),
      }
  }
}

/** Requirement indexes (REQUIREMENTS order). */
export const REQ_GROUND = 1
export const REQ_UPPER = 2
export const REQ_ON_ROOF = 3

/** One project as the rules read it. */
export interface CompiledProject {
  readonly project: Project
  readonly type: number
  /** How many of its type it counts as: 2 for a double. */
  readonly weight: number
  readonly roof: boolean
  readonly gift: boolean
  readonly requirement: number
  readonly noGifts: boolean
  readonly income: CompiledFormula
  readonly prestige: CompiledFormula
}

const compileProject = (p: Project): CompiledProject => ({
  project: p,
  type: PROJECT_TYPES.indexOf(p.type),
  weight: p.double ? 2 : 1,
  roof: p.roof,
  gift: p.gift,
  requirement: REQUIREMENTS.indexOf(p.requirement),
  noGifts: p.noGifts,
  income: compile(INCOME_FORMULAS[p.income]),
  prestige: compile(PRESTIGE_FORMULAS[p.prestige]),
})

/** Card ids of the blue-bar (player deck) cards and of the green-bar public cards. */
export const BLUE_IDS: ReadonlyArray<number> = CARDS.filter((c) => c.bar === "blue").map((c) => c.id)
export const GREEN_IDS: ReadonlyArray<number> = CARDS.filter((c) => c.bar === "green").map((c) => c.id)

const table: CompiledProject[] = []
for (const card of CARDS)
  for (let face = 0; face < 2; face++)
    for (let slot = 0; slot < 2; slot++) {
      const p = (card.faces[face] ?? card.faces[0])?.projects[slot] as Project
      table[card.id * 4 + face * 2 + slot] = compileProject(p)
    }

/** The compiled project of a card shown with this face and this project on top. */
export const projectAt = (card: number, face: number, project: number): CompiledProject =>
  table[card * 4 + face * 2 + project] as CompiledProject

/** Compiles a project that is not in the card list (tests build streets from any icons). */
export const compileLoose = compileProject

/** How many faces a card has: 1 for blue, 2 for green. */
export const facesOf = (id: number): number => (CARDS[id] as Card).faces.length
