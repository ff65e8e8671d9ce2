import { Random } from "../../kernel/random.js"
import { dalePlacement, daleSlot } from "./dale.js"
import { GOALS } from "./data/goals.js"
import { DALE_PUBLIC_GOALS, GOALS_DEALT } from "./data/rules.js"
import { TILES, type TileDef } from "./data/tiles.js"
import { goalKey } from "./decide.js"
import type { Event } from "./events.js"
import { affordableDiscards, dalePurchase } from "./market.js"
import { convertMoney, scoreGoals } from "./scoring.js"
import type { State } from "./state.js"
import { incomeStep, populationStep } from "./upkeep.js"

const DALE = 1
const excludedAgainstDale = new Set(GOALS.filter((g) => g.excludedAgainstDale).map((g) => g.id))

/** Goals a draw may take: against Dale, never one showing a lake or an investment marker (rule text). */
const drawableGoals = (state: State): string[] =>
  state.solo ? state.goalPool.filter((g) => !excludedAgainstDale.has(g)) : state.goalPool.slice()

/** `n` goals drawn without replacement, uniformly (one chance event). */
const drawGoals = (state: State, n: number): string[] => {
  const r = Random.open(state.rng)
  const pool = drawableGoals(state)
  const out: string[] = []
  for (let i = 0; i < n && pool.length > 0; i++) out.push(...pool.splice(r.int(0, pool.length - 1), 1))
  return out
}

/**
 * The next tile off the draw pile into `slot`: drawn uniformly from the unseen tiles of the current stack
 * (kernel notes: the order exists nowhere in advance). In the part mixed with One More Round, that tile
 * comes up with probability 1 / (tiles left in the part + 1).
 */
const drawTile = (state: State, slot: number): Event => {
  const segment = state.deck.find((s) => s.tiles > 0 || s.oneMoreRound)
  if (!segment) throw new Error("suburbia: the draw pile is empty")
  const r = Random.open(state.rng)
  if (segment.oneMoreRound && r.int(0, segment.tiles) === 0)
    return { type: "OneMoreRoundDrawn", round: state.round }
  const kinds = STACK_TILES[segment.stack]
  let total = 0
  for (const i of kinds) total += state.unseen[i] as number
  let k = r.int(0, total - 1)
  for (const i of kinds) {
    k -= state.unseen[i] as number
    if (k < 0) return { type: "TileDrawn", stack: segment.stack, tile: (TILES[i] as TileDef).id, slot }
  }
  throw new Error("suburbia: no unseen tile left in the stack")
}

/** Indices into TILES of each stack's tile kinds. */
const STACK_TILES: Readonly<Record<"A" | "B" | "C", ReadonlyArray<number>>> = {
  A: TILES.flatMap((t, i) => (t.stack === "A" ? [i] : [])),
  B: TILES.flatMap((t, i) => (t.stack === "B" ? [i] : [])),
  C: TILES.flatMap((t, i) => (t.stack === "C" ? [i] : [])),
}

const deckEmpty = (state: State): boolean => !state.deck.some((s) => s.tiles > 0 || s.oneMoreRound)

/** Set-up in rule-text order: the market, the public goals, each seat's two goals, the start player. */
const setupStep = (state: State): Event => {
  const empty = state.market.indexOf(null)
  if (empty >= 0) return drawTile(state, empty)
  if (state.publicGoals.length === 0)
    return { type: "PublicGoalsDrawn", goals: drawGoals(state, state.solo ? DALE_PUBLIC_GOALS : state.seats) }
  const dealing = !state.solo || state.options.soloPrivateGoal
  const seat = state.dealt.indexOf(null)
  if (dealing && seat >= 0) return { type: "GoalsDealt", seat, goals: drawGoals(state, GOALS_DEALT) }
  const r = Random.open(state.rng)
  // Against Dale the player always goes first (rule text); the draw still happens, with one candidate.
  return { type: "StartPlayerChosen", seat: state.solo ? 0 : r.int(0, state.seats - 1) }
}

/** Step IV's refill, then the turn passes — or, after the last round, final scoring starts. */
const refillStep = (state: State): Event => {
  if (!deckEmpty(state)) {
    if (state.solo) {
      const empty = state.market.indexOf(null)
      if (empty >= 0) return drawTile(state, empty)
    } else if (state.market[0] === null) return drawTile(state, 0)
  }
  if (state.solo) return { type: "TurnPassed", from: DALE, to: 0, round: state.round + 1 }
  const to = (state.current + 1) % state.seats
  const round = to === state.startPlayer ? state.round + 1 : state.round
  if (state.lastRound !== null && round > state.lastRound) return revealStep(state)
  return { type: "TurnPassed", from: state.current, to, round }
}

const revealStep = (state: State): Event => ({
  type: "GoalsRevealed",
  reveals: state.kept.flatMap((k, seat) => (k ? [{ key: goalKey(seat), value: k.goal, salt: k.salt }] : [])),
})

/** Dale's turn: the priciest tile for $3, placed for the most income plus reputation. */
const daleStep = (state: State): Event => {
  const slots = state.market.flatMap((t, s) => (t === null ? [] : [s]))
  const slot = daleSlot(state, slots)
  if (slot === null) return { type: "ActionPassed", player: DALE }
  const payments = dalePurchase(state.players[DALE]?.money ?? 0)
  const { hex, changes } = dalePlacement(state, DALE, slot, payments)
  const tile = state.market[slot] as string
  return {
    type: "TilePlaced",
    player: DALE,
    pid: state.nextPid,
    tile,
    lake: false,
    q: hex.q,
    r: hex.r,
    from: "market",
    slot,
    changes,
  }
}

/** The steps the rules take on their own: set-up draws, steps II–III, refills, Dale's turn, final scoring. */
export const advance = (state: State): ReadonlyArray<Event> => {
  switch (state.step) {
    case "setup":
      return [setupStep(state)]
    case "income":
      return [{ type: "IncomeCollected", player: state.current, changes: incomeStep(state, state.current) }]
    case "population":
      return [
        { type: "PopulationAdjusted", player: state.current, changes: populationStep(state, state.current) },
      ]
    case "discard":
      return affordableDiscards(state, state.current).length > 0
        ? []
        : [{ type: "DiscardSkipped", player: state.current }]
    case "refill":
      return [refillStep(state)]
    case "dale":
      return [daleStep(state)]
    case "clear": {
      const slots = state.market.flatMap((t, s) => (t === null ? [] : [s]))
      return [{ type: "MarketCleared", slots, tiles: slots.map((s) => state.market[s] as string) }]
    }
    case "reveal":
      return [revealStep(state)]
    case "score-goals": {
      const { results, changes } = scoreGoals(
        state,
        state.kept.map((k) => k?.goal ?? null),
      )
      return [{ type: "GoalsScored", results, changes }]
    }
    case "convert":
      return [{ type: "MoneyConverted", changes: convertMoney(state) }]
    default:
      return []
  }
}
