import { describe, expect, it } from "vitest"
import { manhattan } from "./index.js"
import { cellAt, cmd, Given, only } from "./testing.js"

const legend = { A: 0, C: 0, B: 1, D: 1, E: 2 }
const rival = `. . . . . . .
       . . . . . . .
       . . . . B1 B2 .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`

/** A turn whose move makes no crossing (both pawns on the top side). */
const quiet = (g: Given, seat: number, a: number, b: number) => g.pawns(seat, 1, 2).roll(seat, a, b)
const quietMove = (a: number, b: number) => cmd.split(a, "cw", b, "cw")

describe("Manhattan roofs (rule text, 'Roll the Dice' and 'Roofs')", () => {
  it("'Doubles: Take a roof from the supply' — 'For each set of doubles rolled, a player will receive a roof'", () => {
    const g = quiet(Given.game(2), 0, 3, 3)
    const r = g.when(0, quietMove(3, 3))
    expect(r.events.slice(0, 2)).toEqual([
      expect.objectContaining({ type: "PawnsMoved" }),
      { type: "RoofTaken", seat: 0 },
    ])
    expect(r.match.state.roofsHeld).toEqual([3, 2])
    expect(r.match.state.supply.roofs).toBe(15)
  })

  it("ruling 'Supply exhaustion': doubles give no roof when the supply has none", () => {
    const g = Given.game(2)
    for (let i = 0; i < 16; i++) g.push({ type: "RoofTaken", seat: 1 })
    expect(g.state.supply.roofs).toBe(0)
    const r = quiet(g, 0, 3, 3).when(0, quietMove(3, 3))
    expect(only(r.events, "RoofTaken")).toEqual([])
  })

  it("''1's: Build a roof, if you have one' — 'on any free story of a building', a rival's included (ruling 2)", () => {
    const g = quiet(Given.game(2).board(rival, legend), 0, 1, 2)
    const moved = g.when(0, quietMove(1, 2))
    expect(manhattan.pending(moved.match.state)).toEqual([{ seat: 0, kind: "place-roof" }])
    expect(manhattan.legalCommands(moved.match.state, 0)).toEqual([cmd.roof(5, 3), cmd.skip()])
    g.push(...moved.events)
    const r = g.when(0, cmd.roof(5, 3))
    expect(r.events[0]).toEqual({ type: "RoofPlaced", seat: 0, x: 5, y: 3, building: 0, owner: 1 })
    expect(cellAt(r.match, 5, 3)).toMatchObject({ top: "roof" })
    expect(r.match.state.roofsHeld).toEqual([1, 2])
  })

  it("ruling 2: a roof may go on any building's free top — one's own too (the bots never do it)", () => {
    const g = quiet(Given.game(2).board(rival.replace("B1 B2", "A1 A2"), { A: 0 }), 0, 1, 2)
    const moved = g.when(0, quietMove(1, 2))
    expect(manhattan.legalCommands(moved.match.state, 0)).toEqual([cmd.roof(5, 3), cmd.skip()])
  })

  it("'… if he has one': a player without roofs is not asked", () => {
    const g = quiet(Given.game(2, { startingRoofs: 0 }).board(rival, legend), 0, 1, 2)
    const r = g.when(0, quietMove(1, 2))
    expect(r.events.map((e) => e.type)).toEqual(["PawnsMoved", "DiceRolled"])
  })

  it("'… on any free story' — not on a tower, not on a roof", () => {
    const g = quiet(Given.game(2).board(rival, legend), 0, 1, 2)
    g.push(...g.when(0, quietMove(1, 2)).events)
    expect(g.when(0, cmd.roof(6, 3)).violation?.rule).toBe("manhattan.roof.free-top")
    expect(g.when(0, cmd.roof(1, 1)).violation?.rule).toBe("manhattan.roof.free-top")
  })

  it("ruling 'Double 1s': take a roof for the doubles, then place up to two roofs — the new roof can be one of them", () => {
    const g = quiet(
      Given.game(2, { startingRoofs: 0 }).board(
        `. . . . . . .
         . . . . . . .
         . . . B1 B1 B2 .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        legend,
      ),
      0,
      1,
      1,
    )
    const moved = g.when(0, quietMove(1, 1))
    expect(only(moved.events, "RoofTaken")).toEqual([{ type: "RoofTaken", seat: 0 }])
    expect(moved.match.state.step).toEqual({ kind: "place-roof", left: 2 })
    g.push(...moved.events)
    const r = g.when(0, cmd.roof(4, 3))
    // the second 1 finds no roof in hand: the turn ends
    expect(r.events.map((e) => e.type)).toEqual(["RoofPlaced", "DiceRolled"])
  })

  it("ruling 'Double 1s': with two roofs in hand both 1s are used; Skip forgoes the remaining 1s", () => {
    const board = `. . . . . . .
         . . . . . . .
         . . . B1 B1 B2 .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`
    const g = quiet(Given.game(2).board(board, legend), 0, 1, 1)
    g.push(...g.when(0, quietMove(1, 1)).events)
    const first = g.when(0, cmd.roof(4, 3))
    expect(first.match.state.step).toEqual({ kind: "place-roof", left: 1 })
    g.push(...first.events)
    expect(manhattan.legalCommands(g.state, 0)).toEqual([cmd.roof(5, 3), cmd.skip()])
    expect(g.when(0, cmd.roof(5, 3)).events.map((e) => e.type)).toEqual(["RoofPlaced", "DiceRolled"])

    const s = quiet(Given.game(2).board(board, legend), 0, 1, 1)
    s.push(...s.when(0, quietMove(1, 1)).events)
    const skipped = s.when(0, cmd.skip())
    expect(skipped.events.map((e) => e.type)).toEqual(["Declined", "DiceRolled"])
    expect(skipped.events[0]).toEqual({ type: "Declined", seat: 0, decision: "place-roof" })
  })
})

describe("Manhattan demolition (rule text, 'Demolition')", () => {
  const own = `. . . . . . .
       . . . . . . .
       . . . A1^ A2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`

  it("'When a player's 2 pawns create a cross on an unwanted roof to one of his buildings, he may remove the roof and return it to the supply'", () => {
    const g = Given.game(2).board(own, legend).aim(0, 4, 3, 2, 3)
    const moved = g.when(0, cmd.aim(2, 3))
    expect(manhattan.legalCommands(moved.match.state, 0)).toEqual([cmd.removeRoof(4, 3), cmd.skip()])
    g.push(...moved.events)
    const supply = g.state.supply.roofs
    const r = g.when(0, cmd.removeRoof(4, 3))
    expect(r.events[0]).toEqual({ type: "RoofRemoved", seat: 0, x: 4, y: 3, building: 0 })
    expect(cellAt(r.match, 4, 3)).toMatchObject({ top: "free" })
    expect(r.match.state.supply.roofs).toBe(supply + 1)
    expect(g.when(0, cmd.removeRoof(5, 3)).violation?.rule).toBe("manhattan.demolition.crossing")
  })

  it("'… he may remove' — Skip keeps the roof", () => {
    const g = Given.game(2).board(own, legend).aim(0, 4, 3, 2, 3)
    g.push(...g.when(0, cmd.aim(2, 3)).events)
    expect(g.when(0, cmd.skip()).events[0]).toEqual({ type: "Declined", seat: 0, decision: "remove-roof" })
  })

  it("a cross on a rival's roof offers nothing", () => {
    const g = Given.game(2).board(own.replace("A1^ A2", "B1^ B2"), { B: 1 }).aim(0, 4, 3, 2, 3)
    expect(g.when(0, cmd.aim(2, 3)).events.map((e) => e.type)).toEqual(["PawnsMoved", "DiceRolled"])
  })

  it("'If the throw of the dice included a 6, it would be possible to remove the unwanted roof, and then set an additional story on the building'", () => {
    const g = Given.game(2).board(own, legend).aim(0, 4, 3, 6, 3)
    g.push(...g.when(0, cmd.aim(6, 3)).events)
    g.push(...g.when(0, cmd.removeRoof(4, 3)).events)
    expect(g.state.step).toEqual({ kind: "six-story", left: 1 })
    expect(manhattan.legalCommands(g.state, 0)).toContainEqual(cmd.build(4, 3))
    const r = g.when(0, cmd.build(4, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([{ x: 4, y: 3, height: 2, source: "six" }])
  })
})
