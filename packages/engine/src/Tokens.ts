import { sha256Hex } from "@boroughs/core"
import { EventStore, type StoreError } from "@boroughs/store"
import { Cache, Clock, Context, Data, Duration, Effect, Exit, Layer } from "effect"
import { queryFailure } from "./internal/queryFailure.js"
import { isoOf, withServerTables } from "./serverTables.js"

/**
 * Organisers create games and tokens and see everything; bots and players act for the seats they hold; a
 * seat token (an invitation, a guest's own seat) acts for the one seat of one game its holder was given.
 */
export type TokenKind = "organiser" | "bot" | "player" | "seat"

/** Who a verified token speaks for. */
export interface Principal {
  readonly tokenId: string
  readonly kind: TokenKind
  readonly name: string
}

/** A token as listed: never its secret (which is not stored) nor its hash. */
export interface TokenInfo extends Principal {
  readonly createdAt: string
  readonly expiresAt: string | null
  readonly revokedAt: string | null
}

/** A token just issued: the secret is shown this once. */
export interface IssuedToken extends TokenInfo {
  readonly token: string
}

/** Why a token was refused (401 on the wire). */
export class TokenRejected extends Data.TaggedError("TokenRejected")<{
  readonly reason: "malformed" | "unknown" | "revoked" | "expired"
  readonly message: string
}> {}

/**
 * The seat-holder name a token acts as in a game's settings: `bot:<name>`, `player:<name>`, `seat:<name>`.
 */
export const holderOf = (p: Pick<Principal, "kind" | "name">): string => `${p.kind}:${p.name}`

/** Names of token holders: what may follow `bot:`, `player:` or `seat:` in a game's seats. */
export const TOKEN_NAME = /^[a-z0-9][a-z0-9_.-]{0,39}$/

/** Lower-case base32: 5 bits a character, every one a TOKEN_NAME character. */
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567"

/**
 * A new seat holder's name: 20 random base32 characters (100 bits), so that no two seats of any games ever
 * share a holder and a seat token acts for its one seat only. Only the server mints them (a game's creator
 * cannot name a `seat:` holder), each with its token.
 */
export const newSeatName = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(20)), (b) => BASE32[b & 31]).join("")

const TOKEN_SHAPE = /^[\x21-\x7e]{16,256}$/

/** How long a verified token is trusted without asking the database again (revocation elsewhere lags this much). */
const CACHE_MS = 5_000

/** Verifications remembered; the least recently used are asked again. */
const CACHE_CAPACITY = 10_000

/** `base` telling the time by `now`, so the cache's time-to-live runs on the clock token expiry is judged by. */
const clockAt = (now: () => number, base: Clock.Clock): Clock.Clock => ({
  currentTimeMillisUnsafe: now,
  currentTimeMillis: Effect.sync(now),
  currentTimeNanosUnsafe: () => BigInt(now()) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => BigInt(now()) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => base.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: base.monotonicTimeNanos,
  sleep: (duration) => base.sleep(duration),
})

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")

const randomPart = (n: number): string => base64url(globalThis.crypto.getRandomValues(new Uint8Array(n)))

/** SHA-256 of a token secret: what the table stores and looks up. */
export const tokenHash = (secret: string): string => sha256Hex(`boroughs/token/${secret}`)

type Row = {
  readonly id: string
  readonly kind: string
  readonly name: string
  readonly created_at: string | Date
  readonly expires_at: string | Date | null
  readonly revoked_at: string | Date | null
}

const infoOf = (row: Row): TokenInfo => ({
  tokenId: row.id,
  kind: row.kind as TokenKind,
  name: row.name,
  createdAt: isoOf(row.created_at),
  expiresAt: row.expires_at === null ? null : isoOf(row.expires_at),
  revokedAt: row.revoked_at === null ? null : isoOf(row.revoked_at),
})

/**
 * Tokens (ARCHITECTURE.md §6): random secrets stored only as SHA-256 hashes in `srv_tokens`. Verification
 * is cached briefly per process; a revocation on this process takes effect at once, on others within
 * `CACHE_MS`.
 */
