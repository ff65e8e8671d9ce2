import { freshPglite } from "@boroughs/store/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { AccessLog, type OrganiserView, VIEW_COVERS_MS } from "./AccessLog.js"

const run = <A, E>(program: Effect.Effect<A, E, AccessLog>) =>
  Effect.runPromise(
    program.pipe(Effect.provide(AccessLog.layer.pipe(Layer.provide(freshPglite()))), Effect.scoped),
  )

const start = Date.parse("2026-01-01T12:00:00.000Z")
let looks = 0
/** A look by `actor` at game g, `afterMs` after the start. */
const look = (actor: string, afterMs: number, gameVersion = 1): OrganiserView => ({
  gameId: "g",
  gameVersion,
  actor,
  at: new Date(start + afterMs).toISOString(),
  reason: "full view",
  commandId: `view:${++looks}`,
})

describe("the access log records organiser looks at a game", () => {
  it("records one look per organiser per game within the window, and anew after it", async () => {
    const { answers, records } = await run(
      Effect.gen(function* () {
        const access = yield* AccessLog
        const answers = [
          yield* access.recordView(look("organiser:ada", 0)),
          // Ada re-reads after her own actions: covered by the first record.
          yield* access.recordView(look("organiser:ada", 1_000, 2)),
          yield* access.recordView(look("organiser:ada", VIEW_COVERS_MS - 1, 5)),
          // Another organiser's look is their own record.
          yield* access.recordView(look("organiser:bob", 2_000, 2)),
          // The window is counted from Ada's recorded look, not her latest one.
          yield* access.recordView(look("organiser:ada", VIEW_COVERS_MS, 6)),
          // Looks that raced are stamped in any order: one a moment before a record is covered by it.
          yield* access.recordView(look("organiser:ada", VIEW_COVERS_MS - 2_000, 6)),
          // Ten minutes or more either side of each of Ada's records is a look of its own.
          yield* access.recordView(look("organiser:ada", 2 * VIEW_COVERS_MS + 1, 7)),
        ]
        return { answers, records: yield* access.views("g") }
      }),
    )
    expect(answers.map((a) => a.version)).toEqual([1, 1, 1, 2, 3, 3, 4])
    expect(answers.every((a) => a.stream === "access-g")).toBe(true)
    expect(
      records.map((r) => [
        r.type,
        (r.data as { actor: string }).actor,
        (r.data as { gameVersion: number }).gameVersion,
      ]),
    ).toEqual([
      ["OrganiserViewed", "organiser:ada", 1],
      ["OrganiserViewed", "organiser:bob", 2],
      ["OrganiserViewed", "organiser:ada", 6],
      ["OrganiserViewed", "organiser:ada", 7],
    ])
  })

  it("records one look when the same organiser looks many times at once: the losers find the winner's record", async () => {
    const { answers, records } = await run(
      Effect.gen(function* () {
        const access = yield* AccessLog
        const answers = yield* Effect.all(
          Array.from({ length: 8 }, (_, i) => access.recordView(look("organiser:ada", i))),
          { concurrency: "unbounded" },
        )
        return { answers, records: yield* access.views("g") }
      }),
    )
    expect(records).toHaveLength(1)
    expect(new Set(answers.map((a) => a.version))).toEqual(new Set([1]))
  })
})
