import type { LegalByIndex, Seat } from "../../kernel/game.js"
import { listedByIndex, NO_LEGAL, noLegalAt } from "../../kernel/legal.js"
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
import type { Command } from "./commands.js"
import { type ContractCard, CUBES, card, DECK_TOP_COST, DECKS, OFFICES, type PermitCard } from "./data.js"
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

/**
 * The contracts a seat could build now: those whose AP cost (contractCost's: a box costs its number, an active
 * deck's top that deck's cost, a Favor nothing) it can pay, from the boxes, the active deck tops, its Favors.
 */
const buildable = (state: State, seat: Seat): string[] => {
  const out: string[] = []
  const add = (id: string | null, ap: number) => {
    if (id !== null && ap <= state.ap && card(id).kind === "contract") out.push(id)
  }
  for (let box = 0; box < state.contractBoxes.length; box++) add(state.contractBoxes[box] ?? null, box + 1)
  for (const d of DECKS) if (state.decks[d].active) add(state.decks[d].top, DECK_TOP_COST[d])
  for (const id of state.players[seat]?.favors ?? []) add(id, 0)
  return out
}

/** Every set of the eligible permits (ids ascending, as given) that covers `need` with no card to spare. */
const minimalSets = (
  sorted: ReadonlyArray<PermitCard>,
  need: number,
): ReadonlyArray<ReadonlyArray<string>> => {
  const out: Array<ReadonlyArray<string>> = []
  const chosen: PermitCard[] = []
  const walk = (from: number, sum: number, min: number) => {
    if (sum >= need) {
      // Frozen: Build commands of several decisions (and their Built events) share a set.
      if (sum - min < need) out.push(Object.freeze(chosen.map((c) => c.id)))
      return
    }
    if (chosen.length >= need) return
    for (let i = from; i < sorted.length; i++) {
      const p = sorted[i] as PermitCard
      chosen.push(p)
      walk(i + 1, sum + p.permits, Math.min(min, p.permits))
      chosen.pop()
    }
  }
  walk(0, 0, Number.POSITIVE_INFINITY)
  return out
}

/**
 * A hand's Build Permits (ids ascending), its Urban Renewal cards (ascending) and its permit sets by zone and
 * permits needed, kept for the last hand asked about: evolve replaces a hand whenever it changes, and a
 * player's decisions in a turn mostly share one.
 */
interface HandCards {
  readonly hand: ReadonlyArray<string>
  readonly permits: ReadonlyArray<PermitCard>
  readonly renewals: ReadonlyArray<string>
  readonly sets: Array<ReadonlyArray<ReadonlyArray<string>> | undefined>
}
let lastHand: HandCards | null = null

const handCards = (hand: ReadonlyArray<string>): HandCards => {
  if (lastHand !== null && lastHand.hand === hand) return lastHand
  const permits: PermitCard[] = []
  const renewals: string[] = []
  for (const id of hand) {
    const c = card(id)
    if (c.kind === "permit") permits.push(c)
    else if (c.kind === "renewal" && !renewals.includes(id)) renewals.push(id)
  }
  if (permits.length > 1) permits.sort((a, b) => (a.id < b.id ? -1 : 1))
  if (renewals.length > 1) renewals.sort()
  lastHand = { hand, permits, renewals, sets: [] }
  return lastHand
}

/** The permit sets of a hand for a contract (they depend only on its zone, which permits fit, and the need). */
const permitSets = (
  cards: HandCards,
  c: ContractCard,
  need: number,
): ReadonlyArray<ReadonlyArray<string>> => {
  const key = (ZONE_KEY[c.zone] as number) * 8 + need
  let sets = cards.sets[key]
  if (sets === undefined) {
    sets = minimalSets(
      cards.permits.filter((p) => permitFits(c, p)),
      need,
    )
    cards.sets[key] = sets
  }
  return sets
}

const ZONE_BIT: Readonly<Record<string, number>> = { CIV: 1, COM: 2, IND: 4, RES: 8, PARK: 0 }
const ZONE_KEY: Readonly<Record<string, number>> = { CIV: 0, COM: 1, IND: 2, RES: 3, PARK: 4 }

