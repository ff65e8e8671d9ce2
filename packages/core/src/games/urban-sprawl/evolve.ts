import { advance as nextDraw } from "../../kernel/random.js"
import { globalLot } from "./board.js"
import { asPlayed, type ContractCard, card, type EventCard, type EventOp, OFFICES } from "./data.js"
import type { Event } from "./events.js"
import {
  type Building,
  type DeckState,
  deckSize,
  hasCards,
  type Mutable,
  type Player,
  rails,
  type State,
  slide,
  type Task,
} from "./state.js"

/** The tasks an event card's operations start (rules §7). */
export const eventTasks = (ev: EventCard): Task[] => ev.ops.map((op) => opTask(ev, op))

const opTask = (ev: EventCard, op: EventOp): Task => {
  switch (op.op) {
    case "lose":
      return { k: "lose", wealth: op.wealth ?? 0, prestige: op.prestige ?? 0, cause: ev.name }
    case "gainPer":
      return {
        k: "gainPer",
        only: null,
        per: op.per,
        wealth: op.wealth ?? 0,
        prestige: op.prestige ?? 0,
        cause: ev.name,
      }
    case "auction":
      return { k: "auction", price: op.price, prestige: op.prestige, decided: [], next: null }
    case "decay":
      return { k: "decay", ransom: op.ransomPrestige, target: null }
    case "headlines":
      return { k: "headlines", prestige: op.prestige, target: null }
    case "threat":
      return {
        k: "threat",
        cause: ev.name,
        target: op.target,
        wealth: op.wealth ?? 0,
        prestige: op.prestige ?? 0,
        block: null,
        decided: [],
        next: null,
      }
    case "highestWealthPayout":
      return { k: "highestWealthPayout" }
    case "placeMarkers":
      return { k: "placeMarkers", wealth: op.wealth, prestige: op.prestige }
    case "activateDeck":
      return { k: "activateDeck", deck: op.deck }
    case "finalPayouts":
      return { k: "finalPayouts" }
  }
}

/** The tasks a build starts: vocations in printed order, then effects, then the Treasurer's fee (rules §4). */
export const buildTasks = (c: ContractCard, seat: number): Task[] => {
  const out: Task[] = c.vocations.map((v) => ({ k: "vocation", name: v.name, value: v.value }))
  for (const e of c.effects)
    switch (e.op) {
      case "gain":
        out.push({
          k: "gain",
          only: e.who === "self" ? seat : null,
          wealth: e.wealth ?? 0,
          prestige: e.prestige ?? 0,
          cause: c.name,
        })
        break
      case "gainPer":
        out.push({
          k: "gainPer",
          only: e.who === "self" ? seat : null,
          per: e.per,
          wealth: e.wealth ?? 0,
          prestige: e.prestige ?? 0,
          cause: c.name,
        })
        break
      case "tribute":
        out.push({ k: "tribute", per: e.per, amount: e.amount, decided: [], next: null })
        break
      case "ignoreZoning":
        break // a declared override read by the zoning check (golden rule)
      case "extraFavor":
        out.push({ k: "extraFavor" })
        break
      case "winOffice":
        out.push({ k: "winOffice", office: e.office })
        break
      case "swapMarkers":
        out.push({ k: "swapMarkers", edge: e.edge })
        break
      case "election":
        out.push({ k: "election" })
        break
      case "takePlanning":
        out.push({ k: "takePlanning" })
        break
    }
  out.push({ k: "treasurerFee" })
  return out
}

/** A copy without the first `x` (one array, no intermediate slices). */
const without = <T>(xs: ReadonlyArray<T>, x: T): T[] => {
  const i = xs.indexOf(x)
  if (i < 0) return xs.slice()
  const out: T[] = new Array(xs.length - 1)
  for (let j = 0; j < i; j++) out[j] = xs[j] as T
  for (let j = i + 1; j < xs.length; j++) out[j - 1] = xs[j] as T
  return out
}

