import { describe, expect, it } from "vitest"
import { manhattan } from "./index.js"
import { buildingAt, cellAt, cmd, Given, only } from "./testing.js"

const AB = { A: 0, B: 1, C: 0, D: 1 }

describe("Manhattan building (rule text, 'Build' and 'Buildings')", () => {
  it("'An individual single story is a building and must be immediately marked with the player's tower'", () => {
    const r = Given.game(2).aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toEqual([
      {
        type: "StoryBuilt",
        seat: 0,
        x: 4,
        y: 4,
        height: 1,
        building: 0,
        founded: true,
        source: "crossing",
        tower: { tower: 0, from: null, to: { x: 4, y: 4 } },
        merged: [],
        takenOver: [],
      },
    ])
    expect(cellAt(r.match, 4, 4)).toEqual({
      kind: "building",
      building: 0,
      height: 1,
      top: "tower",
      builtAt: 1,
    })
    expect(r.match.state.towers[0]).toEqual([0, null])
    expect(r.match.state.supply.stories).toBe(44)
  })

  it("design: building on an empty crossing is not optional — the story is built automatically", () => {
    const g = Given.game(2).aim(0, 4, 4, 2, 3)
    const r = g.when(0, cmd.aim(2, 3))
    expect(r.events.map((e) => e.type)).toEqual(["PawnsMoved", "StoryBuilt", "DiceRolled"])
  })

  it("'A player may add on to his own building by constructing on a property that has an edge in common with the existing building'", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . . A2 . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    const r = g.aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt")).toMatchObject([
      { x: 4, y: 4, height: 1, building: 0, founded: false, tower: null, merged: [], takenOver: [] },
    ])
    expect(buildingAt(r.match, 4, 4)).toMatchObject({ id: 0, cells: [17, 24], height: 2, blocks: 3 })
  })

  it("'Multi-property buildings must … touch on at least one edge' — a cell touching only a corner of one's own building is no extension: a street", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . A1 . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    const r = g.aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt", "StreetBuilt")).toEqual([
      { type: "StreetBuilt", seat: 0, x: 4, y: 4 },
    ])
  })

  it("'Buildings must be free standing. They cannot share an edge or even a corner with another building' — no story next to a rival as tall", () => {
    const board = `. . . . . . .
       . . . . . . .
       . . B1 . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`
    const corner = Given.game(2).board(board, AB).aim(0, 4, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(corner.events, "StoryBuilt", "StreetBuilt")).toMatchObject([
      { type: "StreetBuilt", x: 4, y: 4 },
    ])
    const edge = Given.game(2).board(board, AB).aim(0, 3, 4, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(edge.events, "StoryBuilt", "StreetBuilt")).toMatchObject([
      { type: "StreetBuilt", x: 3, y: 4 },
    ])
  })

  it("'If a player's pawns create a building opportunity where the player cannot construct a building story, he must build a street'", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . B2 .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    const r = g.aim(0, 5, 5, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StreetBuilt")).toEqual([{ type: "StreetBuilt", seat: 0, x: 5, y: 5 }])
    expect(cellAt(r.match, 5, 5)).toEqual({ kind: "street" })
    expect(r.match.state.supply.streets).toBe(29)
  })

  it("'Since each player has only two towers, he can only have two separate buildings' — a third isolated crossing gets a street", () => {
    const g = Given.game(2).board(
      `A1 . . . . . .
       . . . . . . .
       . . . . . . C1
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    expect(g.state.towers[0]).toEqual([0, 1])
    const r = g.aim(0, 4, 5, 2, 3).when(0, cmd.aim(2, 3))
    expect(only(r.events, "StoryBuilt", "StreetBuilt")).toMatchObject([{ type: "StreetBuilt", x: 4, y: 5 }])
  })

  it("'Streets may be built on every free property' — and when none are left, nothing is built (ruling 'Supply exhaustion')", () => {
    const noStreets = Given.game(2).board(
      `= = = = = = =
       = = = = = = =
       = = = = = = =
       . . . . . B2 .
       . . . . . . .
       = = . . . . .
       = = = = = = =`,
      AB,
    )
    expect(noStreets.state.supply.streets).toBe(0)
    const r = noStreets.aim(0, 5, 5, 2, 3).when(0, cmd.aim(2, 3))
    expect(r.violation).toBeNull()
    expect(only(r.events, "StoryBuilt", "StreetBuilt")).toEqual([])
    expect(r.events.at(-1)).toMatchObject({ type: "DiceRolled", seat: 1 })
  })
})

describe("Manhattan towers and stacks", () => {
  it("'If the pawns of the player cross a property which that players owns, and the building story at this intersection is free from a tower or roof, an additional building story may be added'", () => {
    const g = Given.game(2)
      .board(
        `. . . . . . .
         . . . . . . .
         . . . A1 A2 . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        AB,
      )
      .aim(0, 4, 3, 2, 3)
    const r = g.when(0, cmd.aim(2, 3))
    expect(manhattan.pending(r.match.state)).toEqual([{ seat: 0, kind: "crossing-story" }])
    expect(manhattan.legalCommands(r.match.state, 0)).toEqual([cmd.build(4, 3), cmd.skip()])
    const built = Given.game(2)
      .push(...g.events)
      .push(...r.events)
      .when(0, cmd.build(4, 3))
    expect(only(built.events, "StoryBuilt")).toMatchObject([
      { x: 4, y: 3, height: 2, building: 0, tower: { tower: 0, from: { x: 5, y: 3 }, to: { x: 4, y: 3 } } },
    ])
  })

  it("'… may be added' is optional: Skip declines it", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . . A1 A2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    g.aim(0, 4, 3, 2, 3)
    const moved = g.when(0, cmd.aim(2, 3))
    g.push(...moved.events)
    const r = g.when(0, cmd.skip())
    expect(r.events.slice(0, 2)).toEqual([
      { type: "Declined", seat: 0, decision: "crossing-story" },
      expect.objectContaining({ type: "DiceRolled", seat: 1 }),
    ])
    expect(g.when(0, cmd.build(5, 3)).violation?.rule).toBe("manhattan.build.crossing")
  })

  it("'Building stories can only be further built upon if there is not tower or roof present' — a crossing on one's own tower offers nothing", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . . A1 A2 . .
       . . . . . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    const r = g.aim(0, 5, 3, 2, 3).when(0, cmd.aim(2, 3))
    expect(r.events.map((e) => e.type)).toEqual(["PawnsMoved", "DiceRolled"])
  })

  it("'The tower must always be placed immediately on the highest floor of a building' — it moves onto a taller stack", () => {
    const g = Given.game(2)
      .board(
        `. . . . . . .
         . . . . . . .
         . . . A2 A3 . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        AB,
      )
      .aim(0, 4, 3, 6, 6)
    const moved = g.when(0, cmd.aim(6, 6))
    g.push(...moved.events)
    expect(g.state.step.kind).toBe("crossing-story")
    const r = g.when(0, cmd.build(4, 3))
    expect(only(r.events, "StoryBuilt")[0]).toMatchObject({
      height: 3,
      tower: { from: { x: 5, y: 3 }, to: { x: 4, y: 3 } },
    })
    expect(cellAt(r.match, 5, 3)).toMatchObject({ top: "free", height: 3 })
    expect(cellAt(r.match, 4, 3)).toMatchObject({ top: "tower", height: 3 })
  })

  it("'If several stories are of equal height, the tower must be placed immediately on the block that was most recently built'", () => {
    const g = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . . A1 A2 . .
       . . . A1 . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    g.aim(0, 4, 3, 2, 3)
    g.push(...g.when(0, cmd.aim(2, 3)).events)
    const r = g.when(0, cmd.build(4, 3)) // 2 = tallest: the new block wins the tie
    expect(only(r.events, "StoryBuilt")[0]).toMatchObject({
      tower: { tower: 0, from: { x: 5, y: 3 }, to: { x: 4, y: 3 } },
    })
    const lower = Given.game(2).board(
      `. . . . . . .
       . . . . . . .
       . . . A1 A3 . .
       . . . A1 . . .
       . . . . . . .
       . . . . . . .
       . . . . . . .`,
      AB,
    )
    lower.aim(0, 4, 3, 2, 3)
    lower.push(...lower.when(0, cmd.aim(2, 3)).events)
    expect(only(lower.when(0, cmd.build(4, 3)).events, "StoryBuilt")[0]).toMatchObject({
      tower: null,
      height: 2,
    })
  })
})
