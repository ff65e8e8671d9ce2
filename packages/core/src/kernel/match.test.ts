import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bluffDice, middleBot } from "../fixture/bluff-dice/index.js"
import type { BluffDiceState } from "../fixture/bluff-dice/state.js"
import { eventsOf, record } from "../fixture/record.js"
import { randomBot } from "./bot.js"
import { canonicalJson } from "./canonical.js"
import type { GameEnded, GameStarted, Typed } from "./game.js"
import {
  adjudicate,
  effectiveViewer,
  type Match,
  outcomeProblem,
  owes,
  play,
  replay,
  seatDecision,
  seedCommitment,
  start,
  viewOf,
} from "./match.js"
import { simulate } from "./simulate.js"
import type { RuleViolation } from "./violation.js"

const OPTIONS = { rounds: 2, sides: 6 }

const unwrap = <A>(result: Result.Result<A, RuleViolation>): A => {
  if (Result.isFailure(result)) throw new Error(`${result.failure.rule}: ${result.failure.message}`)
  return result.success
}
const ruleOf = (result: Result.Result<unknown, RuleViolation>): string | null =>
  Result.isFailure(result) ? result.failure.rule : null
const stateOf = (match: Match) => match.state as BluffDiceState
const opened = (seats = 3, seed = "match-tests") => unwrap(start(bluffDice, OPTIONS, seats, seed))

/** Every seat bids `bid`; returns the match and the events of the last bid's append. */
const everyoneBids = (match: Match, bid: number) => {
  let events: ReadonlyArray<Typed> = []
  for (let seat = 0; seat < stateOf(match).seats; seat++)
    ({ match, events } = unwrap(play(match, seat, { type: "CommitBid", bid })))
  return { match, events }
}

describe("start", () => {
  it.each([0, 1, 6, 2.5, Number.NaN])("refuses %s seats: kernel.setup.seat-count", (seats) => {
    const result = start(bluffDice, OPTIONS, seats, "s")
    expect(ruleOf(result)).toBe("kernel.setup.seat-count")
    if (Result.isFailure(result)) expect(result.failure.message).toContain("2–5 seats")
  })

  it.each([
    [{ rounds: 0, sides: 6 }],
    [{ rounds: 2.5, sides: 6 }],
    [{ rounds: 3, sides: 7 }],
    [{ sides: 6 }],
    ["three rounds"],
  ])("refuses options the game's schema rejects (%j): kernel.setup.options", (options) => {
    const result = start(bluffDice, options, 3, "s")
    expect(ruleOf(result)).toBe("kernel.setup.options")
    if (Result.isFailure(result)) expect(result.failure.message).toMatch(/^bluff-dice options: /)
  })

  it("refuses options that do not fit the seat count with the game's own rule", () => {
    expect(ruleOf(start(bluffDice, { rounds: 3, sides: 4 }, 5, "s"))).toBe("bluff-dice.setup.too-few-faces")
    expect(ruleOf(start(bluffDice, { rounds: 3, sides: 4 }, 4, "s"))).toBeNull()
  })

  it("uses the game's default options when none are given, and stores decoded options only", () => {
    const byDefault = unwrap(start(bluffDice, undefined, 2, "s")).events[0] as GameStarted
    expect(byDefault.options).toEqual(bluffDice.defaultOptions)
    const extra = unwrap(start(bluffDice, { ...OPTIONS, cheat: true }, 2, "s")).events[0] as GameStarted
    expect(extra.options).toEqual(OPTIONS)
  })

  it("opens with GameStarted (seed and its commitment), the setup draws, then waits for every seat", () => {
    const { match, events } = opened(3, "seed-7")
    expect(events[0]).toEqual({
      type: "GameStarted",
      game: "bluff-dice",
      rulesVersion: 1,
      options: OPTIONS,
      seats: 3,
      seed: "seed-7",
      seedCommitment: seedCommitment("seed-7"),
    })
    expect(events.map((e) => e.type)).toEqual(["GameStarted", "FirstLeaderDrawn"])
    expect(match).toMatchObject({ seed: "seed-7", ended: null, events: 2 })
    expect([0, 1, 2].map((seat) => owes(match, seat))).toEqual([true, true, true])
  })

  it("folds a setup that leaves GameStarted out without losing its first draw", () => {
    const forgetful = { ...bluffDice, setup: (s: GameStarted) => bluffDice.setup(s as never).slice(1) }
    expect(unwrap(start(forgetful, OPTIONS, 3, "s")).events).toEqual(opened(3, "s").events)
  })
})

