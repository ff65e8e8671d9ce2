import { type Bot, findGame, simulate, type Typed } from "@boroughs/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { namesFor } from "./common/names.js"
import { describeCommand } from "./narrate.js"
import { renderers } from "./registry.js"
import { COMMAND_PLAYS, commandTypesOf, seatsOf } from "./testing.js"

/**
 * Commands the simulated games may not happen to offer (a rare event's choice), one of each type, as the
 * rules would accept them: each is checked against the game's command schema too.
 */
const SAMPLES: Record<string, ReadonlyArray<Typed & Record<string, unknown>>> = {
  manhattan: [
    { type: "DemandBankruptcy" },
    { type: "MovePawns", moves: [{ pawn: 1, pips: 3, direction: "ccw", entry: 16 }] },
  ],
  suburbia: [{ type: "Pass" }],
  "urban-sprawl": [
    { type: "PassDraft" },
    { type: "TakeFreePlanning", card: "P24" },
    { type: "Bid", pay: false },
  ],
}

/** Up to `perType` of every command type the bots were offered, over whole games of `game`. */
const offeredCommands = (game: string, perType = 40): Map<string, Typed[]> => {
  const registered = findGame(game)
  if (!registered) throw new Error(`no game ${game}`)
  const offered = new Map<string, Typed[]>()
  const record = (legal: ReadonlyArray<Typed>) => {
    for (const command of legal) {
      const seen = offered.get(command.type) ?? []
      if (seen.length < perType) seen.push(command)
      offered.set(command.type, seen)
    }
  }
  // The game's own bots play; a wrapper notes every command they are offered on the way.
  const recording = (inner: Bot): Bot => ({
    name: `recording ${inner.name}`,
    ...(inner.ignoresView === true ? { ignoresView: true } : {}),
    choose: (turn) => {
      record(turn.legal)
      return inner.choose(turn)
    },
  })
  const heuristic = registered.bots.heuristic ?? registered.bots.random
  const random = registered.bots.random ?? heuristic
  if (!heuristic || !random) throw new Error(`${game} has no bot`)
  for (const [i, play] of (COMMAND_PLAYS[game] ?? [{ seats: registered.game.seats.max }]).entries()) {
    const bots = Array.from({ length: play.seats }, (_, seat) =>
      recording(seat % 2 === 0 ? heuristic : random),
    )
    const options = { ...(registered.game.defaultOptions as Record<string, unknown>), ...play.options }
    simulate(registered.game, options, bots, `describe-${game}-${i}`)
  }
  return offered
}

const BROKEN = /undefined|NaN|\[object Object\]|null/
const WRONG_ARTICLE = /\ba [AEIOUaeiou]/

describe("describeCommand", () => {
  for (const renderer of renderers) {
    it(`${renderer.id}: words for every command type of its schema, and for every command the bots were offered`, () => {
      const registered = findGame(renderer.id)
      if (!registered) throw new Error(`${renderer.id} is not registered`)
      const types = commandTypesOf(registered.game.schemas.command)
      expect(types.length).toBeGreaterThan(0)
      const names = namesFor(seatsOf(6))
      const offered = offeredCommands(renderer.id)
      const samples = SAMPLES[renderer.id] ?? []
      // A sample is a command the rules' schema accepts (a hand-written one could drift from the rules).
      for (const sample of samples)
        expect(
          () => Schema.decodeUnknownSync(registered.game.schemas.command)(sample),
          JSON.stringify(sample),
        ).not.toThrow()
      for (const type of types) {
        const commands = [...(offered.get(type) ?? []), ...samples.filter((s) => s.type === type)]
        expect(
          commands.length,
          `${renderer.id} ${type}: neither offered in a simulated game nor sampled`,
        ).toBeGreaterThan(0)
        for (const command of commands) {
          const said = renderer.describeCommand(command, names)
          const what = `${renderer.id} ${JSON.stringify(command)}: ${said}`
          expect(said.length, what).toBeGreaterThan(2)
          expect(said, what).not.toMatch(BROKEN)
          expect(said, what).not.toMatch(WRONG_ARTICLE)
        }
      }
      // And nothing beyond the schema: a describer's words are for this game's commands.
      for (const type of offered.keys()) expect(types).toContain(type)
    })
  }

  it("says a command in a few words", () => {
    expect(describeCommand("manhattan", SAMPLES.manhattan?.[1], seatsOf(2))).toBe(
      "pawn 2 by 3 squares anticlockwise from corner 16",
    )
    const seats = seatsOf(4)
    expect(describeCommand("downtown", { type: "CastVote", construction: "housing" }, seats)).toBe(
      "Housing vote",
    )
    expect(describeCommand("downtown", { type: "ChooseZone", zone: 7, spaces: 2 }, seats)).toBe(
      "zone 7 dial, 2 spaces",
    )
    expect(describeCommand("downtown", { type: "ChooseZone", zone: 7, spaces: 1 }, seats)).toBe(
      "zone 7 dial, 1 space",
    )
    expect(
      describeCommand(
        "manhattan",
        {
          type: "MovePawns",
          moves: [
            { pawn: 0, pips: 3, direction: "cw" },
            { pawn: 1, pips: 4, direction: "ccw" },
          ],
        },
        seats,
      ),
    ).toBe("pawn 1 by 3 squares clockwise and pawn 2 by 4 squares anticlockwise")
    expect(describeCommand("suburbia", { type: "BuyTile", slot: 1, q: 1, r: -2 }, seats)).toBe(
      "market slot 2 tile on hex (1, −2)",
    )
    expect(describeCommand("uptown", { type: "BuyCard", deck: 1 }, seats)).toBe("buy from Ben's deck")
    expect(describeCommand("urban-sprawl", { type: "OrderNext", seat: 2 }, seats)).toBe("Cy decides next")
  })

  it("falls back to the command's type in words, and never throws", () => {
    const seats = seatsOf(2)
    expect(describeCommand("downtown", { type: "CastVote" }, seats)).toBe("Cast vote")
    expect(describeCommand("downtown", { type: "NoSuchCommand", x: 1 }, seats)).toBe("No such command")
    expect(
      describeCommand("suburbia", { type: "BuyBasicTile", tile: "no-such-tile", q: 0, r: 0 }, seats),
    ).toBe("Buy basic tile")
    expect(describeCommand("no-such-game", { type: "MovePawns" }, seats)).toBe("Move pawns")
    expect(describeCommand("downtown", null, seats)).toBe("Command")
  })
})
