import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { hashOf } from "./canonical.js"
import { commit, opens, saltFor, unrecorded } from "./commitment.js"

describe("commit / opens", () => {
  const seed = "a-secret-seed"
  const { commitment, salt } = commit(seed, "vote/r3/z14/s2", { zone: 14, frame: "B" })
  const reveal = { key: "vote/r3/z14/s2", value: { zone: 14, frame: "B" }, salt }

  it("the reveal of the committed value and salt opens the commitment", () => {
    expect(opens(commitment, reveal)).toBe(true)
  })

  it("the commitment is SHA-256 over canonical {key, salt, value}, so key order inside the value does not matter", () => {
    expect(commitment).toEqual({
      key: reveal.key,
      hash: hashOf({ key: reveal.key, salt, value: reveal.value }),
    })
    expect(opens(commitment, { ...reveal, value: { frame: "B", zone: 14 } })).toBe(true)
  })

  it("pins the bytes: salt and hash of a known commitment never change (exports from before stay verifiable)", () => {
    expect(salt).toBe("5cb70c5cdbf76ca50465e041fa5eea84")
    expect(commitment.hash).toBe("e48eb5287486befeba80efb0367b7a3f08086b9e342828faf39e44de1177a26a")
  })

  it("a changed value does not open it", () => {
    expect(opens(commitment, { ...reveal, value: { zone: 15, frame: "B" } })).toBe(false)
    expect(opens(commitment, { ...reveal, value: { zone: "14", frame: "B" } })).toBe(false)
  })

  it("a changed salt does not open it", () => {
    expect(opens(commitment, { ...reveal, salt: saltFor(seed, "another/key") })).toBe(false)
    expect(
      opens(commitment, { ...reveal, salt: `${salt.slice(0, -1)}${salt.endsWith("0") ? "1" : "0"}` }),
    ).toBe(false)
  })

  it("a reveal under another key does not open it, even with a matching hash input", () => {
    expect(opens(commitment, { ...reveal, key: "vote/r3/z14/s3" })).toBe(false)
  })

  it("salts are 128-bit hex, stable per (seed, key), and differ across keys and seeds", () => {
    expect(salt).toMatch(/^[0-9a-f]{32}$/)
    expect(saltFor(seed, "vote/r3/z14/s2")).toBe(salt)
    expect(saltFor(seed, "vote/r3/z14/s3")).not.toBe(salt)
    expect(saltFor("another-seed", "vote/r3/z14/s2")).not.toBe(salt)
  })

  it("property: for any JSON value, the reveal opens; any other value does not", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.jsonValue(), fc.jsonValue(), (s, key, value, other) => {
        const c = commit(s, key, value)
        expect(opens(c.commitment, { key, value, salt: c.salt })).toBe(true)
        if (hashOf(other) !== hashOf(value))
          expect(opens(c.commitment, { key, value: other, salt: c.salt })).toBe(false)
      }),
      { numRuns: 200 },
    )
  })
})

describe("unrecorded", () => {
  it("leaves commitments empty only while its function runs, even when that throws", () => {
    expect(unrecorded(() => commit("s", "k", 1))).toEqual({ commitment: { key: "k", hash: "" }, salt: "" })
    expect(() =>
      unrecorded(() => {
        throw new Error("boom")
      }),
    ).toThrow("boom")
    expect(commit("s", "k", 1)).toEqual({
      commitment: { key: "k", hash: hashOf({ key: "k", salt: saltFor("s", "k"), value: 1 }) },
      salt: saltFor("s", "k"),
    })
  })
})
