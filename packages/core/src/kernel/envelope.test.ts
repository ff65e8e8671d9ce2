import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { bluffDice } from "../fixture/bluff-dice/index.js"
import { type Append, record, rehash, sealStream } from "../fixture/record.js"
import { randomBot } from "./bot.js"
import { canonicalJson, sha256Hex } from "./canonical.js"
import { opens } from "./commitment.js"
import {
  commitmentsOf,
  type EventEnvelope,
  envelopeHash,
  envelopeHashOf,
  GENESIS_HASH,
  redactEnvelope,
  toData,
  toEvent,
  verifyChain,
} from "./envelope.js"
import type { Viewer } from "./game.js"

const bots = [randomBot(), randomBot(), randomBot()]
const recording = record(bluffDice, { rounds: 2, sides: 6 }, bots, "envelope-tests")
const stream = sealStream("game-1", recording.appends)
const seat = (s: number): Viewer => ({ kind: "seat", seat: s })
const spectator: Viewer = { kind: "spectator" }
const organiser: Viewer = { kind: "organiser" }

/** The first sealed bid's envelope and the seat that sealed it. */
const sealedBid = stream.find((e) => e.type === "BidCommitted") as EventEnvelope
const bidder = sealedBid.data.seat as number
const other = (bidder + 1) % 3
const replaceAt = (envelopes: EventEnvelope[], i: number, e: EventEnvelope): EventEnvelope[] =>
  envelopes.map((x, j) => (j === i ? e : x))

describe("envelopeHash", () => {
  it("is SHA-256 of prevHash followed by the canonical envelope without its hash", () => {
    const { hash, ...rest } = stream[1] as EventEnvelope
    const { prevHash, ...body } = rest
    expect(hash).toBe(envelopeHash(rest))
    expect(hash).toBe(sha256Hex(prevHash + canonicalJson(body)))
  })

  it("property: envelopeHashOf, from data and metadata already canonical, is the definition's hash", () => {
    const json = fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue())
    fc.assert(
      fc.property(
        fc.record({
          streamId: fc.string({ unit: "binary" }),
          version: fc.nat(),
          eventId: fc.uuid(),
          type: fc.string({ unit: "binary" }),
          schemaVersion: fc.integer({ min: 1, max: 9 }),
          data: json,
          metadata: json,
          prevHash: fc.constantFrom(GENESIS_HASH, "ab".repeat(32)),
        }),
        (e) => {
          const { prevHash, ...body } = e
          const definition = sha256Hex(prevHash + canonicalJson(body))
          expect(envelopeHashOf(e, canonicalJson(e.data), canonicalJson(e.metadata))).toBe(definition)
          expect(envelopeHash(e)).toBe(definition)
        },
      ),
      { numRuns: 500 },
    )
  })

  it("covers every field: changing any one changes the hash", () => {
    const e = stream[2] as EventEnvelope
    const changes: Array<Partial<EventEnvelope>> = [
      { streamId: "game-2" },
      { version: 4 },
      { eventId: "other" },
      { type: "Other" },
      { schemaVersion: 2 },
      { data: { ...e.data, round: 9 } },
      { metadata: { ...e.metadata, actor: "someone" } },
      { prevHash: GENESIS_HASH },
    ]
    for (const change of changes) expect(envelopeHash({ ...e, ...change })).not.toBe(e.hash)
  })

  it("does not depend on key order inside data and metadata", () => {
    const e = stream[2] as EventEnvelope
    const reversed = (o: object) => Object.fromEntries(Object.entries(o).reverse())
    expect(envelopeHash({ ...e, data: reversed(e.data), metadata: reversed(e.metadata) })).toBe(e.hash)
  })

  it("toData and toEvent split and join an event losslessly", () => {
    for (const event of recording.appends.flatMap((a) => a.events))
      expect(toEvent(toData(event))).toEqual(event)
  })
})

