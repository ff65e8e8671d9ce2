import { describe, expect, it } from "vitest"
import { buildingAt, cellAt, cmd, Given, only } from "./testing.js"

const legend = { A: 0, C: 0, B: 1, D: 1, E: 2 }

describe("Manhattan merging (rule text, 'Buildings'; ruling 'Merge')", () => {
  it("'an owner can let his two buildings merge together. In this case the owner can remove a tower from the new combined building' — the engine frees it", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A1 . C1 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    expect(g.state.towers[0]).toEqual([0, 1])
    const r = g.aim(0, 4, 3, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toEqual([
      {
        type: "StoryBuilt",
        seat: 0,
        x: 4,
        y: 3,
        height: 1,
        building: 1,
        founded: false,
        source: "crossing",
        // all three stacks are 1 high: the tower goes to the newest block
        tower: { tower: 1, from: { x: 5, y: 3 }, to: { x: 4, y: 3 } },
        merged: [{ building: 0, cells: [{ x: 3, y: 3 }], tower: 0, from: { x: 3, y: 3 } }],
        takenOver: [],
      },
    ])
    expect(r.match.state.towers[0]).toEqual([null, 1])
    expect(buildingAt(r.match, 3, 3)).toMatchObject({ id: 1, height: 1, blocks: 3, towerCell: 17 })
    expect(r.match.state.buildings[0]).toMatchObject({ cells: [], mergedInto: 1, tower: null })
    expect(cellAt(r.match, 3, 3)).toMatchObject({ top: "free", building: 1 })
  })

  it("ruling: the merged building keeps the tower of its tallest part; a corner contact with one's own building merges too", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A2 . . . .
       . . . . . . .
       . . . C1 . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    const r = g.aim(0, 3, 4, 2, 3).when(0, cmd.aim(2, 3)) // (3,4): edge with A, corner with C
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { building: 0, tower: null, merged: [{ building: 1, tower: 1, from: { x: 4, y: 5 } }], takenOver: [] },
    ])
    expect(r.match.state.towers[0]).toEqual([0, null])
    expect(cellAt(r.match, 4, 5)).toMatchObject({ top: "free", building: 0 })
  })
})

describe("Manhattan hostile takeover (rule text, 'Hostile Takeover'; ruling 'Takeover')", () => {
  it("'A free property between a player's building and a competitor's building may be developed … only if the building of the acting player is taller … the competitor's tower is removed, and his former building becomes part of the acting player's building'", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A3 . B2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    const r = g.aim(0, 4, 3, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toEqual([
      {
        type: "StoryBuilt",
        seat: 0,
        x: 4,
        y: 3,
        height: 1,
        building: 0,
        founded: false,
        source: "crossing",
        tower: null,
        merged: [],
        takenOver: [
          { building: 1, owner: 1, cells: [{ x: 5, y: 3 }], tower: { tower: 0, from: { x: 5, y: 3 } } },
        ],
      },
    ])
    expect(buildingAt(r.match, 5, 3)).toMatchObject({ id: 0, owner: 0, height: 3, blocks: 6 })
    expect(r.match.state.towers[1]).toEqual([null, null]) // ruling: the tower goes back to its owner's hand
    expect(cellAt(r.match, 5, 3)).toMatchObject({ top: "free", height: 2 })
  })

  it("'… only if the building of the acting player is taller' — equal height is not enough: a street", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A2 . B2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    const r = g.aim(0, 4, 3, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt", "StreetBuilt")).toMatchObject([{ type: "StreetBuilt", x: 4, y: 3 }])
  })

  it("ruling: height is the tallest stack of the building, not the stack next to the new cell", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . A3 . . . .
       . . A1 . B2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    const r = g.aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3)) // (4,4): corner with A1 — no edge: no extension
    expect(only(r.events, "StoryBuilt", "StreetBuilt")).toMatchObject([{ type: "StreetBuilt" }])
    const g2 = Given.game(2).board(
      `. . . . . . .
       . . A3 . . . .
       . . A1 . B2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    const r2 = g2.aim(0, 4, 3, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r2.events, "StoryBuilt")).toMatchObject([{ takenOver: [{ building: 1, owner: 1 }] }])
  })

  it("ruling: every rival building the new cell touches (edge or corner) is taken over, if the acting building is strictly taller than each", () => {
    const board = (e: number) => `. . . . . . .
       . . . . . . .
       . . . . B2 . .
       . . A3 . . . .
       . . . . E${e} . .
       . . . . . . .
       . . . . . . .`
    const r = Given.game(3).board(board(1), legend).aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      {
        building: 0,
        takenOver: [
          { building: 1, owner: 1 },
          { building: 2, owner: 2 },
        ],
      },
    ])
    expect(r.match.state.towers[1]).toEqual([null, null])
    expect(r.match.state.towers[2]).toEqual([null, null])
    const blocked = Given.game(3).board(board(3), legend).aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(blocked.events, "StoryBuilt", "StreetBuilt")).toMatchObject([{ type: "StreetBuilt" }])
  })

  it("ruling: merge and takeover at once — the acting building is the tallest own building the cell joins", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A1 . B2 . .
       . . . . . . .
       . . . C3 . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    // (4,4): an edge with C, a corner with A and with B
    const r = g.aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { building: 2, merged: [{ building: 0 }], takenOver: [{ building: 1, owner: 1 }] },
    ])
    expect(r.match.state.towers[0]).toEqual([null, 2])
  })

  it("'His buildings remain, awaiting another player claim them by hostile takeover' — ownerless buildings are taken over like any rival's", () => {
    const g = Given.game(3)
      .board(
        `. . . . . . .
         . . . . . . .
         . . A3 . E2 . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        legend,
      )
      .bankrupt(2)
    expect(g.state.buildings[1]).toMatchObject({ owner: null, tower: null })
    const r = g.aim(0, 4, 3, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { takenOver: [{ building: 1, owner: null, cells: [{ x: 5, y: 3 }], tower: null }] },
    ])
    expect(buildingAt(r.match, 5, 3)).toMatchObject({ id: 0, owner: 0 })
  })

  it("ruling: the taken-over tower returns to its owner's hand — he may found a new building with it", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A3 . B2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      legend,
    )
    g.aim(0, 4, 3, 2, 3)
    g.push(...g.when(0, cmd.aim(2, 3)).events.filter((e) => e.type !== "DiceRolled"))
    expect(g.state.towers[1]).toEqual([null, null])
    const r = g.aim(1, 2, 7, 2, 3).when(1, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { seat: 1, x: 2, y: 7, founded: true, tower: { tower: 0 } },
    ])
  })
})
