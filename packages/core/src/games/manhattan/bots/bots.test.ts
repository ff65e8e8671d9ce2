import { describe, expect, it } from "vitest"
import { Random } from "../../../kernel/random.js"
import { simulate } from "../../../kernel/simulate.js"
import { heuristicBot, manhattan, randomBot } from "../index.js"
import { cmd, Given } from "../testing.js"

describe("Manhattan bots", () => {
  it("the heuristic takes over when it can (a move onto the takeover crossing beats every other)", () => {
    const g = Given.game(2)
      .board(
        `. . . . . . .
         . . . . . . .
         . . A3 . B2 . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        { A: 0, B: 1 },
      )
      .aim(0, 4, 3, 2, 3)
    const legal = manhattan.legalCommands(g.state, 0)
    const choice = heuristicBot.choose({
      seat: 0,
      view: manhattan.view(g.state, { kind: "seat", seat: 0 }),
      legal,
      random: Random.fromKey("bots"),
    })
    expect(choice).toEqual(cmd.aim(2, 3))
  })

  it("the heuristic roofs the tallest rival and never its own building", () => {
    const g = Given.game(3)
      .board(
        `A1 A2 . B1 B3 . .
         . . . . . . .
         E1 E1 E2 . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        { A: 0, B: 1, E: 2 },
      )
      .pawns(0, 1, 2)
      .roll(0, 1, 2)
    g.push(...g.when(0, cmd.split(1, "cw", 2, "cw")).events)
    expect(g.state.step.kind).toBe("place-roof")
    const choice = heuristicBot.choose({
      seat: 0,
      view: manhattan.view(g.state, { kind: "seat", seat: 0 }),
      legal: manhattan.legalCommands(g.state, 0),
      random: Random.fromKey("bots"),
    })
    expect(choice).toEqual(cmd.roof(4, 1))
  })

  it("the heuristic builds on its own tallest building with a 6", () => {
    const g = Given.game(2)
      .board(
        `A1 A2 . . . . .
         . . . . . . .
         . . . . . C1 C1
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .`,
        { A: 0, C: 0 },
      )
      .pawns(0, 1, 2)
      .roll(0, 6, 2)
    g.push(...g.when(0, cmd.split(6, "cw", 2, "cw")).events)
    const choice = heuristicBot.choose({
      seat: 0,
      view: manhattan.view(g.state, { kind: "seat", seat: 0 }),
      legal: manhattan.legalCommands(g.state, 0),
      random: Random.fromKey("bots"),
    })
    expect(choice).toEqual(cmd.build(1, 1))
  })

  it("heuristic (1 seat, rotating) against 3 random bots: wins most 4-seat games (scripts/manhattan-winrate.ts runs 1,000)", () => {
    let wins = 0
    const games = 60
    for (let i = 0; i < games; i++) {
      const seat = i % 4
      const bots = [randomBot, randomBot, randomBot, randomBot]
      bots[seat] = heuristicBot
      const sim = simulate(manhattan, manhattan.defaultOptions, bots, `winrate-${i}`)
      if (sim.match.ended?.ranks[seat] === 1) wins++
    }
    expect(wins / games).toBeGreaterThanOrEqual(0.7)
  }, 60_000)
})