export const makeTokens = Effect.fnUntraced(function* (
  store: EventStore["Service"],
  now: () => number = Date.now,
) {
  const db = withServerTables(store.db)

  const insert = (hash: string, kind: TokenKind, name: string, expiresAt: string | null) =>
    Effect.tryPromise({
      try: async () => {
        const row = {
          id: `tok_${randomPart(9)}`,
          hash,
          kind,
          name,
          created_at: new Date(now()).toISOString(),
          expires_at: expiresAt,
          revoked_at: null,
        }
        await db.insertInto("srv_tokens").values(row).execute()
        return infoOf(row)
      },
      catch: queryFailure(`issuing a ${kind} token`),
    })

  /** A new token; its secret is returned once and never stored. */
  const issue = (input: { kind: TokenKind; name: string; expiresAt?: string | null }) =>
    Effect.gen(function* () {
      const token = `brs_${randomPart(32)}`
      const info = yield* insert(tokenHash(token), input.kind, input.name, input.expiresAt ?? null)
      return { ...info, token } satisfies IssuedToken
    })

  /** Makes sure a secret chosen by the operator (e.g. from the environment) is a valid token. */
  const register = (input: { kind: TokenKind; name: string; secret: string }) =>
    Effect.gen(function* () {
      const hash = tokenHash(input.secret)
      const existing = yield* Effect.tryPromise({
        try: () => db.selectFrom("srv_tokens").selectAll().where("hash", "=", hash).executeTakeFirst(),
        catch: queryFailure("looking up a token"),
      })
      if (existing !== undefined) return infoOf(existing)
      // Two processes starting on one database may register the same secret at once: the loser keeps the
      // winner's row.
      return yield* insert(hash, input.kind, input.name, null).pipe(
        Effect.catch(() =>
          Effect.tryPromise({
            try: () =>
              db.selectFrom("srv_tokens").selectAll().where("hash", "=", hash).executeTakeFirstOrThrow(),
            catch: queryFailure(`issuing a ${input.kind} token`),
          }).pipe(Effect.map(infoOf)),
        ),
      )
    })

  const expired = (at: string) =>
    new TokenRejected({ reason: "expired", message: `the token expired at ${at}` })

  const lookup = (secret: string) =>
    Effect.gen(function* () {
      const row = yield* Effect.tryPromise({
        try: () =>
          db.selectFrom("srv_tokens").selectAll().where("hash", "=", tokenHash(secret)).executeTakeFirst(),
        catch: queryFailure("verifying a token"),
      })
      if (row === undefined)
        return new TokenRejected({ reason: "unknown", message: "the token is not one this server issued" })
      const info = infoOf(row)
      if (info.revokedAt !== null)
        return new TokenRejected({ reason: "revoked", message: `the token was revoked at ${info.revokedAt}` })
      if (info.expiresAt !== null && Date.parse(info.expiresAt) <= now()) return expired(info.expiresAt)
      const principal: Principal = { tokenId: info.tokenId, kind: info.kind, name: info.name }
      return { principal, expiresAt: info.expiresAt }
    })

  // A refusal is cached like an acceptance; a failed query (the database away) is not, so the next request
  // asks again. Concurrent verifications of one secret share one query.
  const cache = yield* Cache.makeWith(lookup, {
    capacity: CACHE_CAPACITY,
    timeToLive: (exit) => (Exit.isSuccess(exit) ? Duration.millis(CACHE_MS) : Duration.zero),
  })

  /** Who a secret speaks for, or why it is refused. */
  const verify = (secret: string): Effect.Effect<Principal, TokenRejected | StoreError> =>
    Effect.gen(function* () {
      if (!TOKEN_SHAPE.test(secret))
        return yield* new TokenRejected({
          reason: "malformed",
          message: "a token is 16–256 printable ASCII characters without spaces",
        })
      const result = yield* Clock.clockWith((base) =>
        Effect.provideService(Cache.get(cache, secret), Clock.Clock, clockAt(now, base)),
      )
      if (result instanceof TokenRejected) return yield* result
      // An acceptance is cached for a while: a token that expires meanwhile is refused from that instant.
      if (result.expiresAt !== null && Date.parse(result.expiresAt) <= now())
        return yield* expired(result.expiresAt)
      return result.principal
    })

  /** Revokes a token by id; false when there is no such token. */
  const revoke = (tokenId: string) =>
    Effect.gen(function* () {
      const result = yield* Effect.tryPromise({
        try: () =>
          db
            .updateTable("srv_tokens")
            .set({ revoked_at: new Date(now()).toISOString() })
            .where("id", "=", tokenId)
            .where("revoked_at", "is", null)
            .executeTakeFirst(),
        catch: queryFailure("revoking a token"),
      })
      // Forget cached verifications (lookups under way too) so this process refuses the token at once.
      yield* Cache.invalidateAll(cache)
      return Number(result.numUpdatedRows) > 0
    })

  /** Every token (of one kind, of one holder name, when asked), newest first. */
  const list = (filter: { readonly kind?: TokenKind; readonly name?: string } = {}) =>
    Effect.tryPromise({
      try: async () => {
        let query = db.selectFrom("srv_tokens").selectAll()
        if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind)
        if (filter.name !== undefined) query = query.where("name", "=", filter.name)
        return (await query.orderBy("created_at", "desc").execute()).map(infoOf)
      },
      catch: queryFailure("listing tokens"),
    })

  /** A new seat holder (`seat:<newSeatName()>`) and its token, whose secret is returned once. */
  const issueSeat = () => issue({ kind: "seat", name: newSeatName() })

  return { issue, issueSeat, register, verify, revoke, list }
})

/** The tokens of the store in context, as a service (the server's layer; the CLI calls makeTokens). */
export class Tokens extends Context.Service<Tokens, Effect.Success<ReturnType<typeof makeTokens>>>()(
  "@boroughs/engine/Tokens",
) {
  static readonly layer = Layer.effect(
    Tokens,
    Effect.flatMap(EventStore, (store) => makeTokens(store)),
  )
}
