import { hash, randomUUID } from "node:crypto"
import { loadavg } from "node:os"
import { installSha256 } from "@boroughs/core/kernel"
import { Effect, Layer, ManagedRuntime, type Scope } from "effect"
import { Pool } from "pg"
import { afterAll, bench, describe } from "vitest"
import { EventStore, type GlobalPosition, makePostgres } from "../src/EventStore.js"
import { makeStore } from "../src/internal/makeStore.js"
import { listenForAppends, postgresBackend } from "../src/internal/postgres.js"
import { TestDatabase, withFreshPostgres } from "../src/testing/index.js"
import { FAKE_HASH, move, RAW_COLUMNS } from "./fixtures.js"
import { type Comparison, compareSides, formatComparison, type Load, type Side } from "./sideBySide.js"

/**
 * The store under concurrency, beside raw PostgreSQL in the same process and the same fresh database: 2,000
 * events per scenario (one writer; 16 writers on distinct streams; batches of 100; the ordered global read;
 * one stream's read), each beside two raw baselines on a pool of one connection per writer: "same row", an
 * autocommit INSERT/SELECT of exactly the row the store writes (a copy of es_events: same columns, hashes,
 * defaults, identity and indexes), and "bare row", an identity key and the event's data. Ratios are store
 * ops/s over the baseline's within one repetition; the median of 3 is printed.
 * PostgreSQL only (DATABASE_URL); STORE_BENCH_VARIANTS=1 adds the profiling variants of the 16-writer case.
 */
// Every real caller hashes with node:crypto (the engine installs it); the store cannot import the engine.
installSha256((input) => hash("sha256", input, "hex"))

const serverUrl = process.env.DATABASE_URL
const variants = process.env.STORE_BENCH_VARIANTS === "1"
/** Median of 3 by default; more when a ratio near its target needs a steadier reading. */
const REPETITIONS = Number(process.env.STORE_BENCH_REPETITIONS ?? 3)
/** Batches are few (20 per 2,000 events): the 2,000 are written this many times over, so p99 rests on 100. */
const BATCH_PASSES = 5
const EVENTS = 2_000
const WRITERS = 16
const BATCH = 100
const READ_PAGE = 100
/** Reads are cheap: the 2,000 events are read this many times over, so p99 rests on 200 samples. */
const READ_PASSES = 10
const ONCE = { time: 0, iterations: 1, warmupIterations: 0, warmupTime: 0 }

const UNNEST = `unnest($2::int[], $3::uuid[], $4::text[], $5::int[], $6::text[]::jsonb[], $7::text[]::jsonb[],
    $8::text[], $9::text[])`