interface Site {
  readonly block: number
  /** A frozen shape of SHAPES, shared by every command built on it. */
  readonly shape: ReadonlyArray<number>
  /** The shape's lots as bits (1 << lot). */
  readonly bits: number
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
      bits: shape.reduce((bits, l) => bits | (1 << l), 0),
      lots: shape.map((l) => globalLot(block, l)),
      cover: NO_COVER,
    })),
  ),
)

/** What buildGroups reads of a lot grid: per lot the zones (bits of ZONE_BIT) next to it, per block its built lots. */
interface LotGrid {
  readonly lots: ReadonlyArray<number>
  readonly zonesNextTo: ReadonlyArray<number>
  /** Per block, its built lots as bits (1 << lot). */
  readonly built: ReadonlyArray<number>
}

// The last lot grid asked about: evolve keeps the `lots` array of a state unless a building is placed or
// removed, so most decisions of a game share it. Its arrays are refilled for the next grid (only one is kept).
let lastGrid: LotGrid = { lots: [], zonesNextTo: new Array(144).fill(0), built: new Array(BLOCKS).fill(0) }

const lotGrid = (state: State): LotGrid => {
  if (lastGrid.lots === state.lots) return lastGrid
  const zonesNextTo = lastGrid.zonesNextTo as number[]
  const built = lastGrid.built as number[]
  zonesNextTo.fill(0)
  built.fill(0)
  // The buildings are what the grid holds (evolve updates both together).
  for (const b of state.buildings) {
    const bit = ZONE_BIT[b.zone] as number
    for (let i = 0; i < b.lots.length; i++) {
      const l = b.lots[i] as number
      built[b.block] = (built[b.block] as number) | (1 << l)
      if (bit)
        for (const n of NEIGHBOURS[globalLot(b.block, l)] as number[])
          zonesNextTo[n] = (zonesNextTo[n] as number) | bit
    }
  }
  lastGrid = { lots: state.lots, zonesNextTo, built }
  return lastGrid
}

// Scratch space reused by every call (the rules are synchronous; nothing keeps a reference past a call).
const byIdScratch: Array<Building | undefined> = []

/** The key of the sites a contract may use: they depend only on its zone, its size and a zoning override. */
const siteKind = (c: ContractCard): number =>
  ((ZONE_KEY[c.zone] as number) * 5 + c.size) * 2 + (c.zone === "PARK" || ignoresZoning(c) ? 1 : 0)

/**
 * The sites a contract may go on for a seat, in block and shape order: empty sites on blocks it can afford
 * that meet zoning (told by the block's built lots and the zones next to the site's lots) and, when it holds
 * Urban Renewal (`renewals`), sites covering smaller buildings.
 */
const findSites = (
  state: State,
  seat: Seat,
  c: ContractCard,
  renewals: ReadonlyArray<string>,
  byId: ById,
): Site[] => {
  const wealth = state.players[seat]?.wealth ?? 0
  const skip = c.zone === "PARK" || ignoresZoning(c)
  const bit = ZONE_BIT[c.zone] as number
  const grid = lotGrid(state)
  const found: Site[] = []
  const ofSize = SITES[c.size] ?? []
  for (let block = 0; block < BLOCKS; block++) {
    if (buildCost(state, seat, block) > wealth) continue
    const shapes = ofSize[block] ?? []
    const built = grid.built[block] as number
    for (let i = 0; i < shapes.length; i++) {
      const site = shapes[i] as Site
      const lots = site.lots
      if ((built & site.bits) === 0) {
        let mask = 0
        for (let j = 0; j < lots.length; j++) mask |= grid.zonesNextTo[lots[j] as number] as number
        if (skip || mask === 0 || (mask & bit) !== 0) found.push(site)
        continue
      }
      if (renewals.length === 0) continue
      const cover = covered(state, seat, c, lots, byId)
      if (typeof cover === "string") continue
      if (!skip && !zoningOk(state, c.zone, lots, cover, byId)) continue
      found.push({ block, shape: site.shape, bits: site.bits, lots, cover })
    }
  }
  return found
}

