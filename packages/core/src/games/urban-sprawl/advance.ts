import { Random } from "../../kernel/random.js"
import {
  atRisk,
  boomAmounts,
  colOf,
  contractorCandidates,
  decayCandidates,
  electionLeaders,
  headlineCandidates,
  highestWealth,
  matches,
  mostValuableBlocks,
  payoutLines,
  rankAmounts,
  rankGains,
  rowOf,
} from "./board.js"
import {
  BASE_AP,
  card,
  DECKS,
  type DeckId,
  deckOf,
  ELECTION_PRESTIGE,
  OFFICES,
  TREASURER_FEE,
  VOCATION_CURRENCY,
} from "./data.js"
import type { Event, EventOf } from "./events.js"
import { canPayRansom, ordered, target, threatAffected, threatBlock, tributeOwed } from "./rules.js"
import { type Board, boxSource, type DeckState, deckSize, hasCards, type State, type Task } from "./state.js"

/** The card a pile's next reveal turns up: a class in proportion to the top part's counts, then a card of it. */
const drawFrom = (d: DeckState, rng: State["rng"]): string => {
  const seg = d.segments.find(hasCards)
  if (!seg) throw new Error("urban-sprawl: drawing from an empty pile")
  const r = Random.open(rng)
  const classes = Object.keys(seg)
  if (classes.length > 1) classes.sort()
  let total = 0
  for (const k of classes) total += seg[k] as number
  let at = r.int(0, total - 1)
  for (const k of classes) {
    const n = seg[k] as number
    if (at < n) return r.pick(d.pools[k] as string[])
    at -= n
  }
  throw new Error("urban-sprawl: no class drawn")
}

/** Reveal the next planning card into `box` (null: as the deck top); reshuffle the discard first if needed. */
const revealPlanning = (state: State, box: number | null, setup: boolean): Event | null => {
  if (deckSize(state.planning) > 0)
    return { type: "CardRevealed", card: drawFrom(state.planning, state.rng), deck: "planning", box, setup }
  // Only events left in the discard would loop for ever: the box stays empty (rules §6, design).
  if (state.discard.some((id) => card(id).kind !== "event"))
    return { type: "PlanningReshuffled", cards: state.discard }
  return null
}

const revealContract = (state: State, deck: DeckId, box: number | null, setup: boolean): Event => ({
  type: "CardRevealed",
  card: drawFrom(state.decks[deck], state.rng),
  deck,
  box,
  setup,
})

const zeros = (board: Board): number[] => board.players.map(() => 0)

/** A payout of one currency and value over every line it triggers (rules §5). */
export const payout = (
  board: Board,
  currency: "wealth" | "prestige",
  value: number,
  amounts: readonly [number, number] = rankAmounts(currency, value, board.options.prestigePayouts),
): EventOf<"PayoutMade"> => {
  const lines = payoutLines(board.markers, currency, value)
  // Owned buildings per seat on each line (lineCounts), all lines in one pass over the buildings.
  const counts = lines.map((): number[] => new Array(board.seats).fill(0))
  if (lines.length > 0)
    for (const b of board.buildings) {
      if (b.owner === null) continue
      const row = rowOf(b.block)
      const column = colOf(b.block)
      for (let i = 0; i < lines.length; i++) {
        const { line, index } = lines[i] as (typeof lines)[number]
        if ((line === "row" ? row : column) === index) {
          const seats = counts[i] as number[]
          seats[b.owner] = (seats[b.owner] as number) + 1
        }
      }
    }
  return {
    type: "PayoutMade",
    currency,
    value,
    lines: lines.map(({ line, index }, i) => ({
      line,
      index,
      gains: rankGains(counts[i] as number[], value, amounts),
    })),
  }
}

