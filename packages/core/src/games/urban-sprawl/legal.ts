import type { Seat } from "../../kernel/game.js"
import {
  atRisk,
  BLOCKS,
  blockValue,
  contractorCandidates,
  decayCandidates,
  electionLeaders,
  globalLot,
  headlineCandidates,
  mostValuableBlocks,
  NEIGHBOURS,
  SHAPES,
} from "./board.js"
import type { Command, CommandOf } from "./commands.js"
import { type ContractCard, CUBES, card, DECKS, OFFICES, type PermitCard } from "./data.js"
import { type DecisionKind, owed } from "./pending.js"
import {
  type ById,
  buildCost,
  canPayRansom,
  contractCost,
  covered,
  cubesLeft,
  favorLimit,
  ignoresZoning,
  indexById,
  NO_COVER,
  ordered,
  permitFits,
  permitsNeeded,
  planningCost,
  target,
  threatAffected,
  threatBlock,
  tributeOwed,
  zoningOk,
} from "./rules.js"
import type { Building, State, Task } from "./state.js"

/**
 * Every command each decision admits (`legalCommands`, complete and exact) and the default. Choices a card or
 * event asks for are the same lists decide checks against, so the two can never disagree.
 */

/** The contracts a seat could build now, each with its AP cost: boxes, active deck tops, its Favors. */
const buildable = (state: State, seat: Seat): Array<{ id: string; ap: number }> => {
  const out: Array<{ id: string; ap: number }> = []
  const add = (id: string | null) => {
    if (id === null) return
    const ap = contractCost(state, seat, id, true)
    if (ap !== null && ap <= state.ap && card(id).kind === "contract") out.push({ id, ap })
  }
  state.contractBoxes.forEach(add)
  for (const d of DECKS) add(state.decks[d].top)
  state.players[seat]?.favors.forEach(add)
  return out
}

/** Every set of the eligible permits (ids ascending) that covers `need` with no card to spare. */
const minimalSets = (eligible: ReadonlyArray<PermitCard>, need: number): string[][] => {
  const sorted = [...eligible].sort((a, b) => (a.id < b.id ? -1 : 1))
  const out: string[][] = []
  const walk = (from: number, chosen: PermitCard[], sum: number) => {
    if (sum >= need) {
      const min = Math.min(...chosen.map((c) => c.permits))
      if (sum - min < need) out.push(chosen.map((c) => c.id))
      return
    }
    if (chosen.length >= need) return
    for (let i = from; i < sorted.length; i++) {
      const p = sorted[i] as PermitCard
      walk(i + 1, [...chosen, p], sum + p.permits)
    }
  }
  walk(0, [], 0)
  return out
}

const ZONE_BIT: Readonly<Record<string, number>> = { CIV: 1, COM: 2, IND: 4, RES: 8, PARK: 0 }
const ZONE_KEY: Readonly<Record<string, number>> = { CIV: 0, COM: 1, IND: 2, RES: 3, PARK: 4 }

interface Site {
  readonly block: number
  /** A frozen shape of SHAPES, shared by every command built on it. */
  readonly shape: ReadonlyArray<number>
  /** Global lots of the shape on the block. */
  readonly lots: ReadonlyArray<number>
  readonly cover: ReadonlyArray<number>
}

/** Every empty site (size, block, shape) as one shared object, computed once: an empty site covers nothing. */
const SITES: ReadonlyArray<ReadonlyArray<ReadonlyArray<Site>>> = [0, 1, 2, 3, 4].map((size) =>
  Array.from({ length: BLOCKS }, (_, block) =>
    (SHAPES[size] ?? []).map((shape) => ({
      block,
      shape,
      lots: Object.freeze(shape.map((l) => globalLot(block, l))),
      cover: NO_COVER,
    })),
  ),
)

// Scratch space reused by every call (the rules are synchronous; nothing keeps a reference past a call).
const byIdScratch: Array<Building | undefined> = []

// The zone mask of the last lot grid asked about: evolve keeps the `lots` array of a state unless a building
// is placed or removed, so most decisions of a game share it.
let maskLots: ReadonlyArray<number> | null = null
let maskOfLots = new Uint8Array(144)

/** Per lot, the zones (bits of ZONE_BIT) of the buildings next to it. */
const zonesNextTo = (state: State, byId: ById): Uint8Array => {
  if (state.lots === maskLots) return maskOfLots
  const adjacent = new Uint8Array(144)
  for (let g = 0; g < 144; g++) {
    const id = state.lots[g] as number
    if (id < 0) continue
    const bit = ZONE_BIT[(byId[id] as Building).zone] as number
    if (bit) for (const n of NEIGHBOURS[g] as number[]) adjacent[n] = (adjacent[n] as number) | bit
  }
  maskLots = state.lots
  maskOfLots = adjacent
  return adjacent
}

