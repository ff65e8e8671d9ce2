import type { Seat } from "../../kernel/game.js"
import {
  atRisk,
  blockValues,
  decayCandidates,
  globalLot,
  headlineCandidates,
  matches,
  mostValuableBlocks,
  NEIGHBOURS,
} from "./board.js"
import {
  CONTRACTOR_DISCOUNT,
  type ContractCard,
  CUBES,
  DECK_TOP_COST,
  DECKS,
  type PermitCard,
  PLANNING_TOP_COST,
  permitsOf,
} from "./data.js"
import type { Building, State, Task } from "./state.js"

/**
 * The rules advance, pending, legal and decide share: who a resolution affects and who decides next, and what
 * taking and building a card costs and needs (rules §4).
 */

/** The seats still to decide in an ordered task, and who decides now (null: the active player orders). */
export const ordered = (
  state: State,
  task: { decided: ReadonlyArray<number>; next: number | null },
  affected: (seat: number) => boolean,
): { remaining: number[]; decider: number | null } => {
  const remaining: number[] = []
  for (let s = 0; s < state.seats; s++) if (!task.decided.includes(s) && affected(s)) remaining.push(s)
  return { remaining, decider: task.next ?? (remaining.length === 1 ? (remaining[0] as number) : null) }
}

/** The block a threat strikes (null: the active player must choose among tied blocks, or none). */
export const threatBlock = (state: State, task: Extract<Task, { k: "threat" }>): number | null => {
  if (task.target !== "mostValuableBlock") return null
  if (task.block !== null) return task.block
  const blocks = mostValuableBlocks(state)
  return blocks.length === 1 ? (blocks[0] as number) : null
}

/** Whether a threat strikes any of a seat's buildings. */
export const threatAffected = (state: State, task: Extract<Task, { k: "threat" }>) => (seat: number) =>
  atRisk(state, seat, task.target, threatBlock(state, task)).length > 0

/** Whether a seat holds at least this wealth and prestige. */
export const canPayRansom = (state: State, seat: number, wealth: number, prestige: number): boolean => {
  const p = state.players[seat]
  return p !== undefined && p.wealth >= wealth && p.prestige >= prestige
}

/** How many of a seat's buildings a tribute charges for (the active player owes none). */
export const tributeOwed = (state: State, task: Extract<Task, { k: "tribute" }>, seat: number): number =>
  seat === state.active ? 0 : state.buildings.filter((b) => b.owner === seat && matches(b, task.per)).length

/** Decay and headline targets: the chosen one, or the only candidate. */
export const target = (state: State, task: Extract<Task, { k: "decay" | "headlines" }>): number | null => {
  if (task.target !== null) return task.target
  const c = task.k === "decay" ? decayCandidates(state) : headlineCandidates(state)
  return c.length === 1 ? (c[0] as number) : null
}

// ---- Where cards are and what they cost ----

/** A face-up contract's AP cost for this seat (a Favor costs 0), or null when it cannot be taken. */
export const contractCost = (state: State, seat: Seat, id: string, favorsToo: boolean): number | null => {
  const box = state.contractBoxes.indexOf(id)
  if (box >= 0) return box + 1
  for (const d of DECKS) if (state.decks[d].active && state.decks[d].top === id) return DECK_TOP_COST[d]
  if (favorsToo && state.players[seat]?.favors.includes(id)) return 0
  return null
}

/** A face-up planning card's AP cost, or null when it is not on offer. */
export const planningCost = (state: State, id: string): number | null => {
  const box = state.planningBoxes.indexOf(id)
  if (box >= 0) return box + 1
  return state.planning.top === id ? PLANNING_TOP_COST : null
}

/** How many Favors a seat may hold: 2 with the Extra Favor tile. */
export const favorLimit = (state: State, seat: Seat): number => (state.players[seat]?.extraFavor ? 2 : 1)

