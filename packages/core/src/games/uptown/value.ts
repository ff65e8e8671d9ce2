/*
 * The design note's balance method (§3.4): a project's value V in prestige points is
 *   prestige + income × E[roof events still to come] / 3 + 1 per roof + 1.5 per gift − 0.5 per restriction,
 * and a blue card costs clamp(round(V of its better project), 1, 8). Icons that depend on the street are
 * valued with the expected context below (first estimates, then the averages measured in self-play; see
 * docs/uptown-balance.md). For a gift the printed prestige and income go to the receiving opponent, so the
 * giver's V counts them against that opponent.
 */
import type { Card, Project } from "./card.js"
import {
  type Counted,
  type Formula,
  INCOME_FORMULAS,
  PRESTIGE_FORMULAS,
  type ProjectType,
  type Requirement,
} from "./vocabulary.js"

/** $3 buys one prestige point at the end (rule text, "Scoring"). */
export const DOLLARS_PER_PRESTIGE = 3

/** Expected street around a project, by its requirement, at the end of a game and while it earns income. */
export const CONTEXT = {
  /** Roof events (sites finished) on the owner's street after a project is placed (design note: ≈ 4). */
  roofEvents: 4,
  floorsBelow: { none: 0.8, ground: 0, upper: 1.6, "on-roof": 2.5 } satisfies Record<Requirement, number>,
  groundChance: { none: 0.35, ground: 1, upper: 0, "on-roof": 0 } satisfies Record<Requirement, number>,
  /** Other projects of a type on the same site at the end. */
  site: { office: 0.6, apartment: 0.6, store: 0.4, coffee: 0.4, hotel: 0.2, service: 0.5, gift: 0.1 },
  /** Other projects of a type on the whole street at the end. */
  street: { office: 3, apartment: 3, store: 2.5, coffee: 2, hotel: 1.2, service: 3, gift: 0.5 },
  /** Income is counted when sites are finished: on average the street holds this share of its end state. */
  incomeShare: 0.6,
} as const satisfies {
  roofEvents: number
  floorsBelow: Record<Requirement, number>
  groundChance: Record<Requirement, number>
  site: Record<Counted, number>
  street: Record<Counted, number>
  incomeShare: number
}

/** How many of `counted` the project itself adds (a double counts twice; a gift counts once as a gift). */
const selfCount = (p: Project, counted: Counted): number =>
  counted === "gift" ? (p.gift ? 1 : 0) : p.type === (counted as ProjectType) ? (p.double ? 2 : 1) : 0

/** The expected amount of one formula on a project, `share` scaling the street counts for income. */
const expected = (f: Formula, p: Project, share: number): number => {
  switch (f.kind) {
    case "none":
      return 0
    case "flat":
      return f.amount
    case "per-floor-below":
      return f.amount * CONTEXT.floorsBelow[p.requirement]
    case "if-ground":
      return f.amount * CONTEXT.groundChance[p.requirement]
    case "per": {
      const around = f.scope === "site" ? CONTEXT.site[f.counted] : CONTEXT.street[f.counted] * share
      return f.amount * (around + selfCount(p, f.counted))
    }
  }
}

/** Expected end prestige printed on a project. */
export const prestigeValue = (p: Project): number => expected(PRESTIGE_FORMULAS[p.prestige], p, 1)

/** Expected income per roof event printed on a project (before the street's total is floored at 0). */
export const incomeValue = (p: Project): number => expected(INCOME_FORMULAS[p.income], p, CONTEXT.incomeShare)

/** The design note's V of a project, in prestige points, for the player who places it. */
export const projectValue = (p: Project): number => {
  const printed = prestigeValue(p) + (incomeValue(p) * CONTEXT.roofEvents) / DOLLARS_PER_PRESTIGE
  const restrictions = p.requirement === "none" ? 0 : 1
  if (p.gift) return 1.5 - printed - 0.5 * restrictions
  return printed + (p.roof ? 1 : 0) - 0.5 * restrictions
}

/** The best V among a card's choices (every face, either project on top). */
export const cardValue = (card: Card): number => {
  let best = Number.NEGATIVE_INFINITY
  for (const face of card.faces) for (const p of face.projects) best = Math.max(best, projectValue(p))
  return best
}

/** The cost the balance method gives a blue card: clamp(round(V), 1, 8). Public cards cost $0. */
export const costOf = (card: Pick<Card, "bar" | "faces">): number =>
  card.bar === "green"
    ? 0
    : Math.min(8, Math.max(1, Math.round(cardValue({ ...card, id: -1, cost: 0 } as Card))))