/**
 * Every legal Build for a seat: the same rules as checkBuild, enumerated. Sites depend only on the zone, size
 * and zoning override of a contract, so they are found once per kind per call; an empty site's zoning is read
 * from a per-lot mask of the zones next to it. Commands share their frozen `lots` shape and permit sets.
 */
export const buildCommands = (state: State, seat: Seat): Array<CommandOf<"Build">> => {
  const player = state.players[seat]
  if (!player) return []
  const out: Array<CommandOf<"Build">> = []
  const contracts = buildable(state, seat)
  if (contracts.length === 0) return out
  const permits: PermitCard[] = []
  let renewals: string[] = []
  for (const id of player.hand) {
    const c = card(id)
    if (c.kind === "permit") permits.push(c)
    else if (c.kind === "renewal" && !renewals.includes(id)) renewals.push(id)
  }
  if (permits.length === 0) return out
  if (renewals.length > 1) renewals = renewals.sort()
  const byId = indexById(state, byIdScratch)
  const adjacent = zonesNextTo(state, byId)
  const affordable: number[] = []
  for (let block = 0; block < BLOCKS; block++)
    if (buildCost(state, seat, block) <= player.wealth) affordable.push(block)
  const sitesOf: Array<Site[] | undefined> = []
  const sites = (c: ContractCard): Site[] => {
    const skip = c.zone === "PARK" || ignoresZoning(c)
    const key = ((ZONE_KEY[c.zone] as number) * 5 + c.size) * 2 + (skip ? 1 : 0)
    const cached = sitesOf[key]
    if (cached) return cached
    const found: Site[] = []
    const bit = ZONE_BIT[c.zone] as number
    const ofSize = SITES[c.size] ?? []
    for (const block of affordable) {
      const shapes = ofSize[block] ?? []
      for (let i = 0; i < shapes.length; i++) {
        const site = shapes[i] as Site
        const lots = site.lots
        let empty = true
        let mask = 0
        for (let j = 0; j < lots.length; j++) {
          const g = lots[j] as number
          if ((state.lots[g] as number) >= 0) empty = false
          mask |= adjacent[g] as number
        }
        if (empty) {
          if (skip || mask === 0 || (mask & bit) !== 0) found.push(site)
          continue
        }
        if (renewals.length === 0) continue
        const cover = covered(state, seat, c, lots, byId)
        if (typeof cover === "string") continue
        if (!skip && !zoningOk(state, c.zone, lots, cover, byId)) continue
        found.push({ block, shape: site.shape, lots, cover })
      }
    }
    sitesOf[key] = found
    return found
  }
  const setsOf = new Map<string, string[][]>()
  let owned = 0
  for (const b of state.buildings) if (b.owner === seat) owned++
  for (const { id } of contracts) {
    const c = card(id) as ContractCard
    const need = permitsNeeded(state, seat, c)
    const setKey = `${c.zone}/${need}`
    let sets = setsOf.get(setKey)
    if (sets === undefined) {
      sets = minimalSets(
        permits.filter((p) => permitFits(c, p)),
        need,
      )
      setsOf.set(setKey, sets)
    }
    if (sets.length === 0) continue
    for (const site of sites(c)) {
      if (c.zone !== "PARK" && owned >= CUBES && cubesLeft(state, seat, site.cover) <= 0) continue
      if (site.cover.length === 0)
        for (const set of sets)
          out.push({
            type: "Build",
            card: id,
            block: site.block,
            lots: site.shape,
            permits: set,
            renewal: null,
          })
      else
        for (const renewal of renewals)
          for (const set of sets)
            out.push({ type: "Build", card: id, block: site.block, lots: site.shape, permits: set, renewal })
    }
  }
  return out
}

/** Every action except building (small lists; building is enumerated by buildCommands). */
const otherActions = (state: State, seat: Seat): Command[] => {
  const player = state.players[seat]
  if (!player) return []
  const out: Command[] = []
  if (!state.acted) {
    const permits: string[] = []
    for (const id of player.hand) if (card(id).kind === "permit" && !permits.includes(id)) permits.push(id)
    for (const id of permits.sort()) out.push({ type: "Invest", card: id })
  }
  for (const id of [...state.planningBoxes, state.planning.top])
    if (id !== null && (planningCost(state, id) as number) <= state.ap)
      out.push({ type: "TakePlanning", card: id })
  if (player.favors.length < favorLimit(state, seat))
    for (const id of [...state.contractBoxes, ...DECKS.map((d) => state.decks[d].top)]) {
      if (id === null || card(id).kind !== "contract") continue
      const ap = contractCost(state, seat, id, false)
      if (ap !== null && ap <= state.ap) out.push({ type: "TakeFavor", card: id })
    }
  for (const id of player.favors) out.push({ type: "DiscardFavor", card: id })
  if (state.offices.DistrictAttorney === seat && !state.daUsed)
    for (const id of [...state.planningBoxes, ...state.contractBoxes])
      if (id !== null) out.push({ type: "ClearBox", card: id })
  out.push({ type: "EndTurn" })
  return out
}

