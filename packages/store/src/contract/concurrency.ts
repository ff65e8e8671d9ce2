import { verifyChain } from "@boroughs/core/kernel"
import { expect } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { EventStore, type WrongExpectedVersion } from "../EventStore.js"
import { TestDatabase } from "../testing/index.js"
import { appendTo, type ContractIt, event, readToEnd, readUntil, type Store, unique } from "./helpers.js"

const WRITERS = 32

/** Appends at the current head until it lands; returns how many attempts it took. */
const appendUntilStored = (store: Store, stream: string, commandId: string) =>
  Effect.gen(function* () {
    let version = (yield* store.head(stream))?.version ?? 0
    for (let attempt = 1; ; attempt++) {
      const refused = yield* appendTo(
        store,
        stream,
        version,
        [event("Moved", { by: commandId })],
        commandId,
      ).pipe(
        Effect.map(() => null),
        Effect.catchTag("WrongExpectedVersion", (error) => Effect.succeed(error)),
      )
      if (refused === null) return attempt
      version = refused.actualVersion
      if (attempt > WRITERS * 4) return yield* Effect.die(new Error(`${commandId} never got its turn`))
    }
  })

/** Optimistic concurrency under contention: no lost update, no duplicated version, no crash. */
export const concurrencyCases = (it: ContractIt) => {
  it.effect(
    `${WRITERS} concurrent appenders at one version: one wins, every other gets WrongExpectedVersion`,
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const stream = unique("game")
        yield* appendTo(store, stream, 0, [event("GameStarted")])
        const exits = yield* Effect.all(
          Array.from({ length: WRITERS }, (_, i) =>
            Effect.exit(appendTo(store, stream, 1, [event("Moved", { i })])),
          ),
          { concurrency: "unbounded" },
        )
        const winners = exits.filter(Exit.isSuccess)
        const losers = exits.filter(Exit.isFailure).map((exit) => Exit.findErrorOption(exit))
        expect(winners.length).toBe(1)
        expect(losers.length).toBe(WRITERS - 1)
        for (const loser of losers)
          expect(loser).toMatchObject({
            _tag: "Some",
            value: {
              _tag: "WrongExpectedVersion",
              expectedVersion: 1,
              actualVersion: 2,
            } satisfies Partial<WrongExpectedVersion>,
          })
        const read = yield* store.readStream(stream)
        expect(read.map((e) => e.version)).toEqual([1, 2])
        expect(verifyChain(read)).toBeNull()
      }),
  )

  it.effect(
    `${WRITERS} writers retrying until they land lose and duplicate no version`,
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const other = yield* (yield* TestDatabase).secondNode
        const stream = unique("game")
        yield* appendTo(store, stream, 0, [event("GameStarted")])
        const commands = Array.from({ length: WRITERS }, (_, i) => `${stream}-writer-${i}`)
        yield* Effect.all(
          // Half the writers on each node, so head caches go stale as they would across servers.
          commands.map((command, i) => appendUntilStored(i % 2 === 0 ? store : other, stream, command)),
          { concurrency: "unbounded" },
        )
        const read = yield* store.readStream(stream)
        expect(read.map((e) => e.version)).toEqual(Array.from({ length: WRITERS + 1 }, (_, i) => i + 1))
        expect(
          read
            .slice(1)
            .map((e) => e.data.by)
            .sort(),
        ).toEqual([...commands].sort())
        expect(verifyChain(read)).toBeNull()
        expect((yield* store.head(stream))?.version).toBe(WRITERS + 1)
      }),
    60_000,
  )

  it.effect("two nodes creating the same stream at once: one wins, the other gets WrongExpectedVersion", () =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const other = yield* (yield* TestDatabase).secondNode
      for (let round = 0; round < 10; round++) {
        const stream = unique("game")
        const exits = yield* Effect.all(
          [store, other, store, other].map((node) =>
            Effect.exit(appendTo(node, stream, 0, [event("GameStarted")])),
          ),
          { concurrency: "unbounded" },
        )
        expect(exits.filter(Exit.isSuccess).length).toBe(1)
        for (const exit of exits.filter(Exit.isFailure))
          expect(Exit.findErrorOption(exit)).toMatchObject({
            _tag: "Some",
            value: { _tag: "WrongExpectedVersion", expectedVersion: 0, actualVersion: 1 },
          })
      }
    }),
  )

  it.effect(
    "many appends at once to many streams land whole, amid a stale one and a retry: each chain verifies, the log has each event once",
    () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        const before = (yield* readToEnd(store, null)).position
        const streams = Array.from({ length: 24 }, () => unique("game"))
        for (const stream of streams) yield* appendTo(store, stream, 0, [event("GameStarted")])
        const retried = yield* appendTo(
          store,
          streams[0]!,
          1,
          [event("Moved", { round: 0 })],
          `${streams[0]}-first`,
        )
        // Another node moves this stream on: this store's cached link is stale, so its append reaches the database.
        const moved = unique("game")
        yield* appendTo(store, moved, 0, [event("GameStarted")])
        yield* appendTo(yield* (yield* TestDatabase).secondNode, moved, 1, [event("Moved")])
        const rounds = 5
        // Each writer appends 1–3 events per round at the version it last wrote.
        const writer = (stream: string, start: number) =>
          Effect.gen(function* () {
            let version = start
            for (let round = 1; round <= rounds; round++) {
              const events = Array.from({ length: 1 + (round % 3) }, (_, i) => event("Moved", { round, i }))
              version = (yield* appendTo(store, stream, version, events)).envelopes.at(-1)!.version
            }
            return version
          })
        const [finalVersions, stale, retry] = yield* Effect.all(
          [
            Effect.all(
              streams.map((stream, i) => writer(stream, i === 0 ? 2 : 1)),
              { concurrency: "unbounded" },
            ),
            Effect.flip(appendTo(store, moved, 1, [event("Moved")])),
            appendTo(store, streams[0]!, 1, [event("Moved", { round: 0 })], `${streams[0]}-first`),
          ],
          { concurrency: "unbounded" },
        )
        expect(stale).toMatchObject({ _tag: "WrongExpectedVersion", expectedVersion: 1, actualVersion: 2 })
        expect(retry).toEqual({ envelopes: retried.envelopes, duplicate: true })
        let total = (yield* store.readStream(moved)).length
        for (const [i, stream] of streams.entries()) {
          const read = yield* store.readStream(stream)
          expect(read.map((e) => e.version)).toEqual(
            Array.from({ length: finalVersions[i]! }, (_, v) => v + 1),
          )
          expect(verifyChain(read)).toBeNull()
          total += read.length
        }
        const { events } = yield* readUntil(store, before, (read) => read.length >= total)
        expect(events.length).toBe(total)
        expect(new Set(events.map((e) => e.eventId)).size).toBe(total)
        for (const stream of streams) {
          const versions = events.filter((e) => e.streamId === stream).map((e) => e.version)
          expect(versions).toEqual([...versions].sort((a, b) => a - b))
        }
      }),
    60_000,
  )
}
