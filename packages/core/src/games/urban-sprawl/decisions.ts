import { Result } from "effect"
import { canonicalJson } from "../../kernel/canonical.js"
import type { Decision, Seat } from "../../kernel/game.js"
import { type RuleViolation, violation } from "../../kernel/violation.js"
import { canPayRansom, ordered, target, threatAffected, threatBlock, tributeOwed } from "./advance.js"
import {
  atRisk,
  BLOCKS,
  blockValue,
  contractorCandidates,
  decayCandidates,
  electionLeaders,
  globalLot,
  headlineCandidates,
  isShape,
  mostValuableBlocks,
  NEIGHBOURS,
  SHAPES,
} from "./board.js"
import {
  CONTRACTOR_DISCOUNT,
  type ContractCard,
  CUBES,
  card,
  DECK_TOP_COST,
  DECKS,
  ELECTION_PRESTIGE,
  OFFICES,
  type PermitCard,
  PLANNING_TOP_COST,
  permitsOf,
} from "./data.js"
import type { Building, Command, CommandOf, Event, EventOf, Task } from "./model.js"
import type { State } from "./state.js"

/**
 * Who owes which decision now, every command each decision admits (`legalCommands`, complete and exact),
 * and `decide`. Choices a card or event asks for are checked against the same list legalCommands gives, so
 * the two can never disagree; actions get their own checks with a message naming the rule broken.
 */

type Decided = Result.Result<ReadonlyArray<Event>, RuleViolation>
const fail = (rule: string, message: string): Decided =>
  Result.fail(violation(`urban-sprawl.${rule}`, message))
const ok = (...events: Event[]): Decided => Result.succeed(events)

export type DecisionKind =
  | "draft"
  | "action"
  | "break-tie"
  | "order"
  | "bid"
  | "pick-building"
  | "pick-block"
  | "ransom"
  | "place-marker"
  | "swap-markers"
  | "choose-office"
  | "free-planning"
  | "tribute"

export interface Owed {
  readonly seat: Seat
  readonly kind: DecisionKind
}

/**
 * The drafter of a draft turn: snake order from the start player; with option `turnOrder` compensated or tapered at three
 * seats, snake order from the last player in reverse turn order (the start player drafts third, then fourth).
 */
export const drafter = (state: State): Seat => {
  const n = state.seats
  const pass = Math.floor(state.draftTurn / n)
  const i = state.draftTurn % n
  const k = pass % 2 === 0 ? i : n - 1 - i
  const start = state.startPlayer ?? 0
  const t = state.options.turnOrder
  if ((t === "compensated" || t === "tapered") && n === 3) return (start - 1 - k + 2 * n) % n
  return (start + k) % n
}

