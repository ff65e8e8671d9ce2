import { describe, expect, it } from "vitest"
import { simulate } from "../../kernel/simulate.js"
import type { Event } from "./events.js"
import { heuristicBot, manhattan, randomBot } from "./index.js"
import type { State } from "./state.js"

/*
 * The issue asks that a third party can rebuild the board after every event without running this code.
 * This fold is that third party: it reads nothing but the events' own fields (and the published setup:
 * 45/20/30 pieces, `startingRoofs` roofs per seat) and is checked against the engine after every event.
 */

type Top = "free" | "tower" | "roof"
interface Spot {
  kind: "empty" | "street" | "building"
  building: number
  owner: number | null
  height: number
  top: Top
}
const key = (p: { x: number; y: number }) => `${p.x},${p.y}`

class ThirdParty {
  readonly spots = new Map<string, Spot>()
  readonly owners = new Map<number, number | null>()
  supply = { stories: 45, roofs: 20, streets: 30 }
  held: number[]
  towers: Array<[string | null, string | null]>

  constructor(seats: number, startingRoofs: number) {
    for (let y = 1; y <= 7; y++)
      for (let x = 1; x <= 7; x++)
        this.spots.set(key({ x, y }), { kind: "empty", building: -1, owner: null, height: 0, top: "free" })
    this.supply.roofs -= seats * startingRoofs
    this.held = Array(seats).fill(startingRoofs)
    this.towers = Array.from({ length: seats }, () => [null, null])
  }

  spot(p: { x: number; y: number }): Spot {
    return this.spots.get(key(p)) as Spot
  }

  fold(e: Event): void {
    switch (e.type) {
      case "StoryBuilt": {
        if (e.founded) this.owners.set(e.building, e.seat)
        for (const t of e.takenOver) {
          if (t.tower) {
            this.spot(t.tower.from).top = "free"
            if (t.owner !== null)
              (this.towers[t.owner] as [string | null, string | null])[t.tower.tower] = null
          }
          for (const c of t.cells) this.spot(c).building = e.building
          this.owners.delete(t.building)
        }
        for (const m of e.merged) {
          this.spot(m.from).top = "free"
          ;(this.towers[e.seat] as [string | null, string | null])[m.tower] = null
          for (const c of m.cells) this.spot(c).building = e.building
          this.owners.delete(m.building)
        }
        const s = this.spot(e)
        Object.assign(s, { kind: "building", building: e.building, height: e.height, top: "free" })
        if (e.tower) {
          if (e.tower.from) this.spot(e.tower.from).top = "free"
          this.spot(e.tower.to).top = "tower"
          ;(this.towers[e.seat] as [string | null, string | null])[e.tower.tower] = key(e.tower.to)
        }
        this.supply.stories--
        return
      }
      case "StreetBuilt":
        Object.assign(this.spot(e), { kind: "street" })
        this.supply.streets--
        return
      case "RoofTaken":
        this.supply.roofs--
        this.held[e.seat] = (this.held[e.seat] ?? 0) + 1
        return
      case "RoofPlaced":
        this.spot(e).top = "roof"
        this.held[e.seat] = (this.held[e.seat] ?? 0) - 1
        return
      case "RoofRemoved":
        this.spot(e).top = "free"
        this.supply.roofs++
        return
      case "PlayerBankrupt":
        for (const t of e.towers) this.spot(t).top = "free"
        for (const b of e.buildings) this.owners.set(b, null)
        this.towers[e.seat] = [null, null]
        this.supply.roofs += e.roofsReturned
        this.held[e.seat] = 0
        return
      default:
        return
    }
  }

  /** The board as the third party sees it, in the engine's shape for comparison. */
  board(): unknown {
    const cells = [...this.spots.values()].map((s) =>
      s.kind !== "building"
        ? { kind: s.kind }
        : {
            kind: s.kind,
            building: s.building,
            owner: this.owners.get(s.building) ?? null,
            height: s.height,
            top: s.top,
          },
    )
    return { cells, supply: this.supply, held: this.held, towers: this.towers }
  }
}

const engineBoard = (s: State): unknown => ({
  cells: s.cells.map((c) =>
    c.kind !== "building"
      ? { kind: c.kind }
      : {
          kind: c.kind,
          building: c.building,
          owner: s.buildings[c.building]?.owner ?? null,
          height: c.height,
          top: c.top,
        },
  ),
  supply: s.supply,
  held: s.roofsHeld,
  towers: s.towers.map((row) =>
    row.map((id) => {
      if (id === null) return null
      const cell = s.buildings[id]?.towerCell
      return cell === null || cell === undefined ? null : `${(cell % 7) + 1},${Math.floor(cell / 7) + 1}`
    }),
  ),
})

describe("Manhattan events are self-sufficient", () => {
  it("a third party folding only the events' fields rebuilds every cell, owner, height, top, tower and supply after every event (60 games, 2–6 seats)", () => {
    for (let i = 0; i < 60; i++) {
      const seats = 2 + (i % 5)
      const options = { ...manhattan.defaultOptions, startingRoofs: i % 3 }
      const bots = Array.from({ length: seats }, (_, s) => (s === i % seats ? heuristicBot : randomBot))
      const sim = simulate(manhattan, options, bots, `third-party-${i}`)
      const third = new ThirdParty(seats, options.startingRoofs)
      let state = manhattan.initial(sim.events[0] as never) as State
      for (let e = 1; e < sim.events.length; e++) {
        const event = sim.events[e] as Event
        state = manhattan.evolve(state, event)
        third.fold(event)
        const want = engineBoard(state)
        const got = third.board()
        if (JSON.stringify(want) !== JSON.stringify(got))
          expect({ game: i, event: e, got }).toEqual({ game: i, event: e, got: want })
      }
    }
  }, 60_000)
})