describe("play", () => {
  it("refuses a seat that owes nothing: kernel.not-your-decision", () => {
    const { match } = opened()
    const afterBid = unwrap(play(match, 1, { type: "CommitBid", bid: 3 })).match
    expect(ruleOf(play(afterBid, 1, { type: "CommitBid", bid: 4 }))).toBe("kernel.not-your-decision")
    expect(ruleOf(play(match, 3, { type: "CommitBid", bid: 4 }))).toBe("kernel.not-your-decision")
    expect(ruleOf(play(match, -1, { type: "CommitBid", bid: 4 }))).toBe("kernel.not-your-decision")
    const choosing = everyoneBids(match, 3).match
    const winner = stateOf(choosing).winner as number
    const loser = (winner + 1) % 3
    expect(ruleOf(play(choosing, loser, { type: "ChooseLeader", leader: loser }))).toBe(
      "kernel.not-your-decision",
    )
  })

  it("passes the game's own violations through", () => {
    const { match } = opened()
    expect(ruleOf(play(match, 0, { type: "CommitBid", bid: 0 }))).toBe("bluff-dice.bid.no-such-face")
    expect(ruleOf(play(match, 0, { type: "ChooseLeader", leader: 1 }))).toBe("bluff-dice.leader.not-choosing")
    expect(ruleOf(play(match, 0, { type: "Cheat" }))).toBe("bluff-dice.command.unknown")
  })

  it("returns only the new events: a sealed bid alone, or the last bid with the automatic steps it sets off", () => {
    const { match } = opened()
    expect(unwrap(play(match, 0, { type: "CommitBid", bid: 3 })).events.map((e) => e.type)).toEqual([
      "BidCommitted",
    ])
    expect(everyoneBids(match, 3).events.map((e) => e.type)).toEqual([
      "BidCommitted",
      "BidsRevealed",
      "DieRolled",
      "RoundScored",
    ])
  })

  it("never changes the match it is given, accepted or refused", () => {
    const { match } = opened()
    const before = canonicalJson({ ...match, game: null })
    play(match, 0, { type: "CommitBid", bid: 3 })
    play(match, 0, { type: "CommitBid", bid: 99 })
    expect(canonicalJson({ ...match, game: null })).toBe(before)
  })

  it("appends GameEnded once, with the outcome and the seed, when the rules end the game; then refuses: kernel.game-over", () => {
    let { match } = opened(3, "to-the-end")
    match = everyoneBids(match, 2).match
    const winner = stateOf(match).winner as number
    match = unwrap(play(match, winner, { type: "ChooseLeader", leader: winner })).match
    const last = everyoneBids(match, 2)
    // Equal bids score equally every round: every seat shares rank 1.
    const scores = stateOf(last.match).scores
    const ended: GameEnded = {
      type: "GameEnded",
      ranks: [1, 1, 1],
      scores,
      seed: "to-the-end",
      reason: "rules",
    }
    expect(last.events.at(-1)).toEqual(ended)
    expect(last.events.filter((e) => e.type === "GameEnded")).toHaveLength(1)
    expect(last.match.ended).toEqual(ended)
    for (const seat of [0, 1, 2]) {
      expect(owes(last.match, seat)).toBe(false)
      expect(ruleOf(play(last.match, seat, { type: "CommitBid", bid: 1 }))).toBe("kernel.game-over")
    }
  })

  it("refuses to store a half-settled game when advance never settles", () => {
    const looping = { ...bluffDice, id: "looping", advance: () => [{ type: "DieRolled", round: 1, roll: 1 }] }
    expect(() => start(looping, OPTIONS, 2, "s")).toThrow(
      "looping: advance still emits events after 10000 steps",
    )
  })
})

describe("replay", () => {
  const recording = record(
    bluffDice,
    { rounds: 3, sides: 6 },
    [randomBot(), randomBot(), middleBot],
    "replay",
  )

  it("folds the events of a played game to the very match play produced", () => {
    expect(replay(bluffDice, eventsOf(recording))).toEqual(recording.match)
  })

  it("folds every prefix to the match after that append, whose version counts the events so far", () => {
    const events: Typed[] = []
    for (const append of recording.appends) {
      events.push(...append.events)
      expect(replay(bluffDice, events)).toEqual(append.after)
      expect(append.after.events).toBe(events.length)
    }
  })

  it("needs GameStarted first", () => {
    expect(() => replay(bluffDice, eventsOf(recording).slice(1))).toThrow(
      "the first event must be GameStarted",
    )
  })
})

