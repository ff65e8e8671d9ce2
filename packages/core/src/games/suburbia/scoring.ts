/**
 * Final scoring (rule text, "End of the game"): goals first — public goals, then secret goals in turn order,
 * each only for a sole achiever — then $5 → 1 population. Neither crosses red lines.
 */
import { type GoalDef, type GoalMetric, goalDef } from "./data/goals.js"
import { DOLLARS_PER_POPULATION, START } from "./data/rules.js"
import { tileDef } from "./data/tiles.js"
import type { Category } from "./effects.js"
import type { Change } from "./events.js"
import { adjacent } from "./hex.js"
import { Ledger } from "./ledger.js"
import type { Board, Borough, GoalOutcome, PlacedTile } from "./state.js"

const countCategory = (b: Borough, category: Category): number =>
  b.tiles.reduce((n, t) => n + (!t.lake && tileDef(t.tile).category === category ? 1 : 0), 0)

/** The size of the largest edge-connected group of the tiles that pass `keep`. */
const largestGroup = (tiles: ReadonlyArray<PlacedTile>, keep: (t: PlacedTile) => boolean): number => {
  const pool = tiles.filter(keep)
  const seen = new Set<PlacedTile>()
  let best = 0
  for (const start of pool) {
    if (seen.has(start)) continue
    seen.add(start)
    const queue = [start]
    let size = 0
    while (queue.length > 0) {
      const t = queue.pop() as PlacedTile
      size++
      for (const o of pool)
        if (!seen.has(o) && adjacent(o, t)) {
          seen.add(o)
          queue.push(o)
        }
    }
    best = Math.max(best, size)
  }
  return best
}

/** A goal's measure for one player: own borough and own tracks only (design note A.1, A.2). */
export const goalValue = (board: Board, player: number, metric: GoalMetric): number => {
  const b = board.players[player]
  if (!b) throw new Error(`suburbia: no player ${player}`)
  switch (metric) {
    case "lakes":
      return b.tiles.filter((t) => t.lake).length
    case "largest-lake-group":
      return largestGroup(b.tiles, (t) => t.lake)
    case "airports":
      return b.tiles.filter((t) => !t.lake && tileDef(t.tile).icons.includes("airport")).length
    case "residential":
    case "civic":
    case "commercial":
    case "industrial":
      return countCategory(b, metric)
    case "largest-civic-group":
      return largestGroup(b.tiles, (t) => !t.lake && tileDef(t.tile).category === "civic")
    case "income":
      return b.income
    case "reputation":
      return b.reputation
    case "money":
      return b.money
    case "investments":
      return START.investments - b.investments
  }
}

/** The sole player with the best value for the goal's direction, or null on a tie. */
export const soleAchiever = (goal: GoalDef, values: ReadonlyArray<number>): number | null => {
  const best = goal.direction === "most" ? Math.max(...values) : Math.min(...values)
  const at = values.indexOf(best)
  return values.lastIndexOf(best) === at ? at : null
}

/** Scores one goal: every player's value, the sole achiever (for a secret goal, only its owner). */
export const scoreGoal = (board: Board, id: string, owner: number | null): GoalOutcome => {
  const goal = goalDef(id)
  const values = board.players.map((_, p) => goalValue(board, p, goal.metric))
  const sole = soleAchiever(goal, values)
  const achiever = owner === null || sole === owner ? sole : null
  return { goal: id, owner, values, achiever, bonus: goal.bonus }
}

/** Every goal result in scoring order, and the population bonuses (no red lines). */
export const scoreGoals = (
  board: Board,
  kept: ReadonlyArray<string | null>,
): { results: GoalOutcome[]; changes: Change[] } => {
  const results = board.publicGoals.map((g) => scoreGoal(board, g, null))
  for (let k = 0; k < board.seats; k++) {
    const seat = (board.startPlayer + k) % board.seats
    const goal = kept[seat]
    if (goal) results.push(scoreGoal(board, goal, seat))
  }
  const ledger = new Ledger(board, (i) => board.players[i]?.tiles ?? [])
  for (const r of results)
    if (r.achiever !== null)
      ledger.add(r.achiever, "population", r.bonus, { kind: "goal", goal: r.goal }, false)
  return { results, changes: ledger.changes }
}

/** Money to population, $5 each, rounded down; the rest stays as a tie-break (no red lines). */
export const convertMoney = (board: Board): Change[] => {
  const ledger = new Ledger(board, (i) => board.players[i]?.tiles ?? [])
  board.players.forEach((b, p) => {
    const population = Math.floor(b.money / DOLLARS_PER_POPULATION)
    if (population === 0) return
    ledger.add(p, "money", -population * DOLLARS_PER_POPULATION, { kind: "conversion" }, false)
    ledger.add(p, "population", population, { kind: "conversion" }, false)
  })
  return ledger.changes
}
