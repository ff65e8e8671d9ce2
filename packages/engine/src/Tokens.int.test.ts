import { EventStore } from "@boroughs/store"
import { testBackends } from "@boroughs/store/testing"
import { Effect, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateServer } from "./migrateServer.js"
import { withServerTables } from "./serverTables.js"
import { makeTokens, TOKEN_NAME, tokenHash } from "./Tokens.js"

for (const backend of testBackends()) {
  describe(`tokens on ${backend.name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<EventStore, unknown>
    let clock = Date.parse("2025-01-01T00:00:00Z")
    const tokens = () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        return yield* makeTokens(store, () => clock)
      })
    beforeAll(async () => {
      runtime = ManagedRuntime.make(backend.layer)
      // Migrating twice (a second replica starting) changes nothing.
      await runtime.runPromise(
        Effect.flatMap(EventStore, (s) => Effect.andThen(migrateServer(s.db), migrateServer(s.db))),
      )
    })
    afterAll(() => runtime.dispose())

    it("issues a secret once, stores only its hash, and verifies it as its principal", async () => {
      const { issued, principal, stored } = await runtime.runPromise(
        Effect.gen(function* () {
          const t = yield* tokens()
          const issued = yield* t.issue({ kind: "bot", name: "alpha" })
          const principal = yield* t.verify(issued.token)
          const store = yield* EventStore
          const stored = yield* Effect.promise(() =>
            withServerTables(store.db).selectFrom("srv_tokens").selectAll().execute(),
          )
          return { issued, principal, stored }
        }),
      )
      expect(principal).toEqual({ tokenId: issued.tokenId, kind: "bot", name: "alpha" })
      expect(issued.token).toMatch(/^brs_[A-Za-z0-9_-]{43}$/)
      expect(JSON.stringify(stored)).not.toContain(issued.token)
      expect(stored.find((r) => r.id === issued.tokenId)?.hash).toBe(tokenHash(issued.token))
    })

    it("refuses malformed, unknown, revoked and expired tokens, each with its reason, cached or not", async () => {
      const reasons = await runtime.runPromise(
        Effect.gen(function* () {
          const t = yield* tokens()
          const reason = (secret: string) =>
            Effect.match(t.verify(secret), {
              onSuccess: () => "accepted",
              onFailure: (e) => (e._tag === "TokenRejected" ? e.reason : e._tag),
            })
          const revoked = yield* t.issue({ kind: "player", name: "bob" })
          yield* t.verify(revoked.token) // cached as valid: the revocation must still win
          const revokedNow = yield* t.revoke(revoked.tokenId)
          const again = yield* t.revoke(revoked.tokenId)
          const expiring = yield* t.issue({
            kind: "player",
            name: "carol",
            expiresAt: new Date(clock + 60_000).toISOString(),
          })
          const before = yield* reason(expiring.token)
          // Accepted (and cached) a second before it expires, refused from that instant, cache or not.
          const soon = yield* t.issue({
            kind: "player",
            name: "dave",
            expiresAt: new Date(clock + 1_000).toISOString(),
          })
          const soonBefore = yield* reason(soon.token)
          clock += 2_000
          const soonAfter = yield* reason(soon.token)
          clock += 120_000
          return {
            malformed: yield* reason("short"),
            spaces: yield* reason("a token with spaces in it"),
            unknown: yield* reason("brs_not-a-token-this-server-issued-0000000000"),
            revoked: yield* reason(revoked.token),
            revokedNow,
            again,
            before,
            expired: yield* reason(expiring.token),
            soonBefore,
            soonAfter,
          }
        }),
      )
      expect(reasons).toEqual({
        malformed: "malformed",
        spaces: "malformed",
        unknown: "unknown",
        revoked: "revoked",
        revokedNow: true,
        again: false,
        before: "accepted",
        expired: "expired",
        soonBefore: "accepted",
        soonAfter: "expired",
      })
    })

    it("mints seat holders with random names, listed by kind and name", async () => {
      const { seats, listed, byName } = await runtime.runPromise(
        Effect.gen(function* () {
          const t = yield* tokens()
          const seats = [yield* t.issueSeat(), yield* t.issueSeat()]
          const listed = yield* t.list({ kind: "seat" })
          const byName = yield* t.list({ kind: "seat", name: seats[1]?.name as string })
          return { seats, listed, byName }
        }),
      )
      for (const seat of seats) {
        expect(seat.kind).toBe("seat")
        // 20 base32 characters: 100 random bits, a holder name like any other.
        expect(seat.name).toMatch(/^[a-z2-7]{20}$/)
        expect(seat.name).toMatch(TOKEN_NAME)
      }
      expect(seats[0]?.name).not.toBe(seats[1]?.name)
      expect(listed.every((t) => t.kind === "seat")).toBe(true)
      expect(listed.map((t) => t.tokenId)).toEqual(expect.arrayContaining(seats.map((s) => s.tokenId)))
      expect(byName.map((t) => t.tokenId)).toEqual([seats[1]?.tokenId])
    })

    it("registers an operator's secret once", async () => {
      const [a, b] = await runtime.runPromise(
        Effect.gen(function* () {
          const t = yield* tokens()
          const a = yield* t.register({
            kind: "organiser",
            name: "admin",
            secret: "operator-secret-0123456789",
          })
          const b = yield* t.register({
            kind: "organiser",
            name: "admin",
            secret: "operator-secret-0123456789",
          })
          return [a, b]
        }),
      )
      expect(a.tokenId).toBe(b.tokenId)
    })

    it("registers one secret from two replicas starting at once without failing either", async () => {
      const secret = "operator-secret-raced-0123456789"
      const both = await runtime.runPromise(
        Effect.gen(function* () {
          const t = yield* tokens()
          const u = yield* tokens()
          return yield* Effect.all(
            [
              t.register({ kind: "organiser", name: "a", secret }),
              u.register({ kind: "organiser", name: "b", secret }),
            ],
            { concurrency: 2 },
          )
        }),
      )
      expect(both[0].tokenId).toBe(both[1].tokenId)
    })
  })
}
