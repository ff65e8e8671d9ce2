/**
 * Secret votes and dials (design note, Decisions; ARCHITECTURE.md §5): before the reveal, no other seat and
 * no spectator can see a card or a dial — not in its view, not in the events as redacted for it.
 */
import { describe, expect, it } from "vitest"
import { record, sealStream } from "../../fixture/record.js"
import type { Bot } from "../../kernel/bot.js"
import { redactEnvelope } from "../../kernel/envelope.js"
import type { Viewer } from "../../kernel/game.js"
import { findLeaks } from "../../kernel/secrecy.js"
import { downtown, heuristicBot, randomBot } from "./index.js"
import type { State } from "./state.js"

const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: "seat", seat })),
  { kind: "spectator" },
]
const seatOf = (viewer: Viewer): number | null => (viewer.kind === "seat" ? viewer.seat : null)

/** Salts of sealed, unrevealed cards and dials of seats other than the viewer's. */
const othersSalts = (state: State, viewer: Viewer): string[] => [
  ...state.votes.flatMap((v, seat) => (v && seat !== seatOf(viewer) ? [v.salt] : [])),
  ...state.choices.flatMap((c, seat) => (c && seat !== seatOf(viewer) ? [c.salt] : [])),
]

const bots = (seats: number, heuristic: boolean): Bot[] =>
  Array.from({ length: seats }, (_, s) => (heuristic && s % 2 === 0 ? heuristicBot : randomBot))

describe("secret votes and dials", () => {
  it("no view shows another seat's card or dial, its salt, the seed or the PRNG before the end", () => {
    for (const [seats, seed] of [
      [3, "secrets-a"],
      [4, "secrets-b"],
      [6, "secrets-c"],
    ] as const) {
      const recording = record(downtown, { variant: "standard" }, bots(seats, true), seed)
      let sealed = 0
      for (const append of recording.appends) {
        if (append.after.ended) continue
        const state = append.after.state as State
        for (const viewer of viewersOf(seats)) {
          const view = downtown.view(state, viewer)
          const text = JSON.stringify(view)
          expect(text).not.toContain(seed)
          expect(text).not.toContain(state.rng.base)
          for (const salt of othersSalts(state, viewer)) {
            sealed++
            expect(text).not.toContain(salt)
          }
          expect(view.secrets).toBeNull()
          const own = seatOf(viewer)
          if (own !== null) {
            expect(view.mine?.vote).toBe(state.votes[own]?.value ?? null)
            expect(view.mine?.choice).toEqual(state.choices[own]?.value ?? null)
          }
        }
        const organiser = downtown.view(state, { kind: "organiser" })
        expect(organiser.secrets?.votes).toEqual(state.votes.map((v) => v?.value ?? null))
      }
      expect(sealed).toBeGreaterThan(0)
    }
  })

  it("no event reaches another seat or a spectator with a card, a dial, a salt, the causing command or the seed", () => {
    const seed = "secrets-events"
    const recording = record(downtown, { variant: "standard" }, bots(4, false), seed)
    const stream = sealStream("game-downtown", recording.appends)
    const rngBase = (recording.match.state as State).rng.base
    let checked = 0
    for (const viewer of viewersOf(4))
      for (const envelope of stream) {
        if (envelope.type === "GameEnded") continue
        const seen = redactEnvelope(downtown, envelope, viewer, false)
        const text = JSON.stringify(seen)
        expect(text).not.toContain(seed)
        expect(text).not.toContain(rngBase)
        const secret = envelope.type === "VoteCast" || envelope.type === "ZoneChosen"
        if (secret && envelope.data.seat !== seatOf(viewer)) {
          checked++
          expect(seen.redacted).toBe(true)
          expect(seen.hash).toBe(envelope.hash)
          expect(seen.metadata).not.toHaveProperty("command")
          expect(text).not.toContain(envelope.data.salt as string)
          expect(Object.keys(seen.data).sort()).toEqual(
            envelope.type === "VoteCast"
              ? ["commitment", "round", "seat", "zone"]
              : ["commitment", "round", "seat"],
          )
        }
        if (secret && envelope.data.seat === seatOf(viewer)) expect(seen.redacted).toBe(false)
      }
    expect(checked).toBeGreaterThan(100)
    // Organisers see everything; everyone does once the game has ended.
    const vote = stream.find((e) => e.type === "VoteCast")
    if (!vote) throw new Error("no vote")
    expect(redactEnvelope(downtown, vote, { kind: "organiser" }, false).redacted).toBe(false)
    expect(redactEnvelope(downtown, vote, { kind: "spectator" }, true).redacted).toBe(false)
  })

  it("findLeaks does catch a view that shows others' cards (control)", () => {
    const peeking = {
      ...downtown,
      view: (state: State, viewer: Viewer) => ({
        ...downtown.view(state, viewer),
        peek: state.votes.map((v) => v?.value ?? null),
      }),
    }
    const leaks = findLeaks(peeking, { variant: "standard" }, bots(3, false), "peek", { alternatives: 2 })
    expect(leaks.length).toBeGreaterThan(0)
    expect(leaks.every((l) => l.where === "view")).toBe(true)
  })
})
