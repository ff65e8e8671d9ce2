import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { verifyChain } from "@boroughs/core/kernel"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { EventStore, makePglite } from "./EventStore.js"
import { pgliteTemplate } from "./testing/index.js"

const dataDir = mkdtempSync(join(tmpdir(), "boroughs-store-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("EventStore on PGlite in a folder", () => {
  it.live(
    "keeps its events across restarts",
    () =>
      Effect.gen(function* () {
        const template = yield* Effect.promise(() => pgliteTemplate())
        // First start: seed the folder from the initdb dump (as a real first start would run initdb).
        const first = Layer.effect(EventStore, makePglite({ dataDir, loadDataDir: template }))
        yield* EventStore.use((store) =>
          store.append({
            streamId: "game-1",
            streamType: "game",
            expectedVersion: 0,
            commandId: "create-1",
            events: [
              { type: "GameStarted", data: { seats: 4 } },
              { type: "TileDrawn", data: { tile: "C3" } },
            ],
          }),
        ).pipe(Effect.provide(first))

        const read = yield* EventStore.use((store) =>
          Effect.gen(function* () {
            const events = yield* store.readStream("game-1")
            yield* store.append({
              streamId: "game-1",
              streamType: "game",
              expectedVersion: 2,
              commandId: "move-1",
              events: [{ type: "TileBought", data: {} }],
            })
            expect(events.length).toBe(2)
            return yield* store.readStream("game-1")
          }),
        ).pipe(Effect.provide(EventStore.layerPglite({ dataDir })))
        expect(read.map((e) => e.version)).toEqual([1, 2, 3])
        expect(verifyChain(read)).toBeNull()
      }),
    120_000,
  )

  it.live(
    "runs with a small buffer cache, its size an option (the WebAssembly heap never gives memory back)",
    () =>
      Effect.gen(function* () {
        const template = yield* Effect.promise(() => pgliteTemplate())
        const setting = (layer: Layer.Layer<EventStore, unknown>) =>
          EventStore.use((store) =>
            Effect.promise(() => sql<{ shared_buffers: string }>`show shared_buffers`.execute(store.db)),
          ).pipe(
            Effect.map((r) => r.rows[0]?.shared_buffers),
            Effect.provide(Layer.orDie(layer)),
          )
        expect(yield* setting(Layer.effect(EventStore, makePglite({ loadDataDir: template })))).toBe("16MB")
        expect(
          yield* setting(
            Layer.effect(EventStore, makePglite({ loadDataDir: template, sharedBuffers: "32MB" })),
          ),
        ).toBe("32MB")
      }),
    120_000,
  )

  it.live(
    "creates a new folder on a first start (initdb runs in a child process, its memory gone with it)",
    () =>
      Effect.gen(function* () {
        const fresh = join(dataDir, "first-start")
        const version = yield* EventStore.use((store) =>
          Effect.gen(function* () {
            yield* store.append({
              streamId: "game-1",
              streamType: "game",
              expectedVersion: 0,
              commandId: "create-1",
              events: [{ type: "GameStarted", data: { seats: 3 } }],
            })
            return (yield* store.head("game-1"))?.version
          }),
        ).pipe(Effect.provide(Layer.orDie(EventStore.layerPglite({ dataDir: fresh }))))
        expect(version).toBe(1)
        expect(existsSync(join(fresh, "PG_VERSION"))).toBe(true)
      }),
    180_000,
  )
})
