/**
 * The 20 base-game goals (design note A.2; names, metrics and bonuses from P `goals.py`, the only full list).
 * Every bonus is single-sourced (P) and flagged ◐ for checking against a physical set. Confidence triples
 * are name / metric / bonus as in the design note.
 */

/** What a goal measures in a player's own borough (or on his own tracks). */
export type GoalMetric =
  | "lakes"
  | "largest-lake-group"
  | "airports"
  | "residential"
  | "civic"
  | "largest-civic-group"
  | "commercial"
  | "industrial"
  | "income"
  | "reputation"
  | "money"
  | "investments"

/** A goal tile: what it measures, which way, and the population it awards. */
export interface GoalDef {
  readonly id: string
  readonly name: string
  readonly metric: GoalMetric
  /** `most`: the sole highest value achieves it; `fewest`: the sole lowest. Any tie: nobody. */
  readonly direction: "most" | "fewest"
  /** Population awarded to the sole achiever. */
  readonly bonus: number
  /** Name / metric / bonus confidence. */
  readonly confidence: string
  readonly sources: string
  /** Shows a lake or an investment marker: left out of solo games against Dale (rule text, Dale set-up 3). */
  readonly excludedAgainstDale: boolean
}

const goal = (
  id: string,
  name: string,
  metric: GoalMetric,
  direction: "most" | "fewest",
  bonus: number,
  confidence: string,
  sources: string,
): GoalDef => ({
  id,
  name,
  metric,
  direction,
  bonus,
  confidence,
  sources,
  excludedAgainstDale: metric === "lakes" || metric === "largest-lake-group" || metric === "investments",
})

/** The 20 goal tiles of the base game (design note A.2, table order). */
export const GOALS: ReadonlyArray<GoalDef> = [
  goal("aquatic-engineer", "Aquatic Engineer", "lakes", "most", 20, "✔/◐/◐", "P; K title"),
  goal("aquaphobian", "Aquaphobian", "lakes", "fewest", 20, "◐/◐/◐", "P"),
  goal("harbormaster", "Harbormaster", "largest-lake-group", "most", 10, "✔/✔/◐", "P; K 'Most Contiguous'"),
  goal("air-traffic-controller", "Air Traffic Controller", "airports", "most", 10, "✔/✔/◐", "P; K"),
  goal("builder", "Builder", "residential", "most", 15, "◐/◐/◐", "P"),
  goal("capitalist", "Capitalist", "residential", "fewest", 20, "◐/◐/◐", "P"),
  goal("civil-engineer", "Civil Engineer", "civic", "most", 15, "◐/◐/◐", "P"),
  goal("libertarian", "Libertarian", "civic", "fewest", 15, "✔/✔/◐", "P; K"),
  goal("public-official", "Public Official", "largest-civic-group", "most", 15, "◐/◐/◐", "P"),
  goal("developer", "Developer", "commercial", "most", 10, "◐/◐/◐", "P"),
  goal("socialist", "Socialist", "commercial", "fewest", 10, "✔/✔/◐", "P; K"),
  goal("industrialist", "Industrialist", "industrial", "most", 15, "◐/◐/◐", "P"),
  goal("environmentalist", "Environmentalist", "industrial", "fewest", 15, "✔/◐/◐", "P; K title"),
  goal("investor", "Investor", "income", "most", 15, "✔/✔/◐", "P; K icon; ludorium review"),
  goal("miser", "Miser", "income", "fewest", 15, "✔/✔/◐", "P; K icon; merricb play report"),
  goal("luminary", "Luminary", "reputation", "most", 10, "✔/✔/◐", "P; K icon"),
  goal("miscreant", "Miscreant", "reputation", "fewest", 20, "✔/✔/◐", "P; K icon; merricb"),
  goal("billionaire", "Billionaire", "money", "most", 10, "✔/✔/◐", "P; R CE 'Most Money on Hand'"),
  goal("spendthrift", "Spendthrift", "money", "fewest", 10, "✔/✔/◐", "P; R CE 'Least Money on Hand'"),
  goal("employer", "Employer", "investments", "fewest", 15, "✔/✔/◐", "P; R CE 'Fewest Investment Markers'"),
]

/** Goal ids, in table order (the schemas' literals). */
export const GOAL_IDS = GOALS.map((g) => g.id) as [string, ...string[]]

const byId = new Map(GOALS.map((g) => [g.id, g]))

/** The goal with this id (throws on an unknown id: commands and events are decoded first). */
export const goalDef = (id: string): GoalDef => {
  const g = byId.get(id)
  if (!g) throw new Error(`suburbia: unknown goal ${id}`)
  return g
}