describe("verifyChain", () => {
  it("accepts an untouched stream, and an empty one", () => {
    expect(verifyChain(stream)).toBeNull()
    expect(verifyChain([])).toBeNull()
  })

  it("names tampered data: the changed version, problem 'hash'", () => {
    const i = stream.indexOf(sealedBid)
    const tampered = replaceAt(stream, i, { ...sealedBid, data: { ...sealedBid.data, bid: 7 } })
    expect(verifyChain(tampered)).toMatchObject({ version: i + 1, problem: "hash" })
    expect(verifyChain(tampered)?.message).toContain(`version ${i + 1} was changed`)
  })

  it("names tampered metadata the same way", () => {
    const tampered = replaceAt(stream, 0, { ...(stream[0] as EventEnvelope), metadata: { actor: "mallory" } })
    expect(verifyChain(tampered)).toMatchObject({ version: 1, problem: "hash" })
  })

  it("names a dropped event: the version after the gap, problem 'version-gap'", () => {
    const dropped = stream.filter((_, i) => i !== 4)
    expect(verifyChain(dropped)).toMatchObject({ version: 6, problem: "version-gap" })
    expect(verifyChain(dropped)?.message).toBe("expected version 5, found 6")
  })

  it("names a dropped event even when the versions are renumbered: the next link breaks ('prev-hash')", () => {
    const dropped = stream.filter((_, i) => i !== 4).map((e, i) => (i >= 4 ? { ...e, version: i + 1 } : e))
    expect(verifyChain(dropped)).toMatchObject({ version: 5, problem: "prev-hash" })
  })

  it("names reordered events ('version-gap' at the first out-of-place event)", () => {
    const swapped = replaceAt(replaceAt(stream, 3, stream[4] as EventEnvelope), 4, stream[3] as EventEnvelope)
    expect(verifyChain(swapped)).toMatchObject({ version: 5, problem: "version-gap" })
  })

  it("names reordered events whose versions were swapped back: their links break ('prev-hash')", () => {
    const a = stream[3] as EventEnvelope
    const b = stream[4] as EventEnvelope
    const swapped = replaceAt(replaceAt(stream, 3, { ...b, version: 4 }), 4, { ...a, version: 5 })
    expect(verifyChain(swapped)).toMatchObject({ version: 4, problem: "prev-hash" })
  })

  it("names a forged prevHash, even when the forger rehashes that one event", () => {
    const e = stream[5] as EventEnvelope
    const forged = { ...e, prevHash: sha256Hex("forged") }
    expect(verifyChain(replaceAt(stream, 5, forged))).toMatchObject({ version: 6, problem: "prev-hash" })
    const rehashed = { ...forged, hash: envelopeHash(forged) }
    expect(verifyChain(replaceAt(stream, 5, rehashed))).toMatchObject({ version: 6, problem: "prev-hash" })
    const first = { ...(stream[0] as EventEnvelope), prevHash: sha256Hex("forged") }
    expect(verifyChain(replaceAt(stream, 0, first))).toMatchObject({ version: 1, problem: "prev-hash" })
  })

  it("names an event from another stream ('stream-id')", () => {
    const foreign = { ...(stream[2] as EventEnvelope), streamId: "game-2" }
    expect(verifyChain(replaceAt(stream, 2, foreign))).toMatchObject({ version: 3, problem: "stream-id" })
  })

  it("limit: a forger who rehashes the whole tail passes; only a trusted head hash catches it", () => {
    const i = stream.indexOf(sealedBid)
    const forged = rehash(replaceAt(stream, i, { ...sealedBid, data: { ...sealedBid.data, bid: 7 } }), i)
    expect(verifyChain(forged)).toBeNull()
    expect(forged.at(-1)?.hash).not.toBe(stream.at(-1)?.hash)
    // Truncation is the same case: a prefix of a valid chain is a valid chain.
    expect(verifyChain(stream.slice(0, 5))).toBeNull()
  })
})