/** A pile after `id` was drawn from its top part (the other parts are shared: piles are never changed in place). */
const drawnFrom = (d: DeckState, id: string): DeckState => {
  const at = d.segments.findIndex(hasCards)
  let cls = ""
  for (const k in d.pools)
    if ((d.pools[k] as string[]).includes(id)) {
      cls = k
      break
    }
  const seg: Record<string, number> = { ...d.segments[at] }
  seg[cls] = (seg[cls] ?? 0) - 1
  const segments: Array<Record<string, number>> = []
  for (let i = 0; i < d.segments.length; i++) {
    const s = i === at ? seg : (d.segments[i] as Record<string, number>)
    if (hasCards(s)) segments.push(s)
  }
  return {
    segments,
    pools: { ...d.pools, [cls]: without(d.pools[cls] as string[], id) },
    top: d.top,
    active: d.active,
  }
}

type S = Mutable<State>

/** A mutable copy for one step. A literal, not a spread: V8 keeps the literal's shape fast (cf. Suburbia). */
const clone = (s: State): S => ({
  seats: s.seats,
  options: s.options,
  phase: s.phase,
  startPlayer: s.startPlayer,
  active: s.active,
  round: s.round,
  turn: s.turn,
  ap: s.ap,
  acted: s.acted,
  daUsed: s.daUsed,
  eotStep: s.eotStep,
  draftTurn: s.draftTurn,
  draftPasses: s.draftPasses,
  players: s.players,
  buildings: s.buildings,
  lots: s.lots,
  nextBuilding: s.nextBuilding,
  markers: s.markers,
  planningBoxes: s.planningBoxes,
  planning: s.planning,
  discard: s.discard,
  contractBoxes: s.contractBoxes,
  decks: s.decks,
  removed: s.removed,
  offices: s.offices,
  contractor: s.contractor,
  pawn: s.pawn,
  vocationSupply: s.vocationSupply,
  extraFavorTaken: s.extraFavorTaken,
  tasks: s.tasks,
  ending: s.ending,
  seed: s.seed,
  rng: s.rng,
})

/** A player's fields in one fixed shape (a literal, not a spread: one fast shape for V8). */
const copyOf = (p: Player): Mutable<Player> => ({
  wealth: p.wealth,
  prestige: p.prestige,
  hand: p.hand,
  favors: p.favors,
  vocations: p.vocations,
  extraFavor: p.extraFavor,
})

/** Copies of every player, made mutable for this step. */
const players = (s: S): Array<Mutable<Player>> => {
  const out: Array<Mutable<Player>> = new Array(s.players.length)
  for (let i = 0; i < s.players.length; i++) out[i] = copyOf(s.players[i] as Player)
  s.players = out
  return out
}

/** A mutable copy of one player for this step; the other players are shared. */
const player = (s: S, seat: number): Mutable<Player> => {
  const out = s.players.slice()
  const copy = copyOf(out[seat] as Player)
  out[seat] = copy
  s.players = out
  return copy
}

const pop = (s: S) => {
  s.tasks = s.tasks.slice(1)
}

/** The head task with some fields replaced. */
const updateHead = (s: S, patch: Record<string, unknown>) => {
  s.tasks = [{ ...(s.tasks[0] as Task), ...patch } as Task, ...s.tasks.slice(1)]
}

const decidedBy = (s: S, seat: number) => {
  const head = s.tasks[0] as Task & { decided: number[] }
  updateHead(s, { decided: [...head.decided, seat], next: null })
}

const removeBuildings = (s: S, ids: ReadonlyArray<number>) => {
  if (ids.length === 0) return
  const lots = s.lots.slice()
  for (const b of s.buildings)
    if (ids.includes(b.id))
      for (let i = 0; i < b.lots.length; i++) lots[globalLot(b.block, b.lots[i] as number)] = -1
  s.lots = lots
  s.buildings = s.buildings.filter((b) => !ids.includes(b.id))
}

const takeContract = (s: S, seat: number, id: string) => {
  const boxes = s.contractBoxes.slice()
  const i = boxes.indexOf(id)
  if (i >= 0) {
    boxes[i] = null
    s.contractBoxes = boxes
    return
  }
  for (const d of ["town", "city", "metro"] as const)
    if (s.decks[d].top === id) {
      s.decks = { ...s.decks, [d]: { ...s.decks[d], top: null } }
      return
    }
  const p = player(s, seat)
  p.favors = without(p.favors, id)
}

