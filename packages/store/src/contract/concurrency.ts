import { verifyChain } from "@boroughs/core"
import { expect } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { EventStore, type WrongExpectedVersion } from "../EventStore.js"
import { TestDatabase } from "../testing/index.js"
import { appendTo, type ContractIt, event, type Store, unique } from "./helpers.js"

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
}