/** The permits a contract needs from a seat (option `permitCost`; the Union Boss one fewer, at least 1). */
export const permitsNeeded = (state: State, seat: Seat, c: ContractCard): number =>
  Math.max(1, permitsOf(c, state.options.permitCost) - (state.offices.UnionBoss === seat ? 1 : 0))

/** Whether a permit counts toward a contract: it lists the contract's zone (a park takes any). */
export const permitFits = (c: ContractCard, p: PermitCard): boolean =>
  c.zone === "PARK" || p.zones.includes(c.zone as PermitCard["zones"][number])

/** Buildings by id (an array indexed by id: ids are small integers, and a Map showed in playout profiles). */
export type ById = ReadonlyArray<Building | undefined>

/** The state's buildings by id, written into `into`. */
export const indexById = (state: State, into: Array<Building | undefined>): ById => {
  for (const b of state.buildings) into[b.id] = b
  return into
}

/** Zoning (rules §4 step 4): touch no building, or touch one of the same zone; parks never count. */
export const zoningOk = (
  state: State,
  zone: string,
  lots: ReadonlyArray<number>,
  removed: ReadonlyArray<number>,
  byId: ById,
): boolean => {
  let touches = false
  // Indexed: lots are often a frozen shared array, and for-of over one allocates on Node 20.
  for (let i = 0; i < lots.length; i++)
    for (const n of NEIGHBOURS[lots[i] as number] as number[]) {
      if (lots.includes(n)) continue
      const id = state.lots[n] as number
      if (id < 0 || removed.includes(id)) continue
      const b = byId[id] as Building
      if (b.zone === "PARK") continue
      if (b.zone === zone) return true
      touches = true
    }
  return !touches
}

/** What a site on empty lots covers: one shared, frozen empty list. */
export const NO_COVER: ReadonlyArray<number> = Object.freeze([])

/** The buildings a site covers, or a reason it cannot be covered (rules §4 step 3). */
export const covered = (
  state: State,
  seat: Seat,
  c: ContractCard,
  lots: ReadonlyArray<number>,
  byId: ById,
): ReadonlyArray<number> | string => {
  let ids: number[] | null = null
  // Indexed: lots are often frozen shared arrays, and for-of over one allocates on Node 20.
  for (let i = 0; i < lots.length; i++) {
    const id = state.lots[lots[i] as number] as number
    if (id < 0 || ids?.includes(id)) continue
    const b = byId[id] as Building
    for (let j = 0; j < b.lots.length; j++)
      if (!lots.includes(globalLot(b.block, b.lots[j] as number)))
        return `building ${id} would only be partly covered`
    if (b.size >= c.size) return `building ${id} is not smaller than the new one`
    // Option policeChiefImmunity (ruling 53): under `events` Urban Renewal may cover the Police Chief's buildings.
    if (
      b.owner !== null &&
      b.owner !== seat &&
      state.offices.PoliceChief === b.owner &&
      state.options.policeChiefImmunity !== "events"
    )
      return `building ${id} belongs to the Police Chief`
    if (ids === null) ids = [id]
    else ids.push(id)
  }
  return ids ?? NO_COVER
}

/** The cubes a seat has left, the cubes of `demolished` buildings back in its supply. */
export const cubesLeft = (state: State, seat: Seat, demolished: ReadonlyArray<number>): number => {
  let left = CUBES
  for (const b of state.buildings) if (b.owner === seat && !demolished.includes(b.id)) left--
  return left
}

/** What building on a block costs this seat: the block's value, less the Contractor's discount. */
export const buildCost = (state: State, seat: Seat, block: number): number =>
  Math.max(
    0,
    (blockValues(state.markers)[block] as number) - (state.contractor === seat ? CONTRACTOR_DISCOUNT : 0),
  )

/** Whether a contract's effects waive the zoning rule. */
export const ignoresZoning = (c: ContractCard): boolean => c.effects.some(isIgnoreZoning)
const isIgnoreZoning = (e: ContractCard["effects"][number]): boolean => e.op === "ignoreZoning"