const takePlanningCard = (s: S, id: string) => {
  const boxes = s.planningBoxes.slice()
  const i = boxes.indexOf(id)
  if (i >= 0) {
    boxes[i] = null
    s.planningBoxes = boxes
  } else if (s.planning.top === id) s.planning = { ...s.planning, top: null }
}

const passTurn = (s: S) => {
  const next = (s.active + 1) % s.seats
  const roundDone = next === s.startPlayer
  const decksGone =
    (["town", "city", "metro"] as const).every(
      (d) => deckSize(s.decks[d]) === 0 && s.decks[d].top === null,
    ) && s.contractBoxes.every((c) => c === null)
  if (s.ending && (roundDone || s.options.olympicsEndsImmediately)) s.phase = "over"
  else if (roundDone && (decksGone || s.round >= s.options.maxRounds)) s.phase = "over"
  else {
    s.phase = "start"
    s.active = next
  }
}

const slideContracts = (s: S) => {
  const boxes = s.contractBoxes.slice()
  let decks = s.decks
  for (const rail of rails(s)) {
    const deck = decks[rail.deck]
    const slid = slide(
      rail.boxes.map((b) => boxes[b] ?? null),
      deck.top,
    )
    for (let i = 0; i < rail.boxes.length; i++) boxes[rail.boxes[i] as number] = slid.boxes[i] ?? null
    if (slid.top !== deck.top) decks = { ...decks, [rail.deck]: { ...deck, top: slid.top } }
  }
  s.contractBoxes = boxes
  s.decks = decks
}

const draftOver = (s: S): boolean =>
  s.buildings.every((b) => b.card !== null || b.owner !== null) || s.draftPasses >= s.seats

