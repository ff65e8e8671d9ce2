import { advance as advanceRng } from "../../kernel/random.js"
import type { Half, Shape } from "./board.js"
import type { Construction, FrameCount } from "./data.js"
import type { Event, FramePlaced, ZoningTileDrawn } from "./events.js"
import { leaders, nextConstructionStep, nextDeclarer } from "./rules.js"
import { copyOf, replaceAt, type State, type Step, type ZoneState } from "./state.js"

const otherHalf = (half: Half): Half => (half === "west" ? "east" : "west")

/** The zones with one zone changed, written as one literal (one V8 shape for every zone, no spread). */
const withZone = (state: State, zone: number, change: Partial<ZoneState>): ReadonlyArray<ZoneState> => {
  const z = state.zones[zone - 1] as ZoneState
  return replaceAt(state.zones, zone - 1, {
    zone: z.zone,
    construction: change.construction !== undefined ? change.construction : z.construction,
    markers: change.markers !== undefined ? change.markers : z.markers,
    closed: change.closed !== undefined ? change.closed : z.closed,
  })
}

const withoutTile = (tiles: ReadonlyArray<number>, zone: number): number[] => tiles.filter((t) => t !== zone)

const addAt = (items: ReadonlyArray<number>, index: number, delta: number): number[] =>
  replaceAt(items, index, (items[index] as number) + delta)

/** After a zoning tile: an odd first tile calls for a second from the other pile, else the same (ruling 1). */
const afterDraw = (state: State, e: ZoningTileDrawn): State => {
  // A literal, not a spread with a computed key (a slow object path in V8).
  const piles = {
    west: e.pile === "west" ? withoutTile(state.piles.west, e.zone) : state.piles.west,
    east: e.pile === "east" ? withoutTile(state.piles.east, e.zone) : state.piles.east,
  }
  const drawn = [...state.drawn, e.zone]
  const queue = [...state.queue, e.zone]
  let step: Step | null = null
  if (e.draw === 1 && e.zone % 2 === 1) {
    const other = otherHalf(e.pile)
    const pile = piles[other].length > 0 ? other : piles[e.pile].length > 0 ? e.pile : null
    if (pile) step = { kind: "second-draw", pile }
  }
  const next = copyOf(state)
  next.rng = advanceRng(state.rng)
  next.piles = piles
  next.drawn = drawn
  next.queue = queue
  next.step = step ?? nextConstructionStep(state, queue)
  return next
}

/** The frames of one construction with one fewer of this shape. */
const oneLess = (count: FrameCount, shape: Shape): FrameCount =>
  shape === "square"
    ? { square: count.square - 1, rectangle: count.rectangle }
    : { square: count.square, rectangle: count.rectangle - 1 }

/** A frame goes on the zone (markers stay on it); the round moves to the next drawn zone, if any. */
const afterFrame = (state: State, e: FramePlaced): State => {
  const c: Construction = e.construction
  const f = state.frames
  // Literals with the supply's own key order, not spreads with computed keys (a slow object path in V8).
  const frames = {
    park: c === "park" ? oneLess(f.park, e.shape) : f.park,
    housing: c === "housing" ? oneLess(f.housing, e.shape) : f.housing,
    industry: c === "industry" ? oneLess(f.industry, e.shape) : f.industry,
    commerce: c === "commerce" ? oneLess(f.commerce, e.shape) : f.commerce,
  }
  const next = copyOf(state)
  next.frames = frames
  next.zones = withZone(state, e.zone, { construction: c })
  if (e.cause === "setup") return next
  next.queue = state.queue.filter((z) => z !== e.zone)
  next.step = nextConstructionStep(next, next.queue)
  return next
}