/** The decision a task waits for, or null when it resolves on its own. */
const taskDecision = (state: State, task: Task): Owed | null => {
  const active = state.active
  switch (task.k) {
    case "election": {
      const office = OFFICES[state.pawn] as (typeof OFFICES)[number]
      return electionLeaders(state, office).length > 1 ? { seat: active, kind: "break-tie" } : null
    }
    case "contractor":
      return contractorCandidates(state).length > 1 ? { seat: active, kind: "break-tie" } : null
    case "auction": {
      const { remaining, decider } = ordered(state, task, (s) => canPayRansom(state, s, task.price, 0))
      if (remaining.length === 0) return null
      return decider === null ? { seat: active, kind: "order" } : { seat: decider, kind: "bid" }
    }
    case "decay":
    case "headlines": {
      const candidates = task.k === "decay" ? decayCandidates(state) : headlineCandidates(state)
      if (task.target === null && candidates.length === 0) return null
      const t = target(state, task)
      if (t === null) return { seat: active, kind: "pick-building" }
      if (task.k === "headlines") return null
      const owner = state.buildings.find((b) => b.id === t)?.owner
      if (owner === null || owner === undefined) return null
      return canPayRansom(state, owner, 0, task.ransom) ? { seat: owner, kind: "ransom" } : null
    }
    case "threat": {
      if (task.target === "mostValuableBlock" && threatBlock(state, task) === null)
        return mostValuableBlocks(state).length > 1 ? { seat: active, kind: "pick-block" } : null
      const { remaining, decider } = ordered(state, task, threatAffected(state, task))
      if (remaining.length === 0) return null
      if (decider === null) return { seat: active, kind: "order" }
      const risk = atRisk(state, decider, task.target, threatBlock(state, task))
      if (!canPayRansom(state, decider, task.wealth, task.prestige) && risk.length === 1) return null
      return { seat: decider, kind: "ransom" }
    }
    case "placeMarkers": {
      const edge = task.wealth.length > 0 ? "east" : "north"
      return state.markers[edge].filter((v) => v === null).length > 1
        ? { seat: active, kind: "place-marker" }
        : null
    }
    case "winOffice":
      return task.office === "choice" ? { seat: active, kind: "choose-office" } : null
    case "swapMarkers":
      return state.markers[task.edge].filter((v) => v !== null).length >= 2
        ? { seat: active, kind: "swap-markers" }
        : null
    case "takePlanning":
      return state.planningBoxes.some((c) => c !== null) ? { seat: active, kind: "free-planning" } : null
    case "tribute": {
      const { remaining, decider } = ordered(state, task, (s) => tributeOwed(state, task, s) > 0)
      if (remaining.length === 0) return null
      return decider === null ? { seat: active, kind: "order" } : { seat: decider, kind: "tribute" }
    }
    default:
      return null
  }
}

// States are immutable (evolve returns a new object for every event), so the decision owed in the last state
// asked about can be kept: pending, legalCommands and decide each ask for the same state in turn.
let owedState: State | null = null
let owedThen: Owed | null = null

/** The one decision owed now, or null (the rules run on, or the game is over). */
export const owed = (state: State): Owed | null => {
  if (state !== owedState) {
    owedThen = owedNow(state)
    owedState = state
  }
  return owedThen
}

const owedNow = (state: State): Owed | null => {
  if (state.phase === "over") return null
  const head = state.tasks[0]
  if (head) return taskDecision(state, head)
  if (state.phase === "draft") return { seat: drafter(state), kind: "draft" }
  if (state.phase === "turn") return { seat: state.active, kind: "action" }
  return null
}

