import { describe, expect, it } from "vitest"
import { cellIndex, crossing, lineOf, ringPosition } from "./board.js"
import { cmd, Given, only } from "./testing.js"

describe("Manhattan coordinates and line geometry (rulings 'Coordinates', 'Line geometry')", () => {
  it("ruling: ring squares 0..31 run clockwise from the top-left corner; 0, 8, 16, 24 are the corners", () => {
    expect([0, 8, 16, 24].map(ringPosition)).toEqual([
      { column: 0, row: 0 },
      { column: 8, row: 0 },
      { column: 8, row: 8 },
      { column: 0, row: 8 },
    ])
    expect(ringPosition(1)).toEqual({ column: 1, row: 0 })
    expect(ringPosition(9)).toEqual({ column: 8, row: 1 })
    expect(ringPosition(17)).toEqual({ column: 7, row: 8 })
    expect(ringPosition(31)).toEqual({ column: 0, row: 1 })
  })

  it("ruling: a pawn on the top or bottom side at x projects column x; on the left or right side at y, row y", () => {
    expect([1, 7, 17, 23].map(lineOf)).toEqual([1, 7, 7, 1])
    expect([9, 15, 25, 31].map(lineOf)).toEqual([1, 7, 7, 1])
    expect(crossing(3, 12)).toBe(cellIndex(3, 4)) // top column 3 × right row 4
    expect(crossing(12, 3)).toBe(cellIndex(3, 4))
    expect(crossing(21, 27)).toBe(cellIndex(3, 5)) // bottom column 3 × left row 5
  })

  it("ruling: corners project nothing", () => {
    for (const corner of [0, 8, 16, 24]) {
      expect(crossing(corner, 12)).toBeNull()
      expect(crossing(3, corner)).toBeNull()
    }
  })

  it("ruling: parallel lines project nothing — two columns (top and bottom), two rows, or both pawns on one square", () => {
    expect(crossing(3, 21)).toBeNull()
    expect(crossing(3, 5)).toBeNull()
    expect(crossing(10, 28)).toBeNull()
    expect(crossing(12, 12)).toBeNull()
  })

  it("'If the pawns can draw a line out into the city center that intersects … If the space is empty, it is possible to build'", () => {
    const r = Given.game(2).aim(0, 3, 4, 2, 4).when(0, cmd.aim(2, 4))
    expect(only(r.events, "StoryBuilt")).toMatchObject([{ seat: 0, x: 3, y: 4, height: 1, founded: true }])
  })

  it("'If the two pawns cannot draw an intersecting line there is no construction opportunity this turn' — the turn passes", () => {
    const g = Given.game(2).pawns(0, 1, 2).roll(0, 2, 3)
    const r = g.when(0, cmd.split(2, "cw", 3, "cw")) // columns 3 and 5: parallel
    expect(r.events.map((e) => e.type)).toEqual(["PawnsMoved", "DiceRolled"])
    expect(r.events[1]).toMatchObject({ seat: 1 })
  })

  it("moving onto parallel lines gives no opportunity: two rows (left and right sides), or both pawns on one row", () => {
    const g = Given.game(2).pawns(0, 5, 12).roll(0, 3, 4)
    const twoSides = g.when(0, cmd.total(0, 7, "ccw")) // 5 − 7 = 30: left row 2 × right row 4
    expect(only(twoSides.events, "StoryBuilt", "StreetBuilt")).toEqual([])
    const oneRow = g.when(0, cmd.total(0, 7, "cw")) // 5 + 7 = 12: both pawns on right row 4
    expect(only(oneRow.events, "StoryBuilt", "StreetBuilt")).toEqual([])
  })

  it("a pawn moved onto a corner projects nothing: no opportunity, where one square short of it the lines cross", () => {
    const short = Given.game(2).pawns(0, 6, 12).roll(0, 1, 2)
    const crossed = short.when(0, cmd.split(1, "cw", 2, "ccw")) // 7 and 10: column 7 × row 2
    expect(only(crossed.events, "StoryBuilt")).toMatchObject([{ x: 7, y: 2 }])
    const ontoCorner = short.when(0, cmd.split(2, "cw", 1, "ccw")) // 8 is the top-right corner
    expect(ontoCorner.violation).toBeNull()
    expect(only(ontoCorner.events, "StoryBuilt", "StreetBuilt")).toEqual([])
  })
})
