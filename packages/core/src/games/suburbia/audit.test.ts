/**
 * The audit recomputes a game from its events alone (issue 7). A clean game passes; every kind of tampering
 * with a recorded change — an amount, a counted neighbour, a red line left out, a score — is caught.
 */
import { describe, expect, it } from "vitest"
import { simulate } from "../../kernel/simulate.js"
import { auditGame } from "./audit.js"
import type { Change, Event } from "./events.js"
import { heuristicBot, randomBot, suburbia } from "./index.js"

const game = (seed: string) =>
  simulate(suburbia, suburbia.defaultOptions, [heuristicBot, randomBot, heuristicBot], seed).events as Event[]

/** The events with one TilePlaced's changes rewritten. */
const tamper = (events: Event[], pick: (c: Change) => boolean, edit: (c: Change) => Change): Event[] => {
  let done = false
  return events.map((e) => {
    if (done || e.type !== "TilePlaced" || !e.changes.some(pick)) return e
    done = true
    return { ...e, changes: e.changes.map((c) => (pick(c) ? edit(c) : c)) }
  })
}

describe("audit", () => {
  it("a clean game checks out, and the audited tracks give GameEnded's scores", () => {
    const events = game("audit-clean")
    const report = auditGame(events)
    expect(report.problems).toEqual([])
    expect(report.changes).toBeGreaterThan(200)
    const ended = events.at(-1) as Extract<Event, { type: "GameEnded" }>
    expect(report.tracks.map((t) => t.population)).toEqual(ended.scores)
  })

  it("the audit finds a tampered event", () => {
    const events = game("audit-tamper")
    const isEffect = (c: Change) => c.cause.kind === "effect" && c.cause.count > 0 && c.stat === "reputation"
    // An amount that does not follow from the tile table.
    const amount = tamper(events, isEffect, (c) => ({ ...c, delta: c.delta + 1, value: c.value + 1 }))
    expect(auditGame(amount).problems.length).toBeGreaterThan(0)
    // A neighbour counted that is not adjacent: seat 0's Community Park answering seat 1's Heavy Factory (pid 5).
    const neighbour = tamper(
      events,
      (c) =>
        c.player === 0 &&
        c.cause.kind === "effect" &&
        c.cause.tile === "community-park" &&
        c.cause.of.length > 0,
      (c) => (c.cause.kind === "effect" ? { ...c, cause: { ...c.cause, of: c.cause.of.map(() => 5) } } : c),
    )
    expect(auditGame(neighbour).problems.length).toBeGreaterThan(0)
    // A red line crossed but left out.
    const line = events.map((e) =>
      e.type === "PopulationAdjusted"
        ? { ...e, changes: e.changes.filter((c) => c.cause.kind !== "red-line") }
        : e,
    )
    expect(auditGame(line).problems.some((p) => p.includes("red line"))).toBe(true)
    // A score that is not the population.
    const ended = events.at(-1) as Extract<Event, { type: "GameEnded" }>
    const score = [
      ...events.slice(0, -1),
      { ...ended, scores: ended.scores.map((s, i) => (i === 0 ? s + 1 : s)) },
    ]
    expect(auditGame(score as Event[]).problems.some((p) => p.includes("scores"))).toBe(true)
  })
})