/**
 * The sites of a seat without Urban Renewal, by kind of contract. They depend only on the lot grid, the
 * markers, the seat's wealth and whether it has the Contractor's discount, so they are kept for the last such
 * combination: a player's decisions in a turn mostly share it. Nothing outside this file sees these arrays.
 */
interface EmptySites {
  readonly lots: ReadonlyArray<number>
  readonly markers: State["markers"]
  readonly wealth: number
  readonly discounted: boolean
  readonly byKind: Array<Site[] | undefined>
}
let lastEmptySites: EmptySites | null = null

const emptySitesByKind = (state: State, seat: Seat, wealth: number): Array<Site[] | undefined> => {
  const discounted = state.contractor === seat
  const last = lastEmptySites
  if (
    last !== null &&
    last.lots === state.lots &&
    last.markers === state.markers &&
    last.wealth === wealth &&
    last.discounted === discounted
  )
    return last.byKind
  lastEmptySites = { lots: state.lots, markers: state.markers, wealth, discounted, byKind: [] }
  return lastEmptySites.byKind
}

/**
 * The legal Builds of one contract, before they are built: on each site (in order), each permit set, or on a
 * site covering smaller buildings each Urban Renewal card with each permit set. `count` is how many.
 */
interface BuildGroup {
  readonly card: string
  readonly sites: ReadonlyArray<Site>
  readonly sets: ReadonlyArray<ReadonlyArray<string>>
  readonly renewals: ReadonlyArray<string>
  readonly count: number
}

/** How many Builds a site offers: one per permit set, times the Urban Renewal cards when it covers buildings. */
const buildsOn = (
  site: Site,
  sets: ReadonlyArray<ReadonlyArray<string>>,
  renewals: ReadonlyArray<string>,
): number => (site.cover.length === 0 ? sets.length : renewals.length * sets.length)

/** The renewal of a Build on an empty site. */
const NO_RENEWAL: ReadonlyArray<null> = [null]

/**
 * Every legal Build for a seat, by contract: the same rules as checkBuild, enumerated. Sites depend only on
 * the zone, size and zoning override of a contract, so they are found once per kind. Builds are counted
 * here and built only when asked for (`buildAt`): they are about 70 % of an action's legal commands.
 */
const buildGroups = (state: State, seat: Seat): BuildGroup[] => {
  const groups: BuildGroup[] = []
  const player = state.players[seat]
  if (!player) return groups
  const contracts = buildable(state, seat)
  if (contracts.length === 0) return groups
  const cards = handCards(player.hand)
  if (cards.permits.length === 0) return groups
  const renewals = cards.renewals
  const byId = renewals.length > 0 ? indexById(state, byIdScratch) : []
  const sitesByKind = renewals.length > 0 ? [] : emptySitesByKind(state, seat, player.wealth)
  let owned = 0
  for (const b of state.buildings) if (b.owner === seat) owned++
  for (const id of contracts) {
    const c = card(id) as ContractCard
    const sets = permitSets(cards, c, permitsNeeded(state, seat, c))
    if (sets.length === 0) continue
    const kind = siteKind(c)
    let sites = sitesByKind[kind]
    if (sites === undefined) {
      sites = findSites(state, seat, c, renewals, byId)
      sitesByKind[kind] = sites
    }
    // With every cube on the board, a building needs a site that demolishes one of the seat's own (an empty
    // site frees none); a park needs no cube.
    const usable =
      c.zone !== "PARK" && owned >= CUBES
        ? sites.filter((site) => site.cover.length > 0 && cubesLeft(state, seat, site.cover) > 0)
        : sites
    if (usable.length === 0) continue
    // Without Urban Renewal every site is empty: one Build per permit set on each.
    let count = 0
    if (renewals.length === 0) count = usable.length * sets.length
    else for (const site of usable) count += buildsOn(site, sets, renewals)
    if (count > 0) groups.push({ card: id, sites: usable, sets, renewals, count })
  }
  return groups
}