/** The choices of a task decision (everything except the draft and actions). */
export const choices = (state: State, kind: DecisionKind, seat: Seat): Command[] => {
  const task = state.tasks[0] as Task
  switch (kind) {
    case "break-tie": {
      const seats =
        task.k === "election"
          ? electionLeaders(state, OFFICES[state.pawn] as (typeof OFFICES)[number])
          : contractorCandidates(state)
      return seats.map((s) => ({ type: "BreakTie", seat: s }))
    }
    case "order": {
      const affected =
        task.k === "auction"
          ? (s: number) => canPayRansom(state, s, task.price, 0)
          : task.k === "threat"
            ? threatAffected(state, task)
            : (s: number) => tributeOwed(state, task as Extract<Task, { k: "tribute" }>, s) > 0
      return ordered(state, task as unknown as { decided: number[]; next: null }, affected).remaining.map(
        (s) => ({
          type: "OrderNext",
          seat: s,
        }),
      )
    }
    case "bid":
      return [
        { type: "Bid", pay: true },
        { type: "Bid", pay: false },
      ]
    case "pick-building":
      return (task.k === "decay" ? decayCandidates(state) : headlineCandidates(state)).map((b) => ({
        type: "PickBuilding",
        building: b,
      }))
    case "pick-block":
      return mostValuableBlocks(state).map((block) => ({ type: "PickBlock", block }))
    case "ransom": {
      if (task.k === "decay") {
        const t = target(state, task) as number
        return [{ type: "PayRansom" }, { type: "LoseBuilding", building: t }]
      }
      const t = task as Extract<Task, { k: "threat" }>
      const out: Command[] = canPayRansom(state, seat, t.wealth, t.prestige) ? [{ type: "PayRansom" }] : []
      for (const b of atRisk(state, seat, t.target, threatBlock(state, t)))
        out.push({ type: "LoseBuilding", building: b })
      return out
    }
    case "place-marker": {
      const t = task as Extract<Task, { k: "placeMarkers" }>
      const edge = t.wealth.length > 0 ? "east" : "north"
      return state.markers[edge].flatMap((v, i): Command[] =>
        v === null ? [{ type: "PlaceMarker", space: i }] : [],
      )
    }
    case "swap-markers": {
      const t = task as Extract<Task, { k: "swapMarkers" }>
      const edge = state.markers[t.edge]
      const out: Command[] = []
      for (let a = 0; a < edge.length; a++)
        for (let b = a + 1; b < edge.length; b++)
          if (edge[a] !== null && edge[b] !== null) out.push({ type: "SwapMarkers", a, b })
      out.push({ type: "SkipEffect" })
      return out
    }
    case "choose-office":
      return OFFICES.map((office) => ({ type: "ChooseOffice", office }))
    case "free-planning": {
      const out: Command[] = state.planningBoxes.flatMap((id): Command[] =>
        id === null ? [] : [{ type: "TakeFreePlanning", card: id }],
      )
      out.push({ type: "SkipEffect" })
      return out
    }
    case "tribute": {
      const n = tributeOwed(state, task as Extract<Task, { k: "tribute" }>, seat)
      return Array.from({ length: n + 1 }, (_, k) => ({ type: "PayTribute", inWealth: k }))
    }
    default:
      return []
  }
}

/** The draft's choices: every affordable unowned starting building, else passing. */
export const draftCommands = (state: State, seat: Seat): Command[] => {
  const wealth = state.players[seat]?.wealth ?? 0
  const out: Command[] = state.buildings
    .filter((b) => b.card === null && b.owner === null && blockValue(state.markers, b.block) <= wealth)
    .map((b) => ({ type: "BuyStarter", building: b.id }))
  return out.length > 0 ? out : [{ type: "PassDraft" }]
}

/** Complete and exact: every command `decide` accepts from this seat now. */
export const legalCommands = (state: State, seat: Seat): ReadonlyArray<Command> => {
  const o = owed(state)
  if (!o || o.seat !== seat) return []
  if (o.kind === "draft") return draftCommands(state, seat)
  if (o.kind === "action") {
    const out = otherActions(state, seat)
    for (const b of buildCommands(state, seat)) out.push(b)
    return out
  }
  return choices(state, o.kind, seat)
}

/** The mildest legal choice (clock timeouts): end the turn, decline, pay nothing optional, the first choice. */
export const defaultCommand = (state: State, seat: Seat): Command => {
  const legal = legalCommands(state, seat)
  const mild = legal.find(
    (c) =>
      c.type === "EndTurn" ||
      c.type === "SkipEffect" ||
      c.type === "PassDraft" ||
      (c.type === "Bid" && !c.pay) ||
      c.type === "PayRansom",
  )
  const chosen = mild ?? legal[0]
  if (!chosen) throw new Error(`urban-sprawl: seat ${seat} owes no decision`)
  return chosen
}