export const pending = (state: State): ReadonlyArray<Decision> => {
  const o = owed(state)
  return o ? [o] : []
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

const planningCost = (state: State, id: string): number | null => {
  const box = state.planningBoxes.indexOf(id)
  if (box >= 0) return box + 1
  return state.planning.top === id ? PLANNING_TOP_COST : null
}

const favorLimit = (state: State, seat: Seat): number => (state.players[seat]?.extraFavor ? 2 : 1)

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

const permitsNeeded = (state: State, seat: Seat, c: ContractCard): number =>
  Math.max(1, permitsOf(c, state.options.permitCost) - (state.offices.UnionBoss === seat ? 1 : 0))

const permitFits = (c: ContractCard, p: PermitCard): boolean =>
  c.zone === "PARK" || p.zones.includes(c.zone as PermitCard["zones"][number])

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

/** Buildings by id (an array indexed by id: ids are small integers, and a Map showed in playout profiles). */
type ById = ReadonlyArray<Building | undefined>

const indexById = (state: State, into: Array<Building | undefined>): ById => {
  for (const b of state.buildings) into[b.id] = b
  return into
}

/** Zoning (rules §4 step 4): touch no building, or touch one of the same zone; parks never count. */
const zoningOk = (
  state: State,
  zone: string,
  lots: ReadonlyArray<number>,
  removed: ReadonlyArray<number>,
  byId: ById,
): boolean => {
  let touches = false
  for (const g of lots)
    for (const n of NEIGHBOURS[g] as number[]) {
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

const NO_COVER: ReadonlyArray<number> = Object.freeze([])

/** The buildings a site covers, or a reason it cannot be covered (rules §4 step 3). */
const covered = (
  state: State,
  seat: Seat,
  c: ContractCard,
  lots: ReadonlyArray<number>,
  byId: ById,
): ReadonlyArray<number> | string => {
  let ids: number[] | null = null
  for (const g of lots) {
    const id = state.lots[g] as number
    if (id < 0 || ids?.includes(id)) continue
    const b = byId[id] as Building
    for (const l of b.lots)
      if (!lots.includes(globalLot(b.block, l))) return `building ${id} would only be partly covered`
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

const cubesLeft = (state: State, seat: Seat, demolished: ReadonlyArray<number>): number =>
  CUBES - state.buildings.filter((b) => b.owner === seat && !demolished.includes(b.id)).length

const buildCost = (state: State, seat: Seat, block: number): number =>
  Math.max(0, blockValue(state.markers, block) - (state.contractor === seat ? CONTRACTOR_DISCOUNT : 0))

const ignoresZoning = (c: ContractCard): boolean => c.effects.some((e) => e.op === "ignoreZoning")

/** Checks a Build command against every rule of §4; the Built event, or the rule broken. */
export const checkBuild = (state: State, seat: Seat, cmd: CommandOf<"Build">): Decided => {
  const ap = contractCost(state, seat, cmd.card, true)
  if (ap === null)
    return fail("build.not-available", `${cmd.card} is not a face-up contract or one of your Favors`)
  const c = card(cmd.card)
  if (c.kind !== "contract") return fail("build.not-a-contract", `${cmd.card} is not a contract`)
  if (ap > state.ap) return fail("build.action-points", `it costs ${ap} AP and you have ${state.ap}`)
  if (!Number.isInteger(cmd.block) || cmd.block < 0 || cmd.block >= BLOCKS)
    return fail("build.no-such-block", `blocks are 0–35, not ${cmd.block}`)
  if (!isShape(c.size, cmd.lots))
    return fail(
      "build.shape",
      `a ${c.size}-lot building needs ${c.size} lots of one block in a legal shape, ascending`,
    )
  const player = state.players[seat]
  if (!player) return fail("build.no-such-seat", `no seat ${seat}`)
  const need = permitsNeeded(state, seat, c)
  for (let i = 1; i < cmd.permits.length; i++)
    if ((cmd.permits[i - 1] as string) >= (cmd.permits[i] as string))
      return fail("build.permits-order", "list each permit card once, in ascending id order")
  let sum = 0
  let min = Number.POSITIVE_INFINITY
  for (const id of cmd.permits) {
    if (!player.hand.includes(id)) return fail("build.permit-not-in-hand", `${id} is not in your hand`)
    const p = card(id)
    if (p.kind !== "permit") return fail("build.not-a-permit", `${id} is not a Build Permit`)
    if (!permitFits(c, p)) return fail("build.permit-zone", `${id} does not list ${c.zone}`)
    sum += p.permits
    min = Math.min(min, p.permits)
  }
  if (sum < need) return fail("build.permits", `${c.name} needs ${need} permits; these give ${sum}`)
  if (sum - min >= need) return fail("build.permits-surplus", "every permit card used must be needed")
  const lots = cmd.lots.map((l) => globalLot(cmd.block, l))
  const byId = indexById(state, [])
  const cover = covered(state, seat, c, lots, byId)
  if (typeof cover === "string") return fail("build.site", cover)
  if (cover.length === 0 && cmd.renewal !== null)
    return fail("build.renewal-not-needed", "Urban Renewal is only spent to cover buildings")
  if (cover.length > 0) {
    if (cmd.renewal === null)
      return fail("build.site-occupied", "covering buildings needs an Urban Renewal card")
    if (!player.hand.includes(cmd.renewal) || card(cmd.renewal).kind !== "renewal")
      return fail("build.renewal", `${cmd.renewal} is not an Urban Renewal card in your hand`)
  }
  if (c.zone !== "PARK" && !ignoresZoning(c) && !zoningOk(state, c.zone, lots, cover, byId))
    return fail("build.zoning", `a ${c.zone} building must touch no building or touch a ${c.zone} building`)
  if (c.zone !== "PARK" && cubesLeft(state, seat, cover) <= 0)
    return fail("build.no-cube", "you have no cube left")
  const cost = buildCost(state, seat, cmd.block)
  if (cost > player.wealth)
    return fail("build.wealth", `building on this block costs ${cost}; you have ${player.wealth}`)
  return ok({
    type: "Built",
    seat,
    card: c.id,
    ap,
    building: state.nextBuilding,
    block: cmd.block,
    lots: cmd.lots,
    permits: cmd.permits,
    renewal: cmd.renewal,
    cost,
    demolished: [...cover],
  })
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
const choices = (state: State, kind: DecisionKind, seat: Seat): Command[] => {
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

const draftCommands = (state: State, seat: Seat): Command[] => {
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

/** The events a chosen option of a task decision produces. */
const chosen = (state: State, seat: Seat, cmd: Command): Event[] => {
  const task = state.tasks[0] as Task
  switch (cmd.type) {
    case "BreakTie":
      if (task.k === "election") {
        const office = OFFICES[state.pawn] as (typeof OFFICES)[number]
        return [
          {
            type: "ElectionHeld",
            office,
            winner: cmd.seat,
            prestige: state.offices[office] === cmd.seat ? 0 : ELECTION_PRESTIGE,
          },
        ]
      }
      return [{ type: "ContractorAssigned", seat: cmd.seat }]
    case "OrderNext":
      return [{ type: "OrderChosen", seat: cmd.seat }]
    case "Bid":
      return [{ type: "AuctionBid", seat, paid: cmd.pay }]
    case "PickBuilding":
      return [{ type: "TargetChosen", building: cmd.building, block: null }]
    case "PickBlock":
      return [{ type: "TargetChosen", building: null, block: cmd.block }]
    case "PayRansom":
      return task.k === "decay"
        ? [{ type: "RansomPaid", seat, wealth: 0, prestige: task.ransom }]
        : [
            {
              type: "RansomPaid",
              seat,
              wealth: (task as Extract<Task, { k: "threat" }>).wealth,
              prestige: (task as Extract<Task, { k: "threat" }>).prestige,
            },
          ]
    case "LoseBuilding":
      return [{ type: "BuildingLost", seat, building: cmd.building }]
    case "PlaceMarker": {
      const t = task as Extract<Task, { k: "placeMarkers" }>
      const east = t.wealth.length > 0
      return [
        {
          type: "MarkerPlaced",
          edge: east ? "east" : "north",
          space: cmd.space,
          value: (east ? t.wealth[0] : t.prestige[0]) as number,
        },
      ]
    }
    case "SwapMarkers":
      return [
        {
          type: "MarkersSwapped",
          edge: (task as Extract<Task, { k: "swapMarkers" }>).edge,
          a: cmd.a,
          b: cmd.b,
        },
      ]
    case "SkipEffect":
      return [{ type: "NothingHappened", what: "declined" }]
    case "ChooseOffice":
      return [
        {
          type: "OfficeTaken",
          seat,
          office: cmd.office,
          prestige: state.offices[cmd.office] === seat ? 0 : ELECTION_PRESTIGE,
        },
      ]
    case "TakeFreePlanning":
      return [{ type: "PlanningTaken", seat, card: cmd.card, ap: 0, free: true }]
    case "PayTribute": {
      const t = task as Extract<Task, { k: "tribute" }>
      const n = tributeOwed(state, t, seat)
      const p = state.players[seat] as State["players"][number]
      // A mandatory payment: each part is capped at what the payer has (rules §8).
      return [
        {
          type: "TributePaid",
          seat,
          to: state.active,
          wealth: Math.min(p.wealth, cmd.inWealth * t.amount),
          prestige: Math.min(p.prestige, (n - cmd.inWealth) * t.amount),
        },
      ]
    }
    default:
      return []
  }
}

const action = (state: State, seat: Seat, cmd: Command): Decided => {
  const player = state.players[seat] as State["players"][number]
  switch (cmd.type) {
    case "Invest": {
      if (state.acted) return fail("invest.after-actions", "investing comes before your first action")
      if (!player.hand.includes(cmd.card))
        return fail("invest.not-in-hand", `${cmd.card} is not in your hand`)
      const c = card(cmd.card)
      if (c.kind !== "permit") return fail("invest.not-a-permit", "only Build Permits can be invested")
      return ok({ type: "Invested", seat, card: c.id, wealth: c.wealth })
    }
    case "TakePlanning": {
      const ap = planningCost(state, cmd.card)
      if (ap === null)
        return fail("planning.not-available", `${cmd.card} is not a face-up planning card on offer`)
      if (ap > state.ap) return fail("planning.action-points", `it costs ${ap} AP and you have ${state.ap}`)
      return ok({ type: "PlanningTaken", seat, card: cmd.card, ap, free: false })
    }
    case "TakeFavor": {
      const ap = contractCost(state, seat, cmd.card, false)
      if (ap === null || card(cmd.card).kind !== "contract")
        return fail("favor.not-available", `${cmd.card} is not a face-up contract on offer`)
      if (ap > state.ap) return fail("favor.action-points", `it costs ${ap} AP and you have ${state.ap}`)
      if (player.favors.length >= favorLimit(state, seat))
        return fail("favor.limit", `you may hold ${favorLimit(state, seat)} Favor(s)`)
      return ok({ type: "FavorTaken", seat, card: cmd.card, ap })
    }
    case "Build":
      return checkBuild(state, seat, cmd)
    case "DiscardFavor":
      if (!player.favors.includes(cmd.card))
        return fail("favor.not-yours", `${cmd.card} is not one of your Favors`)
      return ok({ type: "FavorDiscarded", seat, card: cmd.card })
    case "ClearBox":
      if (state.offices.DistrictAttorney !== seat)
        return fail("da.not-holder", "only the District Attorney clears a box")
      if (state.daUsed) return fail("da.once", "the District Attorney clears one box per turn")
      if (!state.planningBoxes.includes(cmd.card) && !state.contractBoxes.includes(cmd.card))
        return fail("da.not-in-box", `${cmd.card} is not in a box (deck tops cannot be cleared)`)
      return ok({ type: "BoxCleared", seat, card: cmd.card })
    case "EndTurn":
      return ok({ type: "TurnEnded", seat })
    default:
      return fail("action.not-now", `${cmd.type} is not an action of a turn`)
  }
}

/**
 * Whether a command equals a listed choice: the choices are flat objects of primitives, compared key by key
 * (what their canonical JSON would compare, without building strings per decision); anything nested falls
 * back to canonical JSON.
 */
const sameCommand = (listed: Command, cmd: Command): boolean => {
  if (listed.type !== cmd.type) return false
  const a = listed as unknown as Record<string, unknown>
  const b = cmd as unknown as Record<string, unknown>
  let keys = 0
  for (const k in a) {
    const v = a[k]
    if (typeof v === "object" && v !== null) return canonicalJson(listed) === canonicalJson(cmd)
    if (!(k in b) || b[k] !== v) return false
    keys++
  }
  for (const _ in b) keys--
  return keys === 0
}

/** Decides a command of a seat (kernel `decide`). */
export const decide = (state: State, seat: Seat, cmd: Command): Decided => {
  const o = owed(state)
  if (!o) return fail("nothing-owed", "no decision is owed now")
  if (o.seat !== seat) return fail("not-your-decision", `seat ${o.seat} decides now (${o.kind})`)
  if (o.kind === "action") return action(state, seat, cmd)
  const legal = o.kind === "draft" ? draftCommands(state, seat) : choices(state, o.kind, seat)
  if (!legal.some((c) => sameCommand(c, cmd)))
    return fail(
      `${o.kind}.not-a-choice`,
      `${JSON.stringify(cmd)} is not one of the choices now: ${legal.map((c) => JSON.stringify(c)).join(", ")}`,
    )
  if (cmd.type === "BuyStarter") {
    const b = state.buildings.find((x) => x.id === cmd.building) as Building
    return ok({ type: "StarterBought", seat, building: b.id, cost: blockValue(state.markers, b.block) })
  }
  if (cmd.type === "PassDraft") return ok({ type: "DraftPassed", seat })
  return ok(...chosen(state, seat, cmd))
}

export type { EventOf }
