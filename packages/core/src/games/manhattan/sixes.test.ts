import { describe, expect, it } from "vitest"
import { manhattan } from "./index.js"
import { cmd, Given, only } from "./testing.js"

const legend = { A: 0, C: 0, B: 1, D: 1 }
const quiet = (g: Given, seat: number, a: number, b: number) => g.pawns(seat, 1, 2).roll(seat, a, b)
const quietMove = (a: number, b: number) => cmd.split(a, "cw", b, "cw")

describe("Manhattan sixes (rule text, 'Roll the Dice': ''6's: Add a story to a building'')", () => {
  it("'For each thrown '6' an additional story may be added' — ruling: on a free top of one's own building or a legal extension of it", () => {
    const g = quiet(
      Given.game(2).board(
        `. . . . . . .
         . . . . . . .
         . . A1 A2 . . .
         . . . . . . .
         . . . . . B1 .
         . . . . . . .
         . . . . . . .`,
        legend,
      ),
      0,
      6,
      2,
    )
    const moved = g.when(0, quietMove(6, 2))
    expect(manhattan.pending(moved.match.state)).toEqual([{ seat: 0, kind: "six-story" }])
    const legal = manhattan.legalCommands(moved.match.state, 0)
    // free top (3,3) and the empty cells sharing an edge with A: (3,2) (4,2) (2,3) (5,3) (3,4) (4,4)
    expect(legal).toEqual([
      cmd.build(3, 2),
      cmd.build(4, 2),
      cmd.build(2, 3),
      cmd.build(3, 3),
      cmd.build(5, 3),
      cmd.build(3, 4),
      cmd.build(4, 4),
      cmd.skip(),
    ])
    g.push(...moved.events)
    expect(g.when(0, cmd.build(6, 5)).violation?.rule).toBe("manhattan.six.target") // a rival's building
    expect(g.when(0, cmd.build(4, 3)).violation?.rule).toBe("manhattan.six.target") // the tower
    expect(g.when(0, cmd.build(1, 7)).violation?.rule).toBe("manhattan.six.target") // no new building
    const r = g.when(0, cmd.build(5, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { x: 5, y: 3, height: 1, building: 0, source: "six" },
    ])
  })

  it("design: a player without a building has nowhere to add a 6-story: no decision", () => {
    const g = quiet(Given.game(2), 0, 6, 2)
    expect(g.when(0, quietMove(6, 2)).events.map((e) => e.type)).toEqual(["PawnsMoved", "DiceRolled"])
  })

  it("'… an additional story may be added' is optional: Skip forgoes the remaining 6s (ruling)", () => {
    const g = quiet(Given.game(2).board(`A1 A1 . . . . . ${". ".repeat(42)}`, legend), 0, 6, 6)
    g.push(...g.when(0, quietMove(6, 6)).events)
    expect(g.state.step).toEqual({ kind: "six-story", left: 2 })
    const r = g.when(0, cmd.skip())
    expect(r.events.map((e) => e.type)).toEqual(["Declined", "DiceRolled"])
  })

  it("a 6-story may extend into a hostile takeover", () => {
    const g = quiet(
      Given.game(2).board(
        `. . . . . . .
         . . . . . . .
         . . A3 . B2 . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        legend,
      ),
      0,
      6,
      2,
    )
    g.push(...g.when(0, quietMove(6, 2)).events)
    expect(manhattan.legalCommands(g.state, 0)).toContainEqual(cmd.build(4, 3))
    const r = g.when(0, cmd.build(4, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { source: "six", takenOver: [{ building: 1, owner: 1 }] },
    ])
  })

  it("'With luck and skill 3 stories can be built in a turn. (Roll double '6's. the player moves both pawns, where they cross on a free property. He places a building story there. Then for each '6' a floor is added.)'", () => {
    const g = Given.game(2)
      .board(
        `. . . . . . .
         . . . . . . .
         . . . A1 A2 . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        legend,
      )
      .aim(0, 4, 3, 6, 6)
    const moved = g.when(0, cmd.aim(6, 6))
    expect(moved.events.map((e) => e.type)).toEqual(["PawnsMoved", "RoofTaken"])
    g.push(...moved.events)
    g.push(...g.when(0, cmd.build(4, 3)).events)
    expect(g.state.step).toEqual({ kind: "six-story", left: 2 })
    g.push(...g.when(0, cmd.build(5, 3)).events)
    expect(g.state.step).toEqual({ kind: "six-story", left: 1 })
    const last = g.when(0, cmd.build(4, 3))
    expect(last.events[0]).toMatchObject({ type: "StoryBuilt", x: 4, y: 3, height: 4 - 1, source: "six" })
    expect(last.events[1]).toMatchObject({ type: "DiceRolled", seat: 1 })
    const b = last.match.state.buildings[0]
    expect(b).toMatchObject({ height: 3, blocks: 6 })
  })

  it("'It may happen that there is no site to place an additional cube to a particular building' — then the 6 is lost", () => {
    const g = quiet(
      Given.game(2).board(
        `A1 = . . . . .
         = = . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        legend,
      ),
      0,
      6,
      2,
    )
    expect(g.when(0, quietMove(6, 2)).events.map((e) => e.type)).toEqual(["PawnsMoved", "DiceRolled"])
  })
})

describe("Manhattan order of a turn (ruling 'Order of a turn')", () => {
  it("ruling: (1) the doubles roof, (2) the crossing, (3) each 1, (4) each 6 — a 1 and a 6 are asked in that order", () => {
    const g = Given.game(2, { startingRoofs: 1 })
      .board(
        `. . . . . . .
         . . . . . . .
         . . . A1 A1 A2 .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        legend,
      )
      .aim(0, 4, 3, 1, 6)
    const moved = g.when(0, cmd.aim(1, 6))
    expect(moved.match.state.step).toEqual({ kind: "crossing-story", cell: 17 })
    g.push(...moved.events)
    const crossed = g.when(0, cmd.build(4, 3))
    expect(crossed.match.state.step).toEqual({ kind: "place-roof", left: 1 })
    g.push(...crossed.events)
    const roofed = g.when(0, cmd.roof(5, 3))
    expect(roofed.match.state.step).toEqual({ kind: "six-story", left: 1 })
  })

  it("ruling: with doubles the roof is taken before the crossing is resolved", () => {
    const g = Given.game(2).aim(0, 4, 4, 2, 2)
    expect(g.when(0, cmd.aim(2, 2)).events.map((e) => e.type)).toEqual([
      "PawnsMoved",
      "RoofTaken",
      "StoryBuilt",
      "DiceRolled",
    ])
  })
})
