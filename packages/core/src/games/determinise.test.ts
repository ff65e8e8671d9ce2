import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { canonicalJson } from "../kernel/canonical.js"
import { play, start } from "../kernel/match.js"
import { Random } from "../kernel/random.js"
import { type State as DowntownState, downtown } from "./downtown/index.js"

/**
 * The determinisation contract (GameDefinition.determinise) — a sample made from a seat's view shows that
 * seat exactly that view, offers it exactly the same legal commands and reads nothing but the view — is the
 * conformance suite's, for every game (games/conformance.test.ts). Here: what a sample guesses and keeps.
 */
describe("determinise: a sample consistent with one seat's view", () => {
  it("Downtown: hidden cards and dials of other seats are sampled, the viewer's own are kept", () => {
    const started = start(downtown, undefined, 4, "hidden")
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    let match = started.success.match
    const random = Random.fromKey("hidden")
    // Play until seat 0 alone still owes its dial: the others' dials are in and secret.
    for (let i = 0; i < 2_000 && !match.ended; i++) {
      const state = match.state as DowntownState
      const owing = downtown.pending(state).map((d) => d.seat)
      if (state.step.kind === "dials" && owing.length === 1 && owing[0] === 0) break
      const seat = state.step.kind === "dials" ? (owing.find((s) => s !== 0) ?? owing[0]) : owing[0]
      if (seat === undefined) break
      const played = play(match, seat, random.pick(downtown.legalCommands(state, seat)))
      if (Result.isFailure(played)) throw new Error(played.failure.message)
      match = played.success.match
    }
    const view = downtown.view(match.state as DowntownState, { kind: "seat", seat: 1 })
    expect(view.mine?.choice).not.toBeNull()
    const seen = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const sample = downtown.determinise?.(view, Random.fromKey(`s${i}`))
      expect(sample?.choices[1]?.value).toEqual(view.mine?.choice)
      expect(sample?.choices[0]).toBeNull()
      seen.add(canonicalJson(sample?.choices[2]?.value))
    }
    // Seat 2's dial is a guess: the samples do not all agree on it.
    expect(seen.size).toBeGreaterThan(1)
  })
})