/** The Build at `index` of a group (0 ≤ index < group.count). */
const buildAt = (group: BuildGroup, index: number): Command => {
  const { sites, sets, renewals } = group
  if (renewals.length === 0) {
    const site = sites[Math.floor(index / sets.length)] as Site
    const permits = sets[index % sets.length] as ReadonlyArray<string>
    return { type: "Build", card: group.card, block: site.block, lots: site.shape, permits, renewal: null }
  }
  for (const site of sites) {
    const n = buildsOn(site, sets, renewals)
    if (index >= n) {
      index -= n
      continue
    }
    const permits = sets[index % sets.length] as ReadonlyArray<string>
    const renewal = site.cover.length === 0 ? null : (renewals[Math.floor(index / sets.length)] as string)
    return { type: "Build", card: group.card, block: site.block, lots: site.shape, permits, renewal }
  }
  throw new RangeError(`urban-sprawl: no Build at index ${index}`)
}

/** Every action except building (small lists; building is enumerated by buildGroups). */
const otherActions = (state: State, seat: Seat): Command[] => {
  const player = state.players[seat]
  if (!player) return []
  const out: Command[] = []
  if (!state.acted) {
    let last: string | null = null
    for (const { id } of handCards(player.hand).permits) {
      if (id !== last) out.push({ type: "Invest", card: id })
      last = id
    }
  }
  for (const id of state.planningBoxes)
    if (id !== null && (planningCost(state, id) as number) <= state.ap)
      out.push({ type: "TakePlanning", card: id })
  const top = state.planning.top
  if (top !== null && (planningCost(state, top) as number) <= state.ap)
    out.push({ type: "TakePlanning", card: top })
  if (player.favors.length < favorLimit(state, seat)) {
    const favor = (id: string | null) => {
      if (id === null || card(id).kind !== "contract") return
      const ap = contractCost(state, seat, id, false)
      if (ap !== null && ap <= state.ap) out.push({ type: "TakeFavor", card: id })
    }
    for (const id of state.contractBoxes) favor(id)
    for (const d of DECKS) favor(state.decks[d].top)
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

/** An action's commands counted: the other actions, then each contract's Builds (built when asked for). */
const actionsByIndex = (state: State, seat: Seat): LegalByIndex<Command> => {
  const others = otherActions(state, seat)
  const groups = buildGroups(state, seat)
  let count = others.length
  for (const group of groups) count += group.count
  const at = (index: number): Command => {
    if (!(index >= 0 && index < count)) return noLegalAt(index, count)
    if (index < others.length) return others[index] as Command
    let rest = index - others.length
    for (const group of groups) {
      if (rest < group.count) return buildAt(group, rest)
      rest -= group.count
    }
    return noLegalAt(index, count)
  }
  return { count, at }
}

/** Complete and exact: every command `decide` accepts from this seat now, counted. */
export const legalByIndex = (state: State, seat: Seat): LegalByIndex<Command> => {
  const o = owed(state)
  if (!o || o.seat !== seat) return NO_LEGAL
  if (o.kind === "draft") return listedByIndex(draftCommands(state, seat))
  if (o.kind === "action") return actionsByIndex(state, seat)
  return listedByIndex(choices(state, o.kind, seat))
}

/** Complete and exact: every command `decide` accepts from this seat now. */
export const legalCommands = (state: State, seat: Seat): ReadonlyArray<Command> => {
  const o = owed(state)
  if (!o || o.seat !== seat) return []
  if (o.kind === "draft") return draftCommands(state, seat)
  if (o.kind !== "action") return choices(state, o.kind, seat)
  const out = otherActions(state, seat)
  for (const group of buildGroups(state, seat))
    for (const site of group.sites)
      for (const renewal of site.cover.length === 0 ? NO_RENEWAL : group.renewals)
        for (const permits of group.sets)
          out.push({ type: "Build", card: group.card, block: site.block, lots: site.shape, permits, renewal })
  return out
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
