/**
 * Secret goals (rule text, set-up; design note A.1): the two goals a seat draws and the one it keeps never
 * reach another seat or a spectator before the end — not in a view, not in an event as redacted for them,
 * not in who owes a decision. The seed and PRNG state reach nobody, organisers included.
 */
import { describe, expect, it } from "vitest"
import { record, sealStream } from "../../fixture/record.js"
import type { Bot } from "../../kernel/bot.js"
import { opens } from "../../kernel/commitment.js"
import { redactEnvelope } from "../../kernel/envelope.js"
import type { Viewer } from "../../kernel/game.js"
import { findLeaks } from "../../kernel/secrecy.js"
import { heuristicBot, randomBot, suburbia } from "./index.js"
import type { State } from "./state.js"
import { ofType } from "./testing.js"

const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: "seat", seat })),
  { kind: "spectator" },
]
const seatOf = (viewer: Viewer): number | null => (viewer.kind === "seat" ? viewer.seat : null)
const bots = (seats: number): Bot[] =>
  Array.from({ length: seats }, (_, s) => (s % 2 ? heuristicBot : randomBot))

/** Goal ids and salts of seats other than the viewer's (drawn goals are never public goals: no false hits). */
const othersSecrets = (state: State, viewer: Viewer): string[] =>
  state.dealt.flatMap((d, seat) =>
    seat === seatOf(viewer) || !d ? [] : [...d.map((g) => `"${g}"`), state.kept[seat]?.salt ?? "no-salt"],
  )

describe("secret goals", () => {
  it("no view shows another seat's goals, their salts, the seed or the PRNG before the end", () => {
    for (const seats of [1, 2, 3, 4]) {
      const seed = `views-${seats}`
      const recording = record(suburbia, suburbia.defaultOptions, bots(seats), seed)
      let sealed = 0
      for (const append of recording.appends) {
        if (append.after.ended) continue
        const state = append.after.state as State
        for (const viewer of viewersOf(seats)) {
          const view = suburbia.view(state, viewer)
          const text = JSON.stringify(view)
          expect(text).not.toContain(seed)
          expect(text).not.toContain(state.rng.base)
          for (const secret of othersSecrets(state, viewer)) {
            sealed++
            expect(text).not.toContain(secret)
          }
          expect(view.secrets).toBeNull()
          const own = seatOf(viewer)
          if (own !== null)
            expect(view.mine).toEqual({
              seat: own,
              dealt: state.dealt[own],
              kept: state.kept[own]?.goal ?? null,
            })
        }
        const organiser = JSON.stringify(suburbia.view(state, { kind: "organiser" }))
        expect(organiser).not.toContain(seed)
        expect(organiser).not.toContain(state.rng.base)
      }
      if (seats > 1) expect(sealed).toBeGreaterThan(100)
    }
  })

  it("no event reaches another seat or a spectator with a goal, a salt, the causing command or the seed", () => {
    const seed = "events-secret"
    const recording = record(suburbia, suburbia.defaultOptions, bots(4), seed)
    const stream = sealStream("game-suburbia", recording.appends)
    const state = recording.match.state as State
    let checked = 0
    for (const viewer of viewersOf(4))
      for (const envelope of stream) {
        if (envelope.type === "GameEnded") continue
        const seen = redactEnvelope(suburbia, envelope, viewer, false)
        const text = JSON.stringify(seen)
        expect(text).not.toContain(seed)
        expect(text).not.toContain(state.rng.base)
        const secret = envelope.type === "GoalsDealt" || envelope.type === "GoalKept"
        const owner = envelope.data.seat as number
        if (secret && owner !== seatOf(viewer)) {
          checked++
          expect(seen.redacted).toBe(true)
          expect(seen.hash).toBe(envelope.hash)
          expect(seen.metadata).not.toHaveProperty("command")
          for (const goal of state.dealt[owner] ?? []) expect(text).not.toContain(`"${goal}"`)
          expect(text).not.toContain(state.kept[owner]?.salt as string)
          expect(Object.keys(seen.data).sort()).toEqual(
            envelope.type === "GoalKept" ? ["commitment", "seat"] : ["seat"],
          )
        }
        if (secret && owner === seatOf(viewer)) expect(seen.redacted).toBe(false)
      }
    expect(checked).toBe(4 * 2 * 3 + 2 * 4)
  })

  it("findLeaks does catch a view that shows others' kept goals (control)", () => {
    const peeking = {
      ...suburbia,
      view: (state: State, viewer: Viewer) => ({
        ...suburbia.view(state, viewer),
        peek: state.kept.map((k) => k?.goal),
      }),
    }
    const leaks = findLeaks(peeking, suburbia.defaultOptions, bots(3), "peek", { alternatives: 2 })
    expect(leaks.length).toBeGreaterThan(0)
    expect(leaks.every((l) => l.where === "view")).toBe(true)
  })

  it("the reveal opens every commitment, and the kept goal is what was scored", () => {
    const recording = record(suburbia, suburbia.defaultOptions, bots(3), "reveal")
    const events = recording.appends.flatMap((a) => a.events)
    const kept = ofType(events, "GoalKept")
    const [revealed] = ofType(events, "GoalsRevealed")
    expect(revealed?.reveals).toHaveLength(3)
    for (const k of kept) {
      const reveal = revealed?.reveals.find((r) => r.key === k.commitment.key)
      expect(reveal && opens(k.commitment, reveal)).toBe(true)
      expect(reveal?.value).toBe(k.goal)
    }
    const [scored] = ofType(events, "GoalsScored")
    expect(
      scored?.results
        .filter((r) => r.owner !== null)
        .map((r) => r.goal)
        .sort(),
    ).toEqual(kept.map((k) => k.goal).sort())
  })
})