describe("adjudicate, owes and views", () => {
  it("refuses an outcome that is not one the rules could give, naming what is wrong", () => {
    const { match } = opened(2, "ruled")
    const problem = (ranks: number[], scores: number[], seats = 2) => {
      const r = adjudicate(match, { ranks, scores }, seats)
      return Result.isFailure(r) ? `${r.failure.rule}: ${r.failure.message}` : null
    }
    expect(problem([1, 2], [1, 0])).toBeNull()
    expect(problem([1, 1], [0, 0])).toBeNull()
    expect(problem([1], [1])).toMatch(
      /^kernel.adjudicate.outcome: .*each of the 2 seats \(got 1 ranks, 1 scores\)/,
    )
    expect(problem([1, 2, 3], [3, 2, 1])).toMatch(/each of the 2 seats/)
    expect(problem([2, 2], [0, 0])).toMatch(
      /seat 0 has rank 2, but 0 seats rank ahead of it: its rank must be 1/,
    )
    expect(problem([1, 3], [1, 0])).toMatch(
      /seat 1 has rank 3, but 1 seat rank ahead of it: its rank must be 2/,
    )
    expect(problem([1, 1.5], [1, 0])).toMatch(/seat 1 has rank 1.5/)
    expect(problem([1, 2], [1, Number.NaN])).toMatch(/seat 1's score is not a number/)
    expect(outcomeProblem({ ranks: [2, 1, 2], scores: [4, 7.5, 4] }, 3)).toBeNull()
    expect(outcomeProblem({ ranks: [1, 1, 3], scores: [4, 4, 1] }, 3)).toBeNull()
    expect(outcomeProblem({ ranks: [1, 1, 2], scores: [4, 4, 1] }, 3)).toMatch(/seat 2 has rank 2/)
  })

  it("an organiser's ruling ends the game with the seed; play is refused and replay agrees", () => {
    const { match, events } = opened(2, "ruled")
    const ruled = unwrap(adjudicate(match, { ranks: [1, 2], scores: [1, 0] }, 2))
    expect(ruleOf(adjudicate(ruled.match, { ranks: [1, 2], scores: [1, 0] }, 2))).toBe("kernel.game-over")
    expect(ruleOf(adjudicate(match, { ranks: [1, 2], scores: [1] }, 2))).toBe("kernel.adjudicate.outcome")
    expect(ruled.event).toEqual({
      type: "GameEnded",
      ranks: [1, 2],
      scores: [1, 0],
      seed: "ruled",
      reason: "adjudicated",
    })
    expect(ruleOf(play(ruled.match, 0, { type: "CommitBid", bid: 1 }))).toBe("kernel.game-over")
    expect(replay(bluffDice, [...events, ruled.event])).toEqual(ruled.match)
  })

  it("a seat's view shows only its own sealed bid until the end, then everybody sees everything", () => {
    let { match } = opened(2, "views")
    match = unwrap(play(match, 0, { type: "CommitBid", bid: 4 })).match
    expect((viewOf(match, { kind: "seat", seat: 0 }) as { bids: unknown }).bids).toEqual([4, null])
    expect((viewOf(match, { kind: "seat", seat: 1 }) as { bids: unknown }).bids).toEqual([null, null])
    expect((viewOf(match, { kind: "spectator" }) as { bids: unknown }).bids).toEqual([null, null])
    expect((viewOf(match, { kind: "organiser" }) as { bids: unknown }).bids).toEqual([4, null])
    expect(effectiveViewer(match, { kind: "spectator" })).toEqual({ kind: "spectator" })
    const ended = unwrap(adjudicate(match, { ranks: [1, 1], scores: [0, 0] }, 2)).match
    expect(effectiveViewer(ended, { kind: "spectator" })).toEqual({ kind: "organiser" })
    expect((viewOf(ended, { kind: "seat", seat: 1 }) as { bids: unknown }).bids).toEqual([4, null])
  })
})

describe("determinism", () => {
  it("property: the same seed and bots give byte-identical events; another seed gives other events", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.string({ minLength: 1 }), (seats, seed) => {
        const bots = Array.from({ length: seats }, () => randomBot())
        const options = { rounds: 3, sides: 6 }
        const a = canonicalJson(simulate(bluffDice, options, bots, seed).events)
        expect(canonicalJson(simulate(bluffDice, options, bots, seed).events)).toBe(a)
        expect(canonicalJson(simulate(bluffDice, options, bots, `${seed}'`).events)).not.toBe(a)
      }),
      { numRuns: 40 },
    )
  })
})

describe("seatDecision", () => {
  it("gives a seat that owes a decision its own view and legal commands; others nothing to choose", () => {
    const { match } = unwrap(start(bluffDice, OPTIONS, 3, "decisions"))
    const owed = bluffDice.pending(match.state as BluffDiceState)
    const owing = owed[0]?.seat as number
    const asked = seatDecision(match, owing)
    expect(asked.decision).toBe(owed[0]?.kind)
    expect(asked.legal).toEqual(bluffDice.legalCommands(match.state as BluffDiceState, owing))
    expect(asked.view).toEqual(viewOf(match, { kind: "seat", seat: owing }))
    for (let seat = 0; seat < 3; seat++)
      if (!owed.some((d) => d.seat === seat))
        expect(seatDecision(match, seat)).toMatchObject({ decision: null, legal: [] })
    const ended = simulate(bluffDice, OPTIONS, [randomBot(), randomBot(), randomBot()], "decisions").match
    expect(seatDecision(ended, owing)).toMatchObject({ decision: null, legal: [] })
  })
})
