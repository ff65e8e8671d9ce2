import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { BluffDiceEvent } from "../fixture/bluff-dice/events.js"
import { bluffDice } from "../fixture/bluff-dice/index.js"
import type { BluffDiceState } from "../fixture/bluff-dice/state.js"
import { type Recording, record, sealStream } from "../fixture/record.js"
import { randomBot } from "./bot.js"
import { sha256Hex } from "./canonical.js"
import { redactEnvelope } from "./envelope.js"
import type { Viewer } from "./game.js"
import type { Match } from "./match.js"
import { findLeaks } from "./secrecy.js"

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

  it("property: nobody else can tell which bid a seat sealed — findLeaks tries every other bid and sees no difference", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const bots = Array.from({ length: setup.seats }, () => randomBot())
        expect(findLeaks(bluffDice, setup.options, bots, setup.seed, { alternatives: 20 })).toEqual([])
      }),
      { numRuns: 60 },
    )
  })
})

describe("findLeaks", () => {
  const bots = [randomBot(), randomBot(), randomBot()]
  const options = { rounds: 2, sides: 6 }

  it("catches a view that shows others' sealed bids", () => {
    const peeking = {
      ...bluffDice,
      view: (state: BluffDiceState, viewer: Viewer) => ({
        ...bluffDice.view(state, viewer),
        bids: state.sealed.map((s) => s?.bid ?? null),
      }),
    }
    const leaks = findLeaks(peeking, options, bots, "peek")
    expect(leaks.length).toBeGreaterThan(0)
    expect(leaks.every((l) => l.where === "view")).toBe(true)
    expect(leaks.some((l) => l.viewer.kind === "spectator")).toBe(true)
  })

  it("catches a redacted form that hints at the bid", () => {
    const hinting = {
      ...bluffDice,
      visibility: (e: BluffDiceEvent) => {
        const vis = bluffDice.visibility(e)
        return vis === "all" || e.type !== "BidCommitted"
          ? vis
          : { ...vis, redacted: { ...vis.redacted, high: e.bid > 3 } }
      },
    }
    const leaks = findLeaks(hinting as typeof bluffDice, options, bots, "hint")
    expect(leaks.length).toBeGreaterThan(0)
    expect(leaks.every((l) => l.where === "events")).toBe(true)
  })

  it("catches a secret that changes who owes a decision", () => {
    // Listing the seats in another order once somebody bid 1 tells everybody that somebody did.
    const telling = {
      ...bluffDice,
      pending: (state: BluffDiceState) => {
        const pending = bluffDice.pending(state)
        return state.sealed.some((s) => s?.bid === 1) ? [...pending].reverse() : pending
      },
    }
    expect(findLeaks(telling, options, bots, "order").some((l) => l.where === "pending")).toBe(true)
  })
})