// At the file's top level: vitest's bench runner never runs hooks registered inside a describe, and the
// database would outlive the run.
const cleanups: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe.runIf(serverUrl)("PostgreSQL: the store under concurrency, beside raw SQL", async () => {
  const runtime = ManagedRuntime.make(Layer.orDie(withFreshPostgres(serverUrl!)))
  const { store, url } = await runtime.runPromise(
    Effect.gen(function* () {
      return { store: yield* EventStore, url: (yield* TestDatabase).url! }
    }),
  )
  cleanups.push(() => runtime.dispose())
  const rawPool = new Pool({ connectionString: url, max: WRITERS })
  cleanups.push(() => rawPool.end())
  /** A named (prepared once per connection) statement: the store's own fast path, so the raw side's best. */
  const raw = async <Row>(name: string, text: string, values: unknown[]) =>
    (await rawPool.query({ name, text, values })).rows as Row[]
  const extraRuntimes = new Set<{ dispose: () => Promise<void> }>()
  cleanups.push(async () => {
    for (const extra of extraRuntimes) await extra.dispose()
  })
  /** Another store on the same database; `close` ends its connections (the server has a hundred). */
  const openStore = async (make: Effect.Effect<EventStore["Service"], unknown, Scope.Scope>) => {
    const extra = ManagedRuntime.make(Layer.orDie(Layer.effect(EventStore, make)))
    extraRuntimes.add(extra)
    const opened = await extra.runPromise(
      Effect.gen(function* () {
        return yield* EventStore
      }),
    )
    return {
      store: opened,
      close: async () => {
        extraRuntimes.delete(extra)
        await extra.dispose()
      },
    }
  }
  // Each comparison is printed as it ends, with the load average then: the machine is usually shared.
  const report = (comparison: Comparison) => {
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")
    process.stderr.write(`${formatComparison(comparison)}\n  (load average ${load})\n`)
  }

  await raw("setup_same", "create table bench_same (like es_events including all)", [])
  await raw(
    "setup_bare",
    "create table bench_bare (id bigint generated always as identity primary key, data jsonb not null)",
    [],
  )

  const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

  // --- writes -------------------------------------------------------------------------------------------

  /** One stream per writer, created (version 1) before timing; each op appends `size` moves after it. */
  const storeAppender =
    (label: string, handle: () => EventStore["Service"] | Promise<EventStore["Service"]>, size: number) =>
    (): Side => ({
      label,
      prepare: async () => {
        const target = await handle()
        const streams = Array.from({ length: WRITERS }, () => `bench-${randomUUID()}`)
        const versions = streams.map(() => 1)
        for (const streamId of streams)
          await run(
            target.append({
              streamId,
              streamType: "game",
              expectedVersion: 0,
              commandId: randomUUID(),
              events: [move(0)],
            }),
          )
        const events = Array.from({ length: size }, (_, i) => move(i))
        return async (writer) => {
          const expectedVersion = versions[writer]!
          versions[writer] = expectedVersion + size
          await run(
            target.append({
              streamId: streams[writer]!,
              streamType: "game",
              expectedVersion,
              commandId: randomUUID(),
              events,
            }),
          )
        }
      },
    })

  /** The same row as the store writes (event id, JSON, hashes), into the copy of es_events. */
  const rawSameRow = (size: number): Side => ({
    label: "raw same row",
    prepare: async () => {
      const streams = Array.from({ length: WRITERS }, () => `raw-${randomUUID()}`)
      const versions = streams.map(() => 1)
      const events = Array.from({ length: size }, (_, i) => move(i))
      const data = events.map((e) => JSON.stringify(e.data))
      const metadata = events.map((e) => JSON.stringify(e.metadata))
      return async (writer) => {
        const version = versions[writer]!
        versions[writer] = version + size
        if (size === 1)
          return raw(
            "same_one",
            `insert into bench_same (${RAW_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              streams[writer],
              version + 1,
              randomUUID(),
              "TileBought",
              1,
              data[0],
              metadata[0],
              FAKE_HASH,
              FAKE_HASH,
            ],
          )
        return raw("same_many", `insert into bench_same (${RAW_COLUMNS}) select $1, * from ${UNNEST}`, [
          streams[writer],
          events.map((_, i) => version + i + 1),
          events.map(() => randomUUID()),
          events.map((e) => e.type),
          events.map(() => 1),
          data,
          metadata,
          events.map(() => FAKE_HASH),
          events.map(() => FAKE_HASH),
        ])
      }
    },
  })

  /** A bare row: an identity key and the event's data, no other column or index. */
  const rawBareRow = (size: number): Side => ({
    label: "raw bare row",
    prepare: async () => {
      const data = Array.from({ length: size }, (_, i) => JSON.stringify(move(i).data))
      return async () =>
        size === 1
          ? raw("bare_one", "insert into bench_bare (data) values ($1)", [data[0]])
          : raw("bare_many", "insert into bench_bare (data) select unnest($1::text[]::jsonb[])", [data])
    },
  })

  const writeScenario = (
    title: string,
    load: Load,
    sides: ReadonlyArray<Side>,
    after: () => Promise<void> = async () => undefined,
  ) =>
    bench(
      title,
      async () => {
        report(
          await compareSides({
            title,
            load,
            baselines: [rawSameRow(load.eventsPerOp), rawBareRow(load.eventsPerOp)],
            sides,
            repetitions: REPETITIONS,
            warmup: { ...load, opsPerWriter: Math.min(load.opsPerWriter, 20) },
          }),
        )
        await after()
      },
      ONCE,
    )

  // --- reads: a fixture of 20 streams of 100 events, and the same rows in both raw tables ------------------

  const READ_STREAMS = EVENTS / BATCH
  const readStreams = Array.from({ length: READ_STREAMS }, (_, i) => `read-${i}`)
  for (const streamId of readStreams)
    await run(
      store.append({
        streamId,
        streamType: "game",
        expectedVersion: 0,
        commandId: randomUUID(),
        events: Array.from({ length: BATCH }, (_, i) => move(i)),
      }),
    )
  await raw("fill_same", "create table bench_read_same as select * from es_events", [])
  await raw("index_same_1", "alter table bench_read_same add primary key (stream_id, stream_version)", [])
  await raw("index_same_2", "create index on bench_read_same (store_epoch, tx_id, global_position)", [])
  await raw(
    "fill_bare",
    `create table bench_read_bare as select global_position as id, data from es_events order by global_position`,
    [],
  )
  await raw("index_bare", "alter table bench_read_bare add primary key (id)", [])
  await raw("analyze", "analyze bench_read_same, bench_read_bare, es_events", [])

  const pages = READ_PASSES * (EVENTS / READ_PAGE)
  const readAllLoad: Load = { writers: 1, opsPerWriter: pages, eventsPerOp: READ_PAGE }
  const oneStreamLoad: Load = { writers: 1, opsPerWriter: READ_PASSES * READ_STREAMS, eventsPerOp: BATCH }

  /** Counts every page: a reader that returned fewer rows (the fence held it back) would look fast. */
  const expectRows = (what: string, got: number, want: number) => {
    if (got !== want) throw new Error(`${what} returned ${got} rows, not ${want}`)
  }

  const storeReadAll: Side = {
    label: "store.readAll",
    prepare: async () => {
      let position: GlobalPosition | null = null
      return async (_, index) => {
        if (index % (EVENTS / READ_PAGE) === 0) position = null
        const page = await run(store.readAll(position, READ_PAGE))
        expectRows("store.readAll", page.length, READ_PAGE)
        position = page[page.length - 1]!.position
      }
    },
  }
  // The ORDER BY names the table's columns: by the text aliases it would sort "10" < "9", and without the index.
  const rawReadAll: Side = {
    label: "raw same row",
    prepare: async () => {
      let after: unknown[] = [0, "0", "0"]
      return async (_, index) => {
        if (index % (EVENTS / READ_PAGE) === 0) after = [0, "0", "0"]
        const page = await raw<{ store_epoch: number; tx_id: string; global_position: string }>(
          "read_all_same",
          `select e.store_epoch, e.tx_id::text as tx_id, e.global_position::text as global_position, ${RAW_COLUMNS},
             to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at
           from bench_read_same e
           where (e.store_epoch, e.tx_id, e.global_position) > ($1::int, $2::xid8, $3::bigint)
           order by e.store_epoch, e.tx_id, e.global_position limit $4`,
          [...after, READ_PAGE],
        )
        expectRows("raw read-all", page.length, READ_PAGE)
        const last = page[page.length - 1]!
        after = [last.store_epoch, last.tx_id, last.global_position]
      }
    },
  }
  const bareReadAll: Side = {
    label: "raw bare row",
    prepare: async () => {
      let after = "0"
      return async (_, index) => {
        if (index % (EVENTS / READ_PAGE) === 0) after = "0"
        const page = await raw<{ id: string }>(
          "read_all_bare",
          "select id, data from bench_read_bare where id > $1 order by id limit $2",
          [after, READ_PAGE],
        )
        expectRows("bare read-all", page.length, READ_PAGE)
        after = page[page.length - 1]!.id
      }
    },
  }

  const storeReadStream: Side = {
    label: "store.readStream",
    prepare: async () => async (_, index) => {
      const events = await run(store.readStream(readStreams[index % READ_STREAMS]!))
      expectRows("store.readStream", events.length, BATCH)
    },
  }
  const rawReadStream: Side = {
    label: "raw same row",
    prepare: async () => async (_, index) => {
      const rows = await raw(
        "read_stream_same",
        `select ${RAW_COLUMNS} from bench_read_same where stream_id = $1 and stream_version >= $2
         and stream_version <= $3 order by stream_version`,
        [readStreams[index % READ_STREAMS], 1, 2_147_483_647],
      )
      expectRows("raw stream read", rows.length, BATCH)
    },
  }
  const bareReadStream: Side = {
    label: "raw bare row",
    prepare: async () => {
      const { first } = (
        await raw<{ first: string }>("bare_first", "select min(id) as first from bench_read_bare", [])
      )[0]!
      return async (_, index) => {
        const from = BigInt(first) + BigInt((index % READ_STREAMS) * BATCH)
        const rows = await raw(
          "read_stream_bare",
          "select id, data from bench_read_bare where id >= $1 and id < $2 order by id",
          [String(from), String(from + BigInt(BATCH))],
        )
        expectRows("bare stream read", rows.length, BATCH)
      }
    },
  }

  const readScenario = (title: string, load: Load, baselines: ReadonlyArray<Side>, side: Side) =>
    bench(
      title,
      async () => {
        report(
          await compareSides({
            title,
            load,
            baselines,
            sides: [side],
            warmup: { ...load, opsPerWriter: 40 },
          }),
        )
      },
      ONCE,
    )

  readScenario(
    `ordered read-all (pages of ${READ_PAGE}, the log read ${READ_PASSES}×)`,
    readAllLoad,
    [rawReadAll, bareReadAll],
    storeReadAll,
  )
  readScenario(
    `one stream's read (${BATCH} events, each of ${READ_STREAMS} streams ${READ_PASSES}×)`,
    oneStreamLoad,
    [rawReadStream, bareReadStream],
    storeReadStream,
  )

  writeScenario("one writer", { writers: 1, opsPerWriter: EVENTS, eventsPerOp: 1 }, [
    storeAppender("store.append", () => store, 1)(),
  ])

  // --- profiling variants of the 16 writers, each a store of its own (pool, LISTEN and NOTIFY connections) --

  const variant = (
    label: string,
    options: { readonly poolSize?: number; readonly appendConcurrency?: number; readonly notify?: boolean },
  ) => {
    let opened: ReturnType<typeof openStore> | undefined
    const open = () =>
      openStore(
        Effect.flatMap(postgresBackend({ url, ...options }), (backend) =>
          makeStore(options.notify === false ? { ...backend, wakeOtherNodes: undefined } : backend, {
            listen: (poke) => listenForAppends(url, poke, backend.ownNotifierPid),
          }),
        ),
      )
    const side = storeAppender(
      label,
      async () => {
        opened ??= open()
        return (await opened).store
      },
      1,
    )()
    return { side, close: async () => (await opened)?.close() }
  }
  const closeAll = (opened: ReadonlyArray<{ readonly close: () => Promise<unknown> }>) => async () => {
    for (const { close } of opened) await close()
  }
  const ungrouped = { appendConcurrency: Number.MAX_SAFE_INTEGER }

  const load16: Load = { writers: WRITERS, opsPerWriter: EVENTS / WRITERS, eventsPerOp: 1 }
  // With variants, the store beside itself ungrouped (as before GroupCommit) and grouped over 2, in one run.
  const paired = variants
    ? [variant("store, not grouped", ungrouped), variant("store, grouped over 2", { appendConcurrency: 2 })]
    : []
  writeScenario(
    `${WRITERS} writers on distinct streams`,
    load16,
    [storeAppender("store.append", () => store, 1)(), ...paired.map((v) => v.side)],
    closeAll(paired),
  )
  writeScenario(
    `batches of ${BATCH} (the 2,000 events written ${BATCH_PASSES}×)`,
    { writers: 1, opsPerWriter: (BATCH_PASSES * EVENTS) / BATCH, eventsPerOp: BATCH },
    [storeAppender("store.append", () => store, BATCH)()],
  )

  if (variants) {
    const quiet = [
      variant("not grouped, no NOTIFY", { ...ungrouped, notify: false }),
      variant("grouped, no NOTIFY", { notify: false }),
    ]
    writeScenario(
      `${WRITERS} writers without the wake-up NOTIFY`,
      load16,
      quiet.map((v) => v.side),
      closeAll(quiet),
    )
    const pools = [
      variant("not grouped, pool of 16", { ...ungrouped, poolSize: 16 }),
      variant("grouped over 8 in flight", { appendConcurrency: 8 }),
    ]
    writeScenario(
      `${WRITERS} writers: pool and group size`,
      load16,
      pools.map((v) => v.side),
      closeAll(pools),
    )
    // Two nodes taking turns on each stream: every append finds its cached link one behind and reads the head.
    let pair: Promise<ReadonlyArray<Awaited<ReturnType<typeof openStore>>>> | undefined
    const linkLookups: Side = {
      label: "store.append, two nodes",
      prepare: async () => {
        pair ??= Promise.all([openStore(makePostgres({ url })), openStore(makePostgres({ url }))])
        const nodes = await pair
        const streams = Array.from({ length: WRITERS }, () => `bench-${randomUUID()}`)
        const versions = streams.map(() => 0)
        return async (writer, index) => {
          const expectedVersion = versions[writer]!
          versions[writer] = expectedVersion + 1
          await run(
            nodes[index % 2]!.store.append({
              streamId: streams[writer]!,
              streamType: "game",
              expectedVersion,
              commandId: randomUUID(),
              events: [move(index)],
            }),
          )
        }
      },
    }
    writeScenario(
      `${WRITERS} writers: two nodes taking turns, a head read per append`,
      load16,
      [linkLookups],
      async () => {
        for (const node of (await pair) ?? []) await node.close()
      },
    )
  }
})
