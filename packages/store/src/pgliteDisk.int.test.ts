import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { verifyChain } from "@boroughs/core"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
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
})