describe("redactEnvelope", () => {
  const view = (e: EventEnvelope, v: Viewer, ended = false) => redactEnvelope(bluffDice, e, v, ended)

  it("the seat a private event names sees it whole, the causing command included", () => {
    const mine = view(sealedBid, seat(bidder))
    expect(mine).toEqual({ ...sealedBid, redacted: false })
    expect(mine.metadata.command).toEqual({ type: "CommitBid", bid: sealedBid.data.bid })
  })

  it("another seat and a spectator get the redacted form: no bid, no salt, no command; the commitment and hash stay", () => {
    for (const viewer of [seat(other), spectator]) {
      const theirs = view(sealedBid, viewer)
      expect(theirs.redacted).toBe(true)
      expect(theirs.type).toBe("BidCommitted")
      expect(theirs.data).toEqual({
        round: sealedBid.data.round,
        seat: bidder,
        commitment: sealedBid.data.commitment,
      })
      expect(theirs.metadata).not.toHaveProperty("command")
      expect(theirs.metadata).toMatchObject({ commandId: sealedBid.metadata.commandId, seat: bidder })
      expect(theirs.hash).toBe(sealedBid.hash)
      expect(theirs.prevHash).toBe(sealedBid.prevHash)
      expect(JSON.stringify(theirs)).not.toContain(sealedBid.data.salt as string)
    }
  })

  it("GameStarted hides the seed from every seat and spectator, and keeps the seed commitment", () => {
    const started = stream[0] as EventEnvelope
    for (const viewer of [seat(0), seat(1), spectator, organiser]) {
      const seen = view(started, viewer)
      expect(seen.data).not.toHaveProperty("seed")
      expect(seen.data.seedCommitment).toBe(started.data.seedCommitment)
      expect(JSON.stringify(seen)).not.toContain("envelope-tests")
    }
  })

  it("organisers see every event whole but the seed, which would predict every future draw", () => {
    for (const e of stream.slice(1)) expect(view(e, organiser)).toEqual({ ...e, redacted: false })
  })

  it("after the end everybody sees every event whole, so anyone can verify the chain", () => {
    for (const viewer of [seat(other), spectator]) {
      const seen = stream.map((e) => view(e, viewer, true))
      expect(seen.every((e) => !e.redacted)).toBe(true)
      expect(verifyChain(seen)).toBeNull()
    }
  })

  it("before the end a viewer's stream does not verify: redacted data keeps the full event's hash", () => {
    const seen = stream.map((e) => view(e, spectator))
    expect(verifyChain(seen)).toMatchObject({ version: 1, problem: "hash" })
  })

  it("public events, and the commands that caused them, reach everybody", () => {
    const chosen = stream.find((e) => e.type === "LeaderChosen") as EventEnvelope
    expect(view(chosen, spectator)).toEqual({ ...chosen, redacted: false })
    expect(view(chosen, spectator).metadata.command).toMatchObject({ type: "ChooseLeader" })
  })

  it("GameEnded is public without asking the game, whose visibility does not know the kernel's event", () => {
    const strict = {
      ...bluffDice,
      visibility: (e: { type: string }) => {
        if (e.type === "GameEnded") throw new Error("unknown event")
        return "all" as const
      },
    }
    const ended = stream.at(-1) as EventEnvelope
    expect(ended.type).toBe("GameEnded")
    expect(redactEnvelope(strict, ended, spectator, false)).toEqual({ ...ended, redacted: false })
  })

  it("an event whose redacted form is null reaches others as its type and hash only", () => {
    const secretive = { ...bluffDice, visibility: () => ({ seats: [0], redacted: null }) }
    const seen = redactEnvelope(secretive, stream[3] as EventEnvelope, spectator, false)
    expect(seen).toMatchObject({ type: (stream[3] as EventEnvelope).type, data: {}, redacted: true })
    expect(seen.hash).toBe((stream[3] as EventEnvelope).hash)
  })
})

describe("commitmentsOf: the audit's view of a whole game", () => {
  it("reads the top-level commitment of a private event and the reveals of a reveal event", () => {
    const bid = recording.appends.flatMap((a) => a.events).find((e) => e.type === "BidCommitted")
    expect(commitmentsOf(bid as never)).toEqual({
      commits: [(bid as never as { commitment: unknown }).commitment],
      reveals: [],
    })
    expect(commitmentsOf({ type: "DieRolled" })).toEqual({ commits: [], reveals: [] })
  })

  it("every commitment is revealed later in the stream, and every reveal opens it", () => {
    const commits = new Map<string, { hash: string; at: number }>()
    const appends: ReadonlyArray<Append> = recording.appends
    let at = 0
    let revealed = 0
    for (const event of appends.flatMap((a) => a.events)) {
      at++
      const { commits: cs, reveals } = commitmentsOf(event)
      for (const c of cs) commits.set(c.key, { hash: c.hash, at })
      for (const r of reveals) {
        const c = commits.get(r.key)
        expect(c, `reveal of ${r.key} without an earlier commitment`).toBeDefined()
        expect(opens({ key: r.key, hash: c!.hash }, r)).toBe(true)
        revealed++
      }
    }
    expect(commits.size).toBe(6)
    expect(revealed).toBe(commits.size)
  })
})
