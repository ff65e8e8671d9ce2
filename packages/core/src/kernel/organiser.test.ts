import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { bluffDice } from "../fixture/bluff-dice/index.js"
import type { EventEnvelope } from "./envelope.js"
import { redactEnvelope } from "./envelope.js"
import { apply, start } from "./match.js"
import { type EventAnnotated, isOrganiserEvent, type SeatForfeited, type SeatNamed } from "./organiser.js"

const stamp = { actor: "organiser:ada", at: "2026-01-01T00:00:00.000Z", reason: "test" }
const envelope = (data: object, type: string): EventEnvelope => ({
  streamId: "game-g",
  version: 9,
  eventId: "e",
  type,
  schemaVersion: 1,
  data: data as Record<string, unknown>,
  metadata: { commandId: "c", command: { type: "AnnotateEvent" } },
  prevHash: "0".repeat(64),
  hash: "1".repeat(64),
})

describe("organiser events", () => {
  const started = start(bluffDice, { rounds: 2, sides: 6 }, 3, "s")
  if (Result.isFailure(started)) throw new Error("setup")
  const match = started.success.match

  it("are counted as versions but never reach the game's rules", () => {
    const forfeit: SeatForfeited = { type: "SeatForfeited", seat: 1, ...stamp }
    const after = apply(match, forfeit)
    expect(isOrganiserEvent(forfeit)).toBe(true)
    expect(after.events).toBe(match.events + 1)
    expect(after.state).toBe(match.state)
  })

  it("include a seat's new name: counted, public, and never seen by the rules", () => {
    const named: SeatNamed = { type: "SeatNamed", seat: 2, name: "Ann", ...stamp, actor: "seat:k3x9" }
    expect(isOrganiserEvent(named)).toBe(true)
    const after = apply(match, named)
    expect(after.events).toBe(match.events + 1)
    expect(after.state).toBe(match.state)
    const { type: _t, ...data } = named
    const e = { ...envelope(data, "SeatNamed"), metadata: { commandId: "c", command: { type: "NameSeat" } } }
    for (const viewer of [{ kind: "seat", seat: 0 }, { kind: "spectator" }] as const) {
      const seen = redactEnvelope(bluffDice, e, viewer, false)
      expect(seen.redacted).toBe(false)
      expect(seen.data).toMatchObject({ seat: 2, name: "Ann", actor: "seat:k3x9" })
    }
  })

  it("are public, but an organisers' note is kept from seats and spectators until the end", () => {
    const note: EventAnnotated = {
      type: "EventAnnotated",
      version: 3,
      note: "seat 2 asked for a ruling",
      audience: "organisers",
      ...stamp,
    }
    const e = envelope({ ...note, type: undefined }, "EventAnnotated")
    const { type: _t, ...data } = note
    const full = { ...e, data }
    const seen = redactEnvelope(bluffDice, full, { kind: "seat", seat: 0 }, false)
    expect(seen.redacted).toBe(true)
    expect(seen.data).not.toHaveProperty("note")
    expect(seen.data).not.toHaveProperty("reason")
    expect(seen.data).toMatchObject({ version: 3, audience: "organisers" })
    expect(seen.metadata).not.toHaveProperty("command")
    expect(redactEnvelope(bluffDice, full, { kind: "organiser" }, false).data).toHaveProperty("note")
    expect(redactEnvelope(bluffDice, full, { kind: "spectator" }, true).data).toHaveProperty("note")
    const pub = { ...full, data: { ...data, audience: "all" } }
    expect(redactEnvelope(bluffDice, pub, { kind: "spectator" }, false).redacted).toBe(false)
    const paused = envelope(stamp, "GamePaused")
    expect(redactEnvelope(bluffDice, paused, { kind: "spectator" }, false).redacted).toBe(false)
  })
})