/** The automatic resolution of the head task, or [] when a player must decide first. */
const runTask = (state: State, task: Task): Event[] => {
  const nothing = (what: string): Event[] => [{ type: "NothingHappened", what }]
  const active = state.active
  switch (task.k) {
    case "payout":
      return [payout(state, task.currency, task.value)]
    case "highestWealthPayout": {
      const v = highestWealth(state.markers)
      return v > 0
        ? [payout(state, "wealth", v, boomAmounts(v, state.options.boomPayouts))]
        : nothing("no wealth marker")
    }
    case "election": {
      const office = OFFICES[state.pawn] as (typeof OFFICES)[number]
      const leaders = electionLeaders(state, office)
      if (leaders.length > 1) return []
      const winner = leaders[0] ?? null
      const prestige = winner !== null && state.offices[office] !== winner ? ELECTION_PRESTIGE : 0
      return [{ type: "ElectionHeld", office, winner, prestige }]
    }
    case "contractor": {
      const c = contractorCandidates(state)
      return c.length === 1 ? [{ type: "ContractorAssigned", seat: c[0] as number }] : []
    }
    case "gain":
    case "gainPer":
    case "lose": {
      const wealth = zeros(state)
      const prestige = zeros(state)
      for (let s = 0; s < state.seats; s++) {
        const p = state.players[s] as Board["players"][number]
        if (task.k === "lose") {
          // A mandatory loss takes what the player has (rules §8, short payments).
          wealth[s] = -Math.min(p.wealth, task.wealth)
          prestige[s] = -Math.min(p.prestige, task.prestige)
          continue
        }
        if (task.only !== null && task.only !== s) continue
        const times =
          task.k === "gain" ? 1 : state.buildings.filter((b) => b.owner === s && matches(b, task.per)).length
        wealth[s] = task.wealth * times
        prestige[s] = task.prestige * times
      }
      return [{ type: "PurseChanged", cause: task.cause, wealth, prestige }]
    }
    case "vocation": {
      const taken = (state.vocationSupply[task.name] ?? 0) > 0
      const wealth = zeros(state)
      const prestige = zeros(state)
      const gains = VOCATION_CURRENCY[task.name] === "wealth" ? wealth : prestige
      for (let s = 0; s < state.seats; s++) {
        const tiles = (state.players[s]?.vocations[task.name] ?? 0) + (taken && s === active ? 1 : 0)
        gains[s] = tiles * task.value
      }
      const out: Event[] = []
      if (taken) out.push({ type: "VocationTaken", seat: active, vocation: task.name })
      out.push({ type: "PurseChanged", cause: `vocation ${task.name}`, wealth, prestige })
      return out
    }
    case "auction": {
      const { remaining } = ordered(state, task, (s) => canPayRansom(state, s, task.price, 0))
      return remaining.length === 0 ? nothing("nobody bought the estate") : []
    }
    case "decay": {
      if (decayCandidates(state).length === 0 && task.target === null) return nothing("no building decays")
      const t = target(state, task)
      if (t === null) return []
      const owner = state.buildings.find((b) => b.id === t)?.owner
      if (owner === null || owner === undefined) return nothing("the building is gone")
      return canPayRansom(state, owner, 0, task.ransom)
        ? []
        : [{ type: "BuildingLost", seat: owner, building: t }]
    }
    case "headlines": {
      if (headlineCandidates(state).length === 0 && task.target === null) return nothing("no owned building")
      const t = target(state, task)
      if (t === null) return []
      const owner = state.buildings.find((b) => b.id === t)?.owner as number
      return [{ type: "HeadlinesAwarded", seat: owner, building: t, prestige: task.prestige }]
    }
    case "threat": {
      if (task.target === "mostValuableBlock" && task.block === null) {
        const blocks = mostValuableBlocks(state)
        if (blocks.length === 0) return nothing(`${task.cause}: no owned building`)
        // Fix the block now: losses during the resolution must not move the fire elsewhere.
        return blocks.length === 1
          ? [{ type: "TargetChosen", building: null, block: blocks[0] as number }]
          : []
      }
      const { remaining, decider } = ordered(state, task, threatAffected(state, task))
      if (remaining.length === 0) return nothing(`${task.cause}: nobody left to decide`)
      if (decider === null) return []
      const risk = atRisk(state, decider, task.target, threatBlock(state, task))
      if (!canPayRansom(state, decider, task.wealth, task.prestige) && risk.length === 1)
        return [{ type: "BuildingLost", seat: decider, building: risk[0] as number }]
      return []
    }
    case "placeMarkers": {
      const edge = task.wealth.length > 0 ? "east" : "north"
      const value = (task.wealth.length > 0 ? task.wealth[0] : task.prestige[0]) as number
      const empty = state.markers[edge].flatMap((v, i) => (v === null ? [i] : []))
      if (empty.length === 0) return nothing("no empty marker space")
      return empty.length === 1 ? [{ type: "MarkerPlaced", edge, space: empty[0] as number, value }] : []
    }
    case "activateDeck":
      return [{ type: "DeckActivated", deck: task.deck }]
    case "finalPayouts":
      return [{ type: "OlympicsAwarded" }]
    case "discardEvent":
      // Planning events go to the discard and recur; contract events leave the game (rules §7).
      return [{ type: "EventDone", card: task.card, to: deckOf(task.card) === null ? "discard" : "removed" }]
    case "tribute": {
      const { remaining } = ordered(state, task, (s) => tributeOwed(state, task, s) > 0)
      return remaining.length === 0 ? nothing("nobody owes tribute") : []
    }
    case "extraFavor":
      return state.extraFavorTaken
        ? nothing("the Extra Favor tile is taken")
        : [{ type: "ExtraFavorTaken", seat: active }]
    case "winOffice":
      if (task.office === "choice") return []
      return [
        {
          type: "OfficeTaken",
          seat: active,
          office: task.office,
          prestige: state.offices[task.office] === active ? 0 : ELECTION_PRESTIGE,
        },
      ]
    case "swapMarkers":
      return state.markers[task.edge].filter((v) => v !== null).length >= 2
        ? []
        : nothing("fewer than two markers")
    case "takePlanning":
      return state.planningBoxes.some((c) => c !== null) ? [] : nothing("no planning card in a box")
    case "treasurerFee": {
      const t = state.offices.Treasurer ?? null
      if (t === null || t === active) return nothing("no Treasurer's fee")
      return [
        {
          type: "TreasurerPaid",
          seat: active,
          to: t,
          wealth: Math.min(TREASURER_FEE, state.players[active]?.wealth ?? 0),
        },
      ]
    }
  }
}

