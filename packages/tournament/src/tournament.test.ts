import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import type { GameResultRecorded, TournamentCreated } from "./events.js"
import { foldTournament, type TournamentState } from "./fold.js"
import { leafHash, merkleRoot } from "./merkle.js"
import { pairNextRound, repeatMeetings } from "./pairing.js"
import { placementPoints, ranksWithForfeits } from "./scoring.js"
import { isSpecProblem, tournamentCreated } from "./spec.js"
import { ratingsOf, standingsOf } from "./standings.js"

const game = { seats: { min: 2, max: 6 }, bots: ["random", "heuristic"] }
const stamp = { actor: "organiser:test", at: "2026-01-01T00:00:00.000Z" }

const created = (
  n: number,
  format: "swiss" | "round-robin",
  tableSize = 4,
  rounds = 4,
): TournamentCreated => {
  const c = tournamentCreated(
    {
      tournamentId: "t1",
      name: "Test cup",
      game: "downtown",
      format,
      rounds,
      tableSize,
      pairingSeed: "seed-1",
      entrants: Array.from({ length: n }, (_, i) => ({ id: `e${i}`, plays: "builtin:random" })),
    },
    game,
    stamp,
  )
  if (isSpecProblem(c)) throw new Error(c.message)
  return c
}

/** Plays a whole tournament with results decided by entrant number (lower number wins), all pure. */
const run = (c: TournamentCreated) => {
  const events: unknown[] = [c]
  let s: TournamentState = foldTournament(events as never)
  const repeats: number[] = []
  for (let r = 1; r <= c.rounds; r++) {
    const p = pairNextRound(s)
    repeats.push(repeatMeetings(s, p))
    events.push({ type: "RoundPaired", ...p })
    for (const t of p.tables) {
      const strength = t.entrants.map((id) => Number(id.slice(1)))
      const ranks = strength.map((x) => 1 + strength.filter((y) => y < x).length)
      const result: GameResultRecorded = {
        type: "GameResultRecorded",
        round: r,
        table: t.table,
        gameId: t.gameId,
        ranks,
        scores: strength.map((x) => 100 - x),
        reason: "rules",
        forfeited: [],
        version: 10,
        head: "a".repeat(64),
      }
      events.push(result)
    }
    s = foldTournament(events as never)
  }
  return { s, repeats }
}

describe("pairing", () => {
  it("seats every entrant once per round, and is the same for the same seed", () => {
    const { s } = run(created(12, "swiss"))
    for (const r of s.rounds) {
      const seated = r.tables.flatMap((t) => t.entrants)
      expect(new Set(seated).size).toBe(12)
      expect(r.byes).toEqual([])
    }
    expect(run(created(12, "swiss")).s.rounds).toEqual(s.rounds)
  })

  it("round-robin brings 16 entrants at tables of 4 together without a repeat for 3 rounds", () => {
    const { repeats } = run(created(16, "round-robin", 4, 3))
    expect(repeats).toEqual([0, 0, 0])
  })

  it("repeats no more than it must: 12 at tables of 4 meet again 3 times in round 2 (pigeonhole)", () => {
    // Every table of round 2 draws 4 entrants from the 3 tables of round 1, so one pair meets again.
    const { repeats } = run(created(12, "round-robin", 4, 2))
    expect(repeats).toEqual([0, 3])
  })

  it("Swiss avoids repeat opponents while it can", () => {
    const { repeats } = run(created(16, "swiss", 4, 3))
    expect(repeats).toEqual([0, 0, 0])
  })

  it("gives byes when the field does not divide, never twice to one entrant before everyone had one", () => {
    const { s } = run(created(14, "swiss", 4, 7))
    const byes = s.rounds.flatMap((r) => r.byes)
    expect(s.rounds.every((r) => r.byes.length === 2)).toBe(true)
    expect(new Set(byes).size).toBe(byes.length)
  })
})

describe("standings and ratings", () => {
  it("rank the strongest first and put byes and points in the totals", () => {
    const { s } = run(created(14, "swiss", 4, 4))
    const st = standingsOf(s)
    expect(st[0]?.entrant).toBe("e0")
    expect(st[0]?.points).toBe(4)
    const ratings = ratingsOf(s)
    expect(ratings.history).toHaveLength(4)
    const r0 = ratings.current.get("e0")
    const r13 = ratings.current.get("e13")
    expect(r0 && r13 && r0.mu > r13.mu).toBe(true)
    expect(st.reduce((n, x) => n + x.byes, 0)).toBe(8)
  })

  it("points are the share of opponents beaten, ties half", () => {
    expect(placementPoints([1, 2, 3, 4])).toEqual([1, 2 / 3, 1 / 3, 0])
    expect(placementPoints([1, 1, 3])).toEqual([0.75, 0.75, 0])
    expect(ranksWithForfeits([1, 2, 3, 4], [0])).toEqual([4, 1, 2, 3])
  })
})

describe("spec", () => {
  it("names what is wrong", () => {
    const bad = (over: object) =>
      tournamentCreated(
        {
          tournamentId: "t",
          name: "x",
          game: "downtown",
          format: "swiss",
          tableSize: 4,
          pairingSeed: "s",
          entrants: [1, 2, 3, 4].map((i) => ({ id: `e${i}`, plays: "builtin:random" })),
          ...over,
        },
        game,
        stamp,
      )
    expect(bad({ tableSize: 7 })).toMatchObject({ rule: "tournament.table-size" })
    expect(bad({ entrants: [{ id: "a", plays: "builtin:random" }] })).toMatchObject({
      rule: "tournament.entrants",
    })
    expect(
      bad({ entrants: [1, 2, 3, 4].map((i) => ({ id: `e${i}`, plays: "builtin:nobody" })) }),
    ).toMatchObject({ rule: "tournament.entrant-plays" })
    expect(isSpecProblem(bad({}))).toBe(false)
  })
})

describe("Merkle root", () => {
  // An independent implementation of docs/audit.md, with node:crypto.
  const sha = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest()
  const leaf = (gameId: string, version: number, head: string) =>
    sha(Buffer.from([0]), Buffer.from(`{"gameId":"${gameId}","head":"${head}","version":${version}}`, "utf8"))
  const node = (a: Buffer, b: Buffer) => sha(Buffer.from([1]), a, b)
  const heads = [1, 2, 3].map((i) => ({ gameId: `g${i}`, version: 100 + i, head: String(i).repeat(64) }))

  it("matches the documented construction, odd node carried up", () => {
    const [a, b, c] = heads.map((h) => leaf(h.gameId, h.version, h.head)) as [Buffer, Buffer, Buffer]
    expect(leafHash(heads[0] as never)).toBe(a.toString("hex"))
    expect(merkleRoot(heads)).toBe(node(node(a, b), c).toString("hex"))
    expect(merkleRoot(heads.slice(0, 1))).toBe(a.toString("hex"))
  })

  it("changes when any head changes", () => {
    const changed = heads.map((h, i) => (i === 2 ? { ...h, head: "f".repeat(64) } : h))
    expect(merkleRoot(changed)).not.toBe(merkleRoot(heads))
  })
})
