import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { testServer } from "../src/testing.js"

// The server under benchmark, in a process of its own so its memory is measured alone: on the PostgreSQL
// database the harness names, else PGlite in a new folder as `npm start` runs it (initdb included, as on a
// first start; BENCH_PGLITE_DIR names an existing folder to measure a restart instead; in memory, PGlite
// would hold the whole database in the process too); no rate limits, the production keep-alive interval.
const url = process.env.BENCH_DATABASE_URL
const given = process.env.BENCH_PGLITE_DIR
const made = url || given ? undefined : mkdtempSync(join(tmpdir(), "boroughs-bench-pglite-"))
const dir = url ? undefined : (given ?? made)
const server = await testServer({
  // A thousand spectators from this one machine: no cap per address.
  maxStreamsPerAddress: null,
  keepAliveMs: 15_000,
  pollIntervalMs: 250,
  database: url ? { kind: "postgres" as const, url } : { kind: "pglite" as const, dir },
})

// Benchmark instrumentation only: note when each append has committed (epoch ms, µs precision), so the
// harness measures append → delivery rather than the whole POST.
const store = server.store as { -readonly [K in keyof EventStore["Service"]]: EventStore["Service"][K] }
const append = store.append
store.append = (request) =>
  append(request).pipe(
    Effect.tap((result) =>
      Effect.sync(() => {
        const last = result.envelopes[result.envelopes.length - 1]
        if (last !== undefined && !result.duplicate)
          process.stdout.write(
            `commit ${last.streamId} ${last.version} ${performance.timeOrigin + performance.now()}\n`,
          )
      }),
    ),
  )

// And when this node's bus has handed each batch to its subscribers and their sockets were written. This
// follower subscribes after the node's live games, whose fiber writes the SSE streams straight to their
// sockets; the stamp still waits two ticks, so that a write some subscriber defers to the next tick (Node's own
// response corking does) is counted in too.
Effect.runFork(
  Effect.scoped(
    Effect.andThen(
      server.app.tail.bus.follow("the benchmark's fan-out stamp", (events) => {
        const last = events[events.length - 1]
        if (last !== undefined)
          process.nextTick(() =>
            process.nextTick(() =>
              process.stdout.write(
                `fanout ${last.streamId} ${last.version} ${performance.timeOrigin + performance.now()}\n`,
              ),
            ),
          )
      }),
      Effect.never,
    ),
  ),
)

process.stdout.write(`idle ${JSON.stringify(process.memoryUsage())}\n`)
process.stdout.write(`listening ${server.url}\n`)
const stop = () =>
  void server.close().then(() => {
    if (made !== undefined) rmSync(made, { recursive: true, force: true })
    process.exit(0)
  })
process.on("SIGTERM", stop)
process.on("SIGINT", stop)