/** Folds one event into the state. Pure: the same events always give the same state. */
export const evolve = (state: State, event: Event): State => {
  switch (event.type) {
    case "GameStarted":
    case "GameEnded":
      return state
    case "FirstConstructionsDrawn": {
      const next = copyOf(state)
      next.rng = advanceRng(state.rng)
      next.piles = {
        west: state.piles.west.filter((t) => !event.zones.includes(t)),
        east: state.piles.east.filter((t) => !event.zones.includes(t)),
      }
      return next
    }
    case "ZoningTilesDealt": {
      const next = copyOf(state)
      next.rng = advanceRng(state.rng)
      next.hands = event.hands
      next.piles = { west: [], east: [] }
      return next
    }
    case "ZoningTileDrawn":
      return afterDraw(state, event)
    case "ZoningTilePlayed": {
      const next = copyOf(state)
      next.hands = replaceAt(
        state.hands,
        event.mayor,
        withoutTile(state.hands[event.mayor] ?? [], event.zone),
      )
      next.queue = [event.zone]
      next.drawn = next.queue
      next.step = nextConstructionStep(state, next.queue)
      return next
    }
    case "VoteCast": {
      const next = copyOf(state)
      next.votes = replaceAt(state.votes, event.seat, {
        value: event.construction,
        key: event.commitment.key,
        hash: event.commitment.hash,
        salt: event.salt,
      })
      if (next.votes.includes(null) || state.step.kind !== "cards") return next
      const { zone, options } = state.step
      const declarer = nextDeclarer(state, state.lobby, null)
      next.step =
        declarer === null
          ? { kind: "reveal-votes", zone, options }
          : { kind: "lobby", zone, options, declarer }
      return next
    }
    case "LobbyDeclared": {
      const next = copyOf(state)
      next.lobbyUse = replaceAt(state.lobbyUse, event.seat, event.use)
      // Declaring is binding: a disc declared is spent now (ruling 5).
      if (event.use) next.lobby = replaceAt(state.lobby, event.seat, false)
      if (state.step.kind !== "lobby") return next
      const { zone, options } = state.step
      const declarer = nextDeclarer(state, next.lobby, event.seat)
      next.step =
        declarer === null
          ? { kind: "reveal-votes", zone, options }
          : { kind: "lobby", zone, options, declarer }
      return next
    }
    case "VotesRevealed": {
      const tied = leaders(event.tally)
      const next = copyOf(state)
      next.votes = state.votes.map(() => null)
      next.lobbyUse = state.lobbyUse.map(() => false)
      next.step =
        tied.length > 1 ? { kind: "tie", zone: event.zone, tied, tally: event.tally } : { kind: "resolving" }
      return next
    }
    case "VoteResolved":
    case "ConstructionChosen":
      return state
    case "FramePlaced":
      return afterFrame(state, event)
    case "ZoneLeftUnconstructed": {
      const next = copyOf(state)
      next.queue = state.queue.filter((z) => z !== event.zone)
      next.step = nextConstructionStep(state, next.queue)
      return next
    }
    case "ZoneChosen": {
      const next = copyOf(state)
      next.choices = replaceAt(state.choices, event.seat, {
        value: { zone: event.zone, spaces: event.spaces },
        key: event.commitment.key,
        hash: event.commitment.hash,
        salt: event.salt,
      })
      if (!next.choices.includes(null)) next.step = { kind: "settle" }
      return next
    }
    case "ChoicesRevealed": {
      const next = copyOf(state)
      next.choices = state.choices.map(() => null)
      next.step = { kind: "resolving" }
      return next
    }
    case "SpacesBought": {
      const next = copyOf(state)
      if (state.twoPlayer) {
        const key = event.constructed ? "framedLeft" : "unframedLeft"
        next[key] = addAt(state[key], event.seat, -event.spaces)
        return next
      }
      next.money = addAt(state.money, event.seat, -event.cost)
      next.bank = state.bank + event.cost
      return next
    }
    case "MarkerPlaced": {
      const z = state.zones[event.zone - 1] as ZoneState
      const next = copyOf(state)
      next.zones = withZone(state, event.zone, { markers: [...z.markers, event.seat] })
      if (!state.twoPlayer) next.markersOut = addAt(state.markersOut, event.seat, 1)
      return next
    }
    case "ZoneScored": {
      const next = copyOf(state)
      if (state.twoPlayer) {
        const points = state.points.slice()
        for (const o of event.owners) points[o.seat] = (points[o.seat] as number) + o.total
        next.points = points
        return next
      }
      const money = state.money.slice()
      let paid = 0
      for (const o of event.owners) {
        money[o.seat] = (money[o.seat] as number) + o.total
        paid += o.total
      }
      next.money = money
      next.bank = state.bank - paid
      return next
    }
    case "ZoneClosed": {
      const next = copyOf(state)
      next.zones = withZone(state, event.zone, { closed: true })
      if (event.markersReturned.length === 0) return next
      const markersOut = state.markersOut.slice()
      for (const r of event.markersReturned) markersOut[r.seat] = (markersOut[r.seat] as number) - r.markers
      next.markersOut = markersOut
      return next
    }
    case "MayorPassed": {
      const next = copyOf(state)
      next.mayor = event.to
      next.round = event.round
      next.step = { kind: "zoning" }
      next.drawn = []
      next.queue = []
      return next
    }
    case "FinalRoundEnded": {
      const next = copyOf(state)
      next.step = { kind: "over" }
      return next
    }
  }
}
