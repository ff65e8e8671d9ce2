import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CommitBid } from "../fixture/bluff-dice/commands.js"
import type { BidCommittedRedacted } from "../fixture/bluff-dice/events.js"
import { bluffDice } from "../fixture/bluff-dice/index.js"
import type { BluffDiceState } from "../fixture/bluff-dice/state.js"
import type { BluffDiceView } from "../fixture/bluff-dice/view.js"
import { type Append, type Recording, record, sealStream } from "../fixture/record.js"
import { randomBot } from "./bot.js"
import { sha256Hex } from "./canonical.js"
import { redactEnvelope } from "./envelope.js"
import type { Viewer } from "./game.js"
import { type Match, play } from "./match.js"

/** Random Bluff Dice setups: any seat count, any die large enough for it, a few rounds, an unguessable seed. */
const setups = fc
  .record({
    seats: fc.integer({ min: 2, max: 5 }),
    sides: fc.constantFrom(4, 6, 8, 10, 12, 20),
    rounds: fc.integer({ min: 1, max: 4 }),
    n: fc.nat(),
  })
  .filter(({ seats, sides }) => sides >= seats)
  .map(({ seats, sides, rounds, n }) => ({
    seats,
    options: { rounds, sides },
    seed: sha256Hex(`secrecy/${n}`),
  }))

const play1 = (setup: { seats: number; options: unknown; seed: string }): Recording =>
  record(
    bluffDice,
    setup.options,
    Array.from({ length: setup.seats }, () => randomBot()),
    setup.seed,
  )

const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: "seat", seat })),
  { kind: "spectator" },
]
const seatOf = (viewer: Viewer): number | null => (viewer.kind === "seat" ? viewer.seat : null)
const stateOf = (match: Match) => match.state as BluffDiceState

/** The secrets of other seats at this point: their sealed, unrevealed bids' salts. */
const othersSalts = (state: BluffDiceState, viewer: Viewer): string[] =>
  state.bids !== null
    ? []
    : state.sealed.flatMap((s, seat) => (s !== null && seat !== seatOf(viewer) ? [s.salt] : []))

/** What others receive of a sealed bid, minus the commitment's hash. */
const redactedWithoutHash = (event: unknown) => {
  const visibility = bluffDice.visibility(event as never)
  if (visibility === "all") return event
  const { commitment, ...rest } = visibility.redacted as BidCommittedRedacted
  return { ...rest, commitmentKey: commitment.key }
}

describe("secrets stay secret (random Bluff Dice games)", () => {
  it("property: no view shows another seat's sealed bid, its salt, the seed or the PRNG base before the end", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const recording = play1(setup)
        for (const append of recording.appends) {
          const { after } = append
          if (after.ended) continue
          const state = stateOf(after)
          for (const viewer of viewersOf(setup.seats)) {
            const view = bluffDice.view(state, viewer)
            const text = JSON.stringify(view)
            expect(text).not.toContain(setup.seed)
            expect(text).not.toContain(state.rng.base)
            for (const salt of othersSalts(state, viewer)) expect(text).not.toContain(salt)
            if (state.bids === null)
              view.bids.forEach((bid, seat) => {
                if (seat !== seatOf(viewer)) expect(bid).toBeNull()
              })
          }
        }
      }),
      { numRuns: 150 },
    )
  })

  it("property: no event reaches another seat or a spectator with a bid, a salt, the causing command or the seed", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const recording = play1(setup)
        const stream = sealStream("game-secrecy", recording.appends)
        const rngBase = stateOf(recording.match).rng.base
        for (const viewer of viewersOf(setup.seats))
          for (const envelope of stream) {
            if (envelope.type === "GameEnded") continue
            const seen = redactEnvelope(bluffDice, envelope, viewer, false)
            const text = JSON.stringify(seen)
            expect(text).not.toContain(setup.seed)
            expect(text).not.toContain(rngBase)
            if (envelope.type === "BidCommitted" && envelope.data.seat !== seatOf(viewer)) {
              expect(seen.redacted).toBe(true)
              expect(Object.keys(seen.data).sort()).toEqual(["commitment", "round", "seat"])
              expect(seen.metadata).not.toHaveProperty("command")
              expect(text).not.toContain(envelope.data.salt as string)
              expect(seen.hash).toBe(envelope.hash)
            }
          }
      }),
      { numRuns: 150 },
    )
  })

  it("property: nobody else can tell which bid a seat sealed — other views and redacted events are identical for any other bid", () => {
    fc.assert(
      fc.property(setups, fc.nat(), (setup, pick) => {
        const recording = play1(setup)
        // Bids that do not complete the round (so nothing is revealed yet) are the ones that must not show.
        const sealedAlone = recording.appends.filter(
          (a): a is Append & { before: Match } =>
            a.played?.command.type === "CommitBid" && a.events.length === 1 && a.before !== null,
        )
        for (const append of sealedAlone) {
          const { seat, command } = append.played!
          const bid = (command as CommitBid).bid
          const sides = stateOf(append.before).options.sides
          const other = ((bid - 1 + 1 + (pick % (sides - 1))) % sides) + 1 // any face but `bid`
          const alt = play(append.before, seat, { type: "CommitBid", bid: other })
          if (Result.isFailure(alt)) throw new Error(alt.failure.message)
          for (const viewer of viewersOf(setup.seats)) {
            if (seatOf(viewer) === seat) continue
            const seenViews = [append.after, alt.success.match].map((m) => bluffDice.view(stateOf(m), viewer))
            expect(seenViews[1] as BluffDiceView).toEqual(seenViews[0])
            // The commitment hash differs, as it must; everything else others receive is the same.
            const [real, fake] = [append.events[0], alt.success.events[0]].map(redactedWithoutHash)
            expect(fake).toEqual(real)
          }
          expect(bluffDice.pending(stateOf(alt.success.match))).toEqual(
            bluffDice.pending(stateOf(append.after)),
          )
        }
      }),
      { numRuns: 100 },
    )
  })
})