/** Folds one event into the state. Pure: the events say everything that happened. */
export const evolve = (state: State, event: Event): State => {
  if (event.type === "GameStarted") return state
  const s = clone(state)
  switch (event.type) {
    case "StartPlayerChosen":
      s.rng = nextDraw(s.rng)
      s.startPlayer = event.seat
      s.active = event.seat
      break
    case "CardRevealed": {
      s.rng = nextDraw(s.rng)
      const printed = card(event.card)
      const c = printed.kind === "contract" ? asPlayed(printed, s.options.metroHighImpact) : printed
      const fromPlanning = event.deck === "planning"
      let d = drawnFrom(fromPlanning ? s.planning : s.decks[event.deck as "town"], event.card)
      if (c.kind === "event") s.tasks = [...eventTasks(c), { k: "discardEvent", card: c.id }, ...s.tasks]
      else {
        if (event.box === null) d = { ...d, top: c.id }
        else if (fromPlanning) {
          const boxes = s.planningBoxes.slice()
          boxes[event.box] = c.id
          s.planningBoxes = boxes
        } else {
          const boxes = s.contractBoxes.slice()
          boxes[event.box] = c.id
          s.contractBoxes = boxes
        }
        if (!event.setup) {
          const tasks: Task[] = []
          if (c.kind === "contract") {
            if (c.reveal > 0) tasks.push({ k: "payout", currency: "prestige", value: c.reveal })
          } else {
            if (c.ballot) tasks.push({ k: "election" })
            tasks.push({ k: "payout", currency: "wealth", value: c.wealth })
          }
          if (tasks.length > 0) s.tasks = [...tasks, ...s.tasks]
        }
      }
      if (fromPlanning) s.planning = d
      else s.decks = { ...s.decks, [event.deck]: d }
      break
    }
    case "PlanningReshuffled":
      s.planning = {
        segments: [{ reshuffled: event.cards.length }],
        pools: { reshuffled: [...event.cards].sort() },
        top: s.planning.top,
        active: true,
      }
      s.discard = []
      break
    case "DraftStarted":
      s.phase = "draft"
      break
    case "StarterBought": {
      const ps = players(s)
      const p = ps[event.seat] as Mutable<Player>
      p.wealth -= event.cost
      s.buildings = s.buildings.map((b) => (b.id === event.building ? { ...b, owner: event.seat } : b))
      s.draftTurn++
      s.draftPasses = 0
      if (draftOver(s)) s.phase = "start"
      break
    }
    case "DraftPassed":
      s.draftTurn++
      s.draftPasses++
      if (draftOver(s)) s.phase = "start"
      break
    case "TurnStarted":
      s.phase = "turn"
      s.active = event.seat
      s.round = event.round
      s.turn = event.turn
      s.ap = event.ap
      s.acted = false
      s.daUsed = false
      s.eotStep = 0
      break
    case "Invested": {
      const p = player(s, event.seat)
      p.hand = without(p.hand, event.card)
      p.wealth += event.wealth
      s.discard = [...s.discard, event.card]
      break
    }
    case "PlanningTaken": {
      takePlanningCard(s, event.card)
      const p = player(s, event.seat)
      p.hand = [...p.hand, event.card]
      if (event.free) pop(s)
      else {
        s.ap -= event.ap
        s.acted = true
      }
      break
    }
    case "FavorTaken": {
      takeContract(s, event.seat, event.card)
      const p = player(s, event.seat)
      p.favors = [...p.favors, event.card]
      s.ap -= event.ap
      s.acted = true
      break
    }
    case "FavorDiscarded": {
      const p = player(s, event.seat)
      p.favors = without(p.favors, event.card)
      s.removed = [...s.removed, event.card]
      s.acted = true
      break
    }
    case "BoxCleared": {
      if (s.planningBoxes.includes(event.card)) {
        takePlanningCard(s, event.card)
        s.discard = [...s.discard, event.card]
      } else {
        takeContract(s, event.seat, event.card)
        s.removed = [...s.removed, event.card]
      }
      s.daUsed = true
      s.acted = true
      break
    }
    case "Built": {
      const c = asPlayed(card(event.card) as ContractCard, s.options.metroHighImpact)
      takeContract(s, event.seat, event.card)
      const p = player(s, event.seat)
      p.wealth -= event.cost
      const spent = [...event.permits, ...(event.renewal ? [event.renewal] : [])]
      p.hand = p.hand.filter((h) => !spent.includes(h))
      s.discard = [...s.discard, ...spent]
      s.ap -= event.ap
      s.acted = true
      removeBuildings(s, event.demolished)
      const b: Building = {
        id: event.building,
        zone: c.zone,
        size: c.size,
        owner: c.zone === "PARK" ? null : event.seat,
        block: event.block,
        lots: event.lots,
        card: c.id,
      }
      s.buildings = [...s.buildings, b]
      const lots = s.lots.slice()
      for (let i = 0; i < b.lots.length; i++) lots[globalLot(b.block, b.lots[i] as number)] = b.id
      s.lots = lots
      s.nextBuilding = event.building + 1
      s.removed = [...s.removed, c.id]
      s.tasks = [...buildTasks(c, event.seat), ...s.tasks]
      break
    }
    case "TurnEnded":
      s.phase = "eot"
      s.eotStep = 0
      break
    case "EndOfTurnStep":
      s.eotStep = event.step
      if (event.step === 1) {
        const slid = slide(s.planningBoxes, s.planning.top)
        s.planningBoxes = slid.boxes
        if (slid.top !== s.planning.top) s.planning = { ...s.planning, top: slid.top }
      } else if (event.step === 4) slideContracts(s)
      else if (event.step === 9) passTurn(s)
      break
    case "PurseChanged": {
      const ps = players(s)
      ps.forEach((p, i) => {
        p.wealth = Math.max(0, p.wealth + (event.wealth[i] ?? 0))
        p.prestige = Math.max(0, p.prestige + (event.prestige[i] ?? 0))
      })
      pop(s)
      break
    }
    case "PayoutMade": {
      const ps = players(s)
      for (const line of event.lines)
        for (let i = 0; i < line.gains.length; i++) {
          const p = ps[i] as Mutable<Player>
          const g = line.gains[i] as number
          if (event.currency === "wealth") p.wealth += g
          else p.prestige += g
        }
      pop(s)
      break
    }
    case "ElectionHeld": {
      const office = OFFICES[s.pawn] as (typeof OFFICES)[number]
      if (event.winner !== null) {
        s.offices = { ...s.offices, [office]: event.winner }
        player(s, event.winner).prestige += event.prestige
      }
      s.pawn = (s.pawn + 1) % OFFICES.length
      s.tasks = [{ k: "contractor" }, ...s.tasks.slice(1)]
      break
    }
    case "ContractorAssigned":
      s.contractor = event.seat
      pop(s)
      break
    case "OfficeTaken":
      s.offices = { ...s.offices, [event.office]: event.seat }
      player(s, event.seat).prestige += event.prestige
      pop(s)
      break
    case "OrderChosen":
      updateHead(s, { next: event.seat })
      break
    case "AuctionBid": {
      if (event.paid) {
        const head = s.tasks[0] as Extract<Task, { k: "auction" }>
        const p = player(s, event.seat)
        p.wealth -= head.price
        p.prestige += head.prestige
        pop(s)
      } else decidedBy(s, event.seat)
      break
    }
    case "TargetChosen":
      updateHead(s, event.building !== null ? { target: event.building } : { block: event.block })
      break
    case "RansomPaid": {
      const p = player(s, event.seat)
      p.wealth = Math.max(0, p.wealth - event.wealth)
      p.prestige = Math.max(0, p.prestige - event.prestige)
      if ((s.tasks[0] as Task).k === "threat") decidedBy(s, event.seat)
      else pop(s)
      break
    }
    case "BuildingLost":
      removeBuildings(s, [event.building])
      if ((s.tasks[0] as Task).k === "threat") decidedBy(s, event.seat)
      else pop(s)
      break
    case "HeadlinesAwarded":
      player(s, event.seat).prestige += event.prestige
      pop(s)
      break
    case "MarkerPlaced": {
      const edge = s.markers[event.edge].slice()
      edge[event.space] = event.value
      s.markers = { ...s.markers, [event.edge]: edge }
      const head = s.tasks[0] as Extract<Task, { k: "placeMarkers" }>
      const wealth = event.edge === "east" ? head.wealth.slice(1) : head.wealth
      const prestige = event.edge === "north" ? head.prestige.slice(1) : head.prestige
      if (wealth.length === 0 && prestige.length === 0) pop(s)
      else updateHead(s, { wealth, prestige })
      break
    }
    case "MarkersSwapped": {
      const edge = s.markers[event.edge].slice()
      const a = edge[event.a] ?? null
      edge[event.a] = edge[event.b] ?? null
      edge[event.b] = a
      s.markers = { ...s.markers, [event.edge]: edge }
      pop(s)
      break
    }
    case "DeckActivated":
      s.decks = { ...s.decks, [event.deck]: { ...s.decks[event.deck], active: true } }
      pop(s)
      break
    case "OlympicsAwarded":
      s.ending = true
      s.tasks = [
        ...[1, 2, 3, 4, 5, 6].map((value): Task => ({ k: "payout", currency: "prestige", value })),
        ...s.tasks.slice(1),
      ]
      break
    case "EventDone":
      if (event.to === "discard") s.discard = [...s.discard, event.card]
      else s.removed = [...s.removed, event.card]
      pop(s)
      break
    case "VocationTaken": {
      const p = player(s, event.seat)
      p.vocations = { ...p.vocations, [event.vocation]: (p.vocations[event.vocation] ?? 0) + 1 }
      s.vocationSupply = {
        ...s.vocationSupply,
        [event.vocation]: (s.vocationSupply[event.vocation] ?? 0) - 1,
      }
      break
    }
    case "ExtraFavorTaken":
      player(s, event.seat).extraFavor = true
      s.extraFavorTaken = true
      pop(s)
      break
    case "TributePaid": {
      const ps = players(s)
      const from = ps[event.seat] as Mutable<Player>
      const to = ps[event.to] as Mutable<Player>
      from.wealth -= event.wealth
      from.prestige -= event.prestige
      to.wealth += event.wealth
      to.prestige += event.prestige
      decidedBy(s, event.seat)
      break
    }
    case "TreasurerPaid": {
      const ps = players(s)
      ;(ps[event.seat] as Mutable<Player>).wealth -= event.wealth
      ;(ps[event.to] as Mutable<Player>).wealth += event.wealth
      pop(s)
      break
    }
    case "NothingHappened":
      pop(s)
      break
  }
  return s
}
