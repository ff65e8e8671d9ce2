import { describe, expect, it } from "vitest"
import { commandOutcome, newCommandId, raceWords } from "./playCommand"

describe("a command's answer", () => {
  it("sorts what the server answered into what the page does", () => {
    expect(commandOutcome(200, { duplicate: false, version: 9 })).toEqual({
      kind: "accepted",
      duplicate: false,
    })
    expect(commandOutcome(200, { duplicate: true })).toEqual({ kind: "accepted", duplicate: true })
    const conflict = (reason: string) => ({ _tag: "Conflict", reason, message: "m" })
    expect(commandOutcome(409, conflict("stale-version"))).toEqual({ kind: "stale" })
    expect(commandOutcome(409, conflict("contention"))).toEqual({ kind: "stale" })
    expect(commandOutcome(409, conflict("game-ended"))).toEqual({ kind: "ended" })
    const violation = (rule: string) => ({
      _tag: "RuleViolation",
      rule,
      message: "no frame of that shape left",
    })
    expect(commandOutcome(422, violation("kernel.not-your-decision"))).toEqual({ kind: "elsewhere" })
    expect(commandOutcome(422, violation("kernel.game-over"))).toEqual({ kind: "ended" })
    expect(commandOutcome(422, violation("downtown.vote.no-frame-left"))).toEqual({
      kind: "refused",
      rule: "downtown.vote.no-frame-left",
      message: "no frame of that shape left",
    })
    expect(
      commandOutcome(401, { _tag: "Unauthorized", reason: "revoked", message: "token revoked" }),
    ).toEqual({
      kind: "revoked",
      message: "token revoked",
    })
    expect(commandOutcome(429, { _tag: "RateLimited", retryAfterMs: 1500 })).toEqual({
      kind: "slow-down",
      retryAfterMs: 1500,
    })
    expect(
      commandOutcome(502, { _tag: "ServerError", message: "the game server cannot be reached" }),
    ).toEqual({
      kind: "failed",
      message: "the game server cannot be reached",
    })
    expect(commandOutcome(500, null)).toEqual({ kind: "failed", message: "the server answered 500" })
  })

  it("says a lost race in words: choose again, or it was played already", () => {
    expect(raceWords({ kind: "stale" }, true)).toContain("choose")
    expect(raceWords({ kind: "stale" }, false)).toContain("Already played in another tab")
    expect(raceWords({ kind: "elsewhere" }, false)).toContain("Already played in another tab")
    expect(raceWords({ kind: "ended" }, false)).toContain("ended")
    expect(raceWords({ kind: "slow-down", retryAfterMs: 1200 }, true)).toContain("2 s")
    expect(raceWords({ kind: "accepted", duplicate: false }, false)).toBeNull()
    expect(raceWords({ kind: "refused", rule: "r", message: "m" }, true)).toBeNull()
  })

  it("makes a new command id each time, with or without randomUUID", () => {
    const withUuid = newCommandId(globalThis.crypto)
    expect(withUuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(newCommandId(globalThis.crypto)).not.toBe(withUuid)
    const plain = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) }
    const hex = newCommandId(plain as Pick<Crypto, "getRandomValues">)
    expect(hex).toMatch(/^[0-9a-f]{32}$/)
    expect(newCommandId(plain as Pick<Crypto, "getRandomValues">)).not.toBe(hex)
  })
})