/** Set-up (rules §2 step 5): start player, planning boxes and top, contract boxes and the Town top, then the draft. */
const setupStep = (state: State): Event[] => {
  if (state.startPlayer === null)
    return [{ type: "StartPlayerChosen", seat: Random.open(state.rng).int(0, state.seats - 1) }]
  const pBox = state.planningBoxes.indexOf(null)
  if (pBox >= 0) {
    const e = revealPlanning(state, pBox, true)
    if (e) return [e]
  }
  if (state.planning.top === null && deckSize(state.planning) > 0)
    return [revealPlanning(state, null, true) as Event]
  const cBox = state.contractBoxes.findIndex((c, i) => c === null && boxSource(state, i) !== null)
  if (cBox >= 0) return [revealContract(state, boxSource(state, cBox) as DeckId, cBox, true)]
  if (state.decks.town.top === null && deckSize(state.decks.town) > 0)
    return [revealContract(state, "town", null, true)]
  return [{ type: "DraftStarted" }]
}

const step = (n: number): Event[] => [{ type: "EndOfTurnStep", step: n }]

/** The end-of-turn procedure (rules §6), one step or one reveal at a time. */
const endOfTurnStep = (state: State): Event[] => {
  switch (state.eotStep) {
    case 2: {
      const box = state.planningBoxes.indexOf(null)
      const e = box >= 0 ? revealPlanning(state, box, false) : null
      return e ? [e] : step(3)
    }
    case 3: {
      const e = state.planning.top === null ? revealPlanning(state, null, false) : null
      return e ? [e] : step(4)
    }
    case 5: {
      const box = state.contractBoxes.findIndex((c, i) => c === null && boxSource(state, i) !== null)
      return box >= 0 ? [revealContract(state, boxSource(state, box) as DeckId, box, false)] : step(6)
    }
    case 6:
    case 7:
    case 8: {
      const deck = DECKS[state.eotStep - 6] as DeckId
      const d = state.decks[deck]
      return d.active && d.top === null && deckSize(d) > 0
        ? [revealContract(state, deck, null, false)]
        : step(state.eotStep + 1)
    }
    default:
      return step(state.eotStep + 1)
  }
}

/** Position after the start player (0 = the start player). */
export const positionOf = (state: State, seat: number): number =>
  (seat - (state.startPlayer ?? 0) + state.seats) % state.seats

/** Rounds in which option `turnOrder: compensated` takes action points from the early positions. */
export const COMPENSATED_ROUNDS = 2

/**
 * Option `turnOrder: compensated` (our design): in rounds 1 and 2 the player at position k after the start
 * player has seats − 1 − k fewer action points (4 seats: 3, 2, 1, 0; 3 seats: 2, 1, 0; 2 seats: 1, 0).
 * `tapered` is the same except at four seats in round 2, where the handicap is halved, rounded down (1, 1, 0,
 * 0): in the shorter game of rulings 48–51 the full second round left the start player under his share there.
 */
export const turnOrderHandicap = (state: State, seat: number, round: number): number => {
  const t = state.options.turnOrder
  if ((t !== "compensated" && t !== "tapered") || round > COMPENSATED_ROUNDS) return 0
  const full = state.seats - 1 - positionOf(state, seat)
  return t === "tapered" && state.seats === 4 && round === 2 ? Math.floor(full / 2) : full
}

/** The steps the rules take on their own (kernel `advance`): tasks first, then set-up, turn start, end of turn. */
export const advance = (state: State): ReadonlyArray<Event> => {
  if (state.phase === "over") return []
  const head = state.tasks[0]
  if (head) return runTask(state, head)
  switch (state.phase) {
    case "setup":
      return setupStep(state)
    case "start": {
      const seat = state.active
      const round = seat === state.startPlayer ? state.round + 1 : state.round
      const ap = BASE_AP + (state.offices.Mayor === seat ? 1 : 0) - turnOrderHandicap(state, seat, round)
      return [{ type: "TurnStarted", seat, round, turn: state.turn + 1, ap }]
    }
    case "eot":
      return endOfTurnStep(state)
    default:
      return []
  }
}
