import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { BluffDiceCommand } from "../fixture/bluff-dice/commands.js"
import { bluffDice, middleBot } from "../fixture/bluff-dice/index.js"
import { type BluffDiceState, bidKey } from "../fixture/bluff-dice/state.js"
import type { BluffDiceView } from "../fixture/bluff-dice/view.js"
import { type Bot, type BotTurn, randomBot } from "./bot.js"
import { canonicalJson } from "./canonical.js"
import { commit } from "./commitment.js"
import type { Seat } from "./game.js"
import { replay } from "./match.js"
import { botRandom, simulate } from "./simulate.js"

const OPTIONS = { rounds: 3, sides: 6 }

describe("simulate", () => {
  it("plays a whole game; its events replay to its match and its commands are one per decision", () => {
    const sim = simulate(bluffDice, OPTIONS, [randomBot(), middleBot, randomBot()], "sim")
    expect(sim.match.ended?.reason).toBe("rules")
    expect(replay(bluffDice, sim.events)).toEqual(sim.match)
    expect(sim.commands).toHaveLength(3 * 3 + 2)
    expect(sim.events.at(-1)?.type).toBe("GameEnded")
  })

  it("without keepEvents it plays the same game and keeps no events", () => {
    const bots = [randomBot(), randomBot()]
    const kept = simulate(bluffDice, OPTIONS, bots, "lean")
    const lean = simulate(bluffDice, OPTIONS, bots, "lean", { keepEvents: false })
    expect(lean.events).toEqual([])
    expect(lean.match).toEqual(kept.match)
    expect(canonicalJson(lean.commands)).toBe(canonicalJson(kept.commands))
  })

  it("with commitments: false it plays the same game, hashing no secret choice", () => {
    const bots = [randomBot(), randomBot()]
    const kept = simulate(bluffDice, OPTIONS, bots, "unhashed")
    const lean = simulate(bluffDice, OPTIONS, bots, "unhashed", { keepEvents: false, commitments: false })
    expect(canonicalJson(lean.commands)).toBe(canonicalJson(kept.commands))
    expect(lean.match.ended).toEqual(kept.match.ended)
    const sealed = (lean.match.state as BluffDiceState).sealed.flatMap((b) => (b ? [b] : []))
    expect(sealed.length).toBeGreaterThan(0)
    for (const b of sealed) expect([b.commitment.hash, b.salt]).toEqual(["", ""])
    // Only a lean playout may skip them: events without commitments are never handed out.
    expect(() => simulate(bluffDice, OPTIONS, bots, "unhashed", { commitments: false })).toThrow(
      "commitments: false needs keepEvents: false",
    )
    // And the mode ends with the playout: the next recorded game commits as before.
    expect(canonicalJson(simulate(bluffDice, OPTIONS, bots, "unhashed").events)).toBe(
      canonicalJson(kept.events),
    )
  })

  it("shows each bot its own seat's view, the legal commands, and its own random stream only", () => {
    const turns: Array<BotTurn<BluffDiceView, BluffDiceCommand>> = []
    const spy: Bot<BluffDiceView, BluffDiceCommand> = {
      name: "spy",
      choose: (turn) => {
        turns.push(turn)
        return turn.legal[0] as BluffDiceCommand
      },
    }
    simulate(bluffDice, OPTIONS, [spy, spy, spy], "spy")
    expect(turns.length).toBe(11)
    for (const { seat, view, legal } of turns) {
      expect(view.you).toBe(seat)
      if (view.phase === "bidding")
        view.bids.forEach((bid, other) => {
          if (other !== seat) expect(bid).toBeNull()
        })
      expect(legal.length).toBeGreaterThan(0)
    }
    const streams = new Set(turns.map((t) => t.random))
    expect(streams.size).toBe(3)
    expect(botRandom("spy", 1).int(0, 1e9)).toBe(botRandom("spy", 1).int(0, 1e9))
    expect(botRandom("spy", 1).int(0, 1e9)).not.toBe(botRandom("spy", 2).int(0, 1e9))
  })

  it("builds no view for a bot that ignores it (the uniform bot), and its seat's view for any other", () => {
    let views = 0
    const counted = {
      ...bluffDice,
      view: (state: BluffDiceState, viewer: Parameters<typeof bluffDice.view>[1]) => {
        views++
        return bluffDice.view(state, viewer)
      },
    }
    simulate(counted, OPTIONS, [randomBot(), randomBot()], "views")
    expect(views).toBe(0)
    const seen: Array<{ seat: Seat; view: BluffDiceView | undefined }> = []
    const reader: Bot<BluffDiceView, BluffDiceCommand> = {
      name: "reader",
      choose: ({ seat, view, legal }) => {
        seen.push({ seat, view })
        return legal[0] as BluffDiceCommand
      },
    }
    const sim = simulate(counted, OPTIONS, [reader, randomBot()], "views")
    expect(seen.length).toBeGreaterThan(0)
    expect(views).toBe(seen.length)
    for (const { seat, view } of seen) expect(view?.you).toBe(seat)
    expect(sim.commands.filter((c) => c.seat === 0)).toHaveLength(seen.length)
  })

  it("builds only the picked command for a bot that picks by index in a game that counts its legal commands", () => {
    let built = 0
    let decisions = 0
    const counted = {
      ...bluffDice,
      legalByIndex: (state: BluffDiceState, seat: Seat) => {
        decisions++
        const legal = bluffDice.legalCommands(state, seat)
        return {
          count: legal.length,
          at: (i: number) => {
            built++
            return legal[i] as BluffDiceCommand
          },
        }
      },
    }
    const bots = [randomBot(), randomBot(), randomBot()]
    const listed = simulate(bluffDice, OPTIONS, bots, "by-index")
    const picked = simulate(counted, OPTIONS, bots, "by-index")
    // The same index `Random.pick` draws over the list: the same game, byte for byte.
    expect(canonicalJson(picked.events)).toBe(canonicalJson(listed.events))
    expect(canonicalJson(picked.commands)).toBe(canonicalJson(listed.commands))
    expect(decisions).toBe(picked.commands.length)
    expect(built).toBe(picked.commands.length)
    // A bot without pickIndex is shown the whole list, as before.
    const first: Bot = { name: "first", choose: ({ legal }) => legal[0] as BluffDiceCommand }
    decisions = 0
    simulate(counted, OPTIONS, [first, first], "by-index")
    expect(decisions).toBe(0)
    // An index out of range is the bot's bug, named.
    const wild: Bot = { ...randomBot(), name: "wild", pickIndex: (count) => count }
    expect(() => simulate(counted, OPTIONS, [wild, wild], "by-index")).toThrow(
      /wild picked index \d+ of \d+ legal commands/,
    )
  })

  it("skips a seat whose decision an earlier move in the same sweep settled", () => {
    // A variant where the first bid of a round seals the same bid for the whole table.
    const tableBid = {
      ...bluffDice,
      decide: (state: BluffDiceState, seat: Seat, command: BluffDiceCommand) =>
        command.type !== "CommitBid"
          ? bluffDice.decide(state, seat, command)
          : Result.succeed(
              state.sealed.flatMap((s, other) =>
                s === null
                  ? [
                      {
                        type: "BidCommitted" as const,
                        round: state.round,
                        seat: other,
                        bid: command.bid,
                        ...commit(state.seed, bidKey(state.round, other), command.bid),
                      },
                    ]
                  : [],
              ),
            ),
    }
    const sim = simulate(tableBid, OPTIONS, [randomBot(), randomBot(), randomBot()], "table")
    expect(sim.match.ended).not.toBeNull()
    expect(sim.commands.filter((c) => c.command.type === "CommitBid")).toHaveLength(3)
  })

  it("throws, naming the rule, when the rules refuse what a bot played", () => {
    const cheat: Bot = { name: "cheat", choose: () => ({ type: "CommitBid", bid: 99 }) }
    expect(() => simulate(bluffDice, OPTIONS, [cheat, cheat], "cheat")).toThrow(
      /bluff-dice: cheat played .* refused: bluff-dice.bid.no-such-face/,
    )
  })

  it("throws when the game outlasts maxCommands, when nobody owes a decision, or when the setup is refused", () => {
    expect(() =>
      simulate(bluffDice, { rounds: 20, sides: 6 }, [randomBot(), randomBot()], "long", { maxCommands: 5 }),
    ).toThrow("bluff-dice: no end after 5 commands")
    const stuck = { ...bluffDice, pending: () => [] }
    expect(() => simulate(stuck, OPTIONS, [randomBot(), randomBot()], "stuck")).toThrow(
      "nobody owes a decision but the game has not ended",
    )
    const noMoves = { ...bluffDice, legalCommands: () => [] }
    expect(() => simulate(noMoves, OPTIONS, [randomBot(), randomBot()], "none")).toThrow(
      "has no legal command",
    )
    expect(() => simulate(bluffDice, OPTIONS, [randomBot()], "alone")).toThrow("kernel.setup.seat-count")
  })
})
