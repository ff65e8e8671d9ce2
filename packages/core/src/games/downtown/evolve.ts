import { advance as advanceRng } from "../../kernel/random.js"
import type { Half, Shape } from "./board.js"
import type { Construction, FrameCount } from "./data.js"
import type { Event, FramePlaced, ZoningTileDrawn } from "./events.js"
import { leaders, nextConstructionStep, nextDeclarer } from "./rules.js"
import { changed, replaceAt, type State, type Step, type ZoneState } from "./state.js"

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
  const piles = { ...state.piles, [e.pile]: withoutTile(state.piles[e.pile], e.zone) }
  const drawn = [...state.drawn, e.zone]
  const queue = [...state.queue, e.zone]
  let step: Step | null = null
  if (e.draw === 1 && e.zone % 2 === 1) {
    const other = otherHalf(e.pile)
    const pile = piles[other].length > 0 ? other : piles[e.pile].length > 0 ? e.pile : null
    if (pile) step = { kind: "second-draw", pile }
  }
  return changed(state, {
    rng: advanceRng(state.rng),
    piles,
    drawn,
    queue,
    step: step ?? nextConstructionStep(state, queue),
  })
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
  const zones = withZone(state, e.zone, { construction: c })
  if (e.cause === "setup") return changed(state, { frames, zones })
  const queue = state.queue.filter((z) => z !== e.zone)
  return changed(state, {
    frames,
    zones,
    queue,
    step: nextConstructionStep({ frames, twoPlayer: state.twoPlayer }, queue),
  })
}

/** Folds one event into the state. Pure: the same events always give the same state. */
export const evolve = (state: State, event: Event): State => {
  switch (event.type) {
    case "GameStarted":
    case "GameEnded":
      return state
    case "FirstConstructionsDrawn":
      return changed(state, {
        rng: advanceRng(state.rng),
        piles: {
          west: state.piles.west.filter((t) => !event.zones.includes(t)),
          east: state.piles.east.filter((t) => !event.zones.includes(t)),
        },
      })
    case "ZoningTilesDealt":
      return changed(state, { rng: advanceRng(state.rng), hands: event.hands, piles: { west: [], east: [] } })
    case "ZoningTileDrawn":
      return afterDraw(state, event)
    case "ZoningTilePlayed": {
      const hands = replaceAt(
        state.hands,
        event.mayor,
        withoutTile(state.hands[event.mayor] ?? [], event.zone),
      )
      const queue = [event.zone]
      return changed(state, { hands, drawn: queue, queue, step: nextConstructionStep(state, queue) })
    }
    case "VoteCast": {
      const votes = replaceAt(state.votes, event.seat, {
        value: event.construction,
        key: event.commitment.key,
        hash: event.commitment.hash,
        salt: event.salt,
      })
      if (votes.some((v) => v === null) || state.step.kind !== "cards") return changed(state, { votes })
      const { zone, options } = state.step
      const declarer = nextDeclarer(state, state.lobby, null)
      return changed(state, {
        votes,
        step:
          declarer === null
            ? { kind: "reveal-votes", zone, options }
            : { kind: "lobby", zone, options, declarer },
      })
    }
    case "LobbyDeclared": {
      const lobbyUse = replaceAt(state.lobbyUse, event.seat, event.use)
      // Declaring is binding: a disc declared is spent now (ruling 5).
      const lobby = event.use ? replaceAt(state.lobby, event.seat, false) : state.lobby
      if (state.step.kind !== "lobby") return changed(state, { lobbyUse, lobby })
      const { zone, options } = state.step
      const declarer = nextDeclarer(state, lobby, event.seat)
      return changed(state, {
        lobbyUse,
        lobby,
        step:
          declarer === null
            ? { kind: "reveal-votes", zone, options }
            : { kind: "lobby", zone, options, declarer },
      })
    }
    case "VotesRevealed": {
      const tied = leaders(event.tally)
      return changed(state, {
        votes: state.votes.map(() => null),
        lobbyUse: state.lobbyUse.map(() => false),
        step:
          tied.length > 1
            ? { kind: "tie", zone: event.zone, tied, tally: event.tally }
            : { kind: "resolving" },
      })
    }
    case "VoteResolved":
    case "ConstructionChosen":
      return state
    case "FramePlaced":
      return afterFrame(state, event)
    case "ZoneLeftUnconstructed": {
      const queue = state.queue.filter((z) => z !== event.zone)
      return changed(state, { queue, step: nextConstructionStep(state, queue) })
    }
    case "ZoneChosen": {
      const choices = replaceAt(state.choices, event.seat, {
        value: { zone: event.zone, spaces: event.spaces },
        key: event.commitment.key,
        hash: event.commitment.hash,
        salt: event.salt,
      })
      const all = choices.every((c) => c !== null)
      return changed(state, { choices, step: all ? { kind: "settle" } : state.step })
    }
    case "ChoicesRevealed":
      return changed(state, { choices: state.choices.map(() => null), step: { kind: "resolving" } })
    case "SpacesBought": {
      if (state.twoPlayer) {
        const key = event.constructed ? "framedLeft" : "unframedLeft"
        return changed(state, { [key]: addAt(state[key], event.seat, -event.spaces) })
      }
      return changed(state, {
        money: addAt(state.money, event.seat, -event.cost),
        bank: state.bank + event.cost,
      })
    }
    case "MarkerPlaced": {
      const z = state.zones[event.zone - 1] as ZoneState
      const zones = withZone(state, event.zone, { markers: [...z.markers, event.seat] })
      return state.twoPlayer
        ? changed(state, { zones })
        : changed(state, { zones, markersOut: addAt(state.markersOut, event.seat, 1) })
    }
    case "ZoneScored": {
      if (state.twoPlayer) {
        const points = state.points.slice()
        for (const o of event.owners) points[o.seat] = (points[o.seat] as number) + o.total
        return changed(state, { points })
      }
      const money = state.money.slice()
      let paid = 0
      for (const o of event.owners) {
        money[o.seat] = (money[o.seat] as number) + o.total
        paid += o.total
      }
      return changed(state, { money, bank: state.bank - paid })
    }
    case "ZoneClosed": {
      const zones = withZone(state, event.zone, { closed: true })
      if (event.markersReturned.length === 0) return changed(state, { zones })
      const markersOut = state.markersOut.slice()
      for (const r of event.markersReturned) markersOut[r.seat] = (markersOut[r.seat] as number) - r.markers
      return changed(state, { zones, markersOut })
    }
    case "MayorPassed":
      return changed(state, {
        mayor: event.to,
        round: event.round,
        step: { kind: "zoning" },
        drawn: [],
        queue: [],
      })
    case "FinalRoundEnded":
      return changed(state, { step: { kind: "over" } })
  }
}
