import { advance as nextDraw } from "../../kernel/random.js"
import type { BasicTile } from "./commands.js"
import { TILES } from "./data/tiles.js"
import type { Change, Event } from "./events.js"
import { withoutSlot } from "./market.js"
import {
  type Borough,
  cloneBorough,
  cloneState,
  openAfter,
  type PlacedTile,
  type Segment,
  type State,
  type Step,
} from "./state.js"

const tileIndex = new Map(TILES.map((t, i) => [t.id, i]))

/** The boroughs after a list of changes: each track takes its last value; upward red lines are counted. */
const applyChanges = (
  players: ReadonlyArray<Borough>,
  changes: ReadonlyArray<Change>,
): ReadonlyArray<Borough> => {
  if (changes.length === 0) return players
  const out = players.slice()
  const touched: Array<ReturnType<typeof cloneBorough> | undefined> = []
  for (const c of changes) {
    let b = touched[c.player]
    if (!b) {
      b = cloneBorough(players[c.player] as Borough)
      touched[c.player] = b
      out[c.player] = b
    }
    b[c.stat] = c.value
    if (c.cause.kind === "red-line" && c.cause.direction === "up" && c.stat === "income") b.linesUp++
  }
  return out
}

/** The player's borough replaced. */
const withBorough = (players: ReadonlyArray<Borough>, player: number, b: Borough): Borough[] => {
  const out = players.slice()
  out[player] = b
  return out
}

/** The draw pile after one draw from its first non-empty segment (`omr`: the draw was One More Round). */
const drawnFrom = (deck: ReadonlyArray<Segment>, omr: boolean): Segment[] => {
  const out = deck.slice()
  const i = out.findIndex((s) => s.tiles > 0 || s.oneMoreRound)
  const s = out[i] as Segment
  out[i] = omr
    ? { stack: s.stack, tiles: s.tiles, oneMoreRound: false }
    : { stack: s.stack, tiles: s.tiles - 1, oneMoreRound: s.oneMoreRound }
  return out
}

/** After steps II and III: discard if owed, else the market (standard) or Dale's turn (solo). */
const afterUpkeep = (state: State): Step => {
  if (state.solo && state.current === 1) return "clear"
  if (state.owesDiscard) return "discard"
  return state.solo ? "dale" : "refill"
}

/** Folds one event into the state. Track values come from the events' changes: the rules are not re-run. */
export const evolve = (state: State, event: Event): State => {
  if (event.type === "GameStarted" || event.type === "GameEnded") return state
  const s = cloneState(state)
  switch (event.type) {
    case "StartPlayerChosen":
      s.startPlayer = event.seat
      s.current = event.seat
      s.step = state.dealt.some((d) => d !== null) ? "goals" : "action"
      s.rng = nextDraw(state.rng)
      return s
    case "TileDrawn": {
      const market = state.market.slice()
      market[event.slot] = event.tile
      const unseen = state.unseen.slice()
      const i = tileIndex.get(event.tile) as number
      unseen[i] = (unseen[i] as number) - 1
      s.market = market
      s.unseen = unseen
      s.deck = drawnFrom(state.deck, false)
      s.rng = nextDraw(state.rng)
      return s
    }
    case "OneMoreRoundDrawn":
      s.deck = drawnFrom(state.deck, true)
      s.oneMoreRound = true
      // Standard game: finish this round, then one more. Against Dale: the game ends at once (rule text).
      s.lastRound = state.solo ? event.round : event.round + 1
      if (state.solo) s.step = "reveal"
      s.rng = nextDraw(state.rng)
      return s
    case "PublicGoalsDrawn":
      s.publicGoals = event.goals
      s.goalPool = state.goalPool.filter((g) => !event.goals.includes(g))
      s.rng = nextDraw(state.rng)
      return s
    case "GoalsDealt": {
      const dealt = state.dealt.slice()
      dealt[event.seat] = event.goals
      s.dealt = dealt
      s.goalPool = state.goalPool.filter((g) => !event.goals.includes(g))
      s.rng = nextDraw(state.rng)
      return s
    }
    case "GoalKept": {
      const kept = state.kept.slice()
      kept[event.seat] = { goal: event.goal, salt: event.salt, commitment: event.commitment }
      const goalKept = state.goalKept.slice()
      goalKept[event.seat] = true
      s.kept = kept
      s.goalKept = goalKept
      s.step = state.dealt.some((d, seat) => d !== null && !goalKept[seat]) ? "goals" : "action"
      return s
    }
    case "TilePlaced": {
      const players = applyChanges(state.players, event.changes)
      const b = cloneBorough(players[event.player] as Borough)
      const tile: PlacedTile = {
        pid: event.pid,
        tile: event.tile,
        lake: event.lake,
        q: event.q,
        r: event.r,
        invested: false,
        linesAtPlacement: (state.players[event.player] as Borough).linesUp,
      }
      const tiles = [...b.tiles, tile]
      b.open = openAfter(b.open, tiles, tile)
      b.tiles = tiles
      s.players = withBorough(players, event.player, b)
      if (event.slot !== null) s.market = withoutSlot(state, event.slot)
      if (event.from === "basic") {
        const tile = event.tile as BasicTile
        s.basic = { ...state.basic, [tile]: state.basic[tile] - 1 }
      }
      s.nextPid = state.nextPid + 1
      s.current = event.player
      s.owesDiscard = event.from === "basic"
      s.step = "income"
      return s
    }
    case "InvestmentPlaced": {
      const players = applyChanges(state.players, event.changes)
      const b = cloneBorough(players[event.player] as Borough)
      b.investments--
      b.tiles = b.tiles.map((t) => (t.pid === event.pid ? { ...t, invested: true } : t))
      s.players = withBorough(players, event.player, b)
      s.owesDiscard = true
      s.step = "income"
      return s
    }
    case "ActionPassed":
      s.current = event.player
      s.step = "income"
      return s
    case "IncomeCollected":
      s.players = applyChanges(state.players, event.changes)
      s.step = "population"
      return s
    case "PopulationAdjusted": {
      const players = applyChanges(state.players, event.changes)
      const b = cloneBorough(players[event.player] as Borough)
      b.turns++
      s.players = withBorough(players, event.player, b)
      s.step = afterUpkeep(state)
      return s
    }
    case "TileDiscarded":
      s.players = applyChanges(state.players, event.changes)
      s.market = withoutSlot(state, event.slot)
      s.discards = [...state.discards, event.tile]
      s.owesDiscard = false
      s.step = state.solo ? "dale" : "refill"
      return s
    case "DiscardSkipped":
      s.owesDiscard = false
      s.step = state.solo ? "dale" : "refill"
      return s
    case "MarketCleared":
      s.market = state.market.map(() => null)
      s.discards = [...state.discards, ...event.tiles]
      s.step = "refill"
      return s
    case "TurnPassed":
      s.current = event.to
      s.round = event.round
      s.step = "action"
      return s
    case "GoalsRevealed":
      s.step = "score-goals"
      return s
    case "GoalsScored":
      s.players = applyChanges(state.players, event.changes)
      s.goalResults = event.results
      s.step = "convert"
      return s
    case "MoneyConverted":
      s.players = applyChanges(state.players, event.changes)
      s.step = "over"
      return s
  }
}
