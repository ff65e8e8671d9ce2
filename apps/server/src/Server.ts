import { randomBytes } from "node:crypto"
import { createServer, type Server as HttpServer } from "node:http"
import type { AddressInfo } from "node:net"
import { defaultAnalysisSettings } from "@boroughs/core"
import {
  AccessLog,
  Analyses,
  DisplayNames,
  GameEngine,
  Ladder,
  type LadderSettings,
  LiveGames,
  LiveTail,
  Lobby,
  loadSigner,
  migrateServer,
  Projections,
  runBackground,
  runLadder,
  runTournamentScheduler,
  Snapshots,
  Tokens,
  Tournaments,
} from "@boroughs/engine"
import { EventStore, makePglite } from "@boroughs/store"
import { Effect, Exit, Fiber, Layer, ManagedRuntime, Scope } from "effect"
import type { App } from "./app.js"
import { ladderDefaults, type ServerConfig } from "./config.js"
import { defaultHouseSearch, searchingBots } from "./houseBots/houseSearch.js"
import { searchPool } from "./houseBots/searchPool.js"
import { makeHandler } from "./http/handler.js"
import { makeLimits } from "./http/limits.js"
import { loggerLayer } from "./observability/logging.js"
import { instrumentStore } from "./observability/metrics.js"
import { tracingLayer } from "./observability/tracing.js"
import { unknownBuiltinOf } from "./routes/builtins.js"
import { StreamRegistry } from "./streams/registry.js"

/** A server that is listening. */
export interface RunningServer {
  readonly url: string
  readonly port: number
  readonly app: App
  /** The event store under the app: for tests and benchmarks that read the log or measure its appends. */
  readonly store: EventStore["Service"]
  /** Closes the streams (clients reconnect elsewhere), stops listening, the background work and the store. */
  readonly close: () => Promise<void>
}

const rawStoreLayer = (config: ServerConfig) =>
  config.database.kind === "postgres"
    ? EventStore.layerPostgres({ url: config.database.url, pollInterval: config.pollIntervalMs })
    : Layer.effect(
        EventStore,
        makePglite({
          dataDir: config.database.dir,
          loadDataDir: config.database.loadDataDir,
          pollInterval: config.pollIntervalMs,
        }),
      )

/** The store as the server uses it: measured (append latency, outcomes, clock moves) for `/metrics`. */
const storeLayer = (config: ServerConfig) =>
  Layer.effect(EventStore, Effect.map(EventStore, instrumentStore)).pipe(Layer.provide(rawStoreLayer(config)))

/**
 * The ladders this server runs: a game has one when the server plays every house bot in it (a house seat it
 * could not play would only ever get the clock's default move).
 */
const ladderSettingsOf = (config: ServerConfig): LadderSettings => {
  const options = config.ladder === false ? null : { ...ladderDefaults, ...config.ladder }
  const house = options?.house ?? []
  const games =
    options === null
      ? []
      : config.knownGames().filter((game) => unknownBuiltinOf(config, game, house) === null)
  // House bots asked for by name that no hosted game can play: a mistake to say at start, not a silent no-ladder.
  const asked = config.ladder === false ? undefined : config.ladder?.house
  if (asked !== undefined && games.length === 0) {
    const first = config.knownGames()[0] ?? ""
    throw new Error(
      `no hosted game can play the ladder's house bots ${house.join(", ")} (${first}: ${unknownBuiltinOf(config, first, house)})`,
    )
  }
  return {
    games,
    tableSize: (game) => {
      const seats = config.findGame(game)?.seats ?? { min: 2, max: 2 }
      return Math.min(seats.max, Math.max(seats.min, options?.tableSize ?? ladderDefaults.tableSize))
    },
    house,
    decisionMs: options?.decisionMs ?? ladderDefaults.decisionMs,
    // A stream marks itself every keep-alive interval: three missed and it counts as gone.
    presenceMs: config.keepAliveMs * 3,
  }
}

/**
 * Starts a server process (ARCHITECTURE.md §1, §6–7): the store (migrated), the engine, this node's live
 * tailer and games, the background work under the cluster's lock, and the HTTP listener.
 */
export const startServer = async (config: ServerConfig): Promise<RunningServer> => {
  const signer = loadSigner(config.signingKeyFile)
  const tournamentGame =
    config.tournamentGame ??
    ((id: string) => {
      const game = config.findGame(id)
      return game === undefined ? undefined : { game, bots: {} }
    })
  // Threads start when a searching house bot first owes a decision: a replica that never plays starts none.
  const houseSearch = config.houseSearch ?? defaultHouseSearch
  const searches = searchPool(houseSearch.threads)
  // Tournament games go to this node's live tail as the scheduler appends them.
  const tournamentsLayer = Layer.unwrap(
    Effect.map(LiveTail, (tail) =>
      Tournaments.layer({
        findGame: tournamentGame,
        signer,
        // Each game's seed is drawn afresh: secret until the game ends, committed in its GameStarted.
        seedFor: () => randomBytes(16).toString("hex"),
        onAppended: (envelopes) => tail.publishAppended(envelopes),
        searchingBot: searchingBots(searches, houseSearch, config.findGame),
      }),
    ),
  )
  const ladderSettings = ladderSettingsOf({ ...config, tournamentGame })
  // The projection queues finished games under the settings' key; the leader's runner computes them.
  const analysis = config.analysis ?? defaultAnalysisSettings
  const layer = Layer.mergeAll(
    tournamentsLayer,
    Ladder.layer(ladderSettings),
    DisplayNames.layer,
    Tokens.layer,
    Snapshots.layer(config.findGame, config.knownGames, config.snapshotEvery),
    Lobby.layer,
    AccessLog.layer,
    Projections.layer(config.findGame, config.snapshotEvery, analysis),
    Analyses.layer(analysis),
  ).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        GameEngine.layer(config.findGame, config.knownGames),
        LiveGames.layer(config.findGame, config.knownGames),
      ),
    ),
    Layer.provideMerge(LiveTail.layer),
    Layer.provideMerge(storeLayer(config)),
    // Logs and spans of everything the runtime runs: the engine's work, the background, each request.
    Layer.provideMerge(loggerLayer(config.logFormat ?? "pretty")),
    Layer.provideMerge(tracingLayer(config.node)),
  )
  const runtime = ManagedRuntime.make(layer)
  try {
    const services = await runtime.runPromise(
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* migrateServer(store.db)
        const tokens = yield* Tokens
        if (config.organiserToken !== undefined)
          yield* tokens.register({ kind: "organiser", name: "admin", secret: config.organiserToken })
        return {
          store,
          lobby: yield* Lobby,
          projections: yield* Projections,
          analyses: yield* Analyses,
          access: yield* AccessLog,
          engine: yield* GameEngine,
          live: yield* LiveGames,
          tail: yield* LiveTail,
          tokens,
          tournaments: yield* Tournaments,
          snapshots: yield* Snapshots,
          ladder: yield* Ladder,
          names: yield* DisplayNames,
        }
      }),
    )
    let leader = false
    const background = config.background
      ? runtime.runFork(
          Effect.scoped(
            Effect.all(
              [
                runBackground({
                  analysis,
                  onLeadership: (l) => {
                    leader = l
                  },
                }),
                runTournamentScheduler(services.store, services.tournaments),
                runLadder(
                  services.store,
                  services.ladder,
                  (table) =>
                    services.names
                      .seatNames(table.holders, undefined)
                      .pipe(
                        Effect.flatMap((names) =>
                          services.engine.create({
                            gameId: table.gameId,
                            game: table.game,
                            seats: table.holders.length,
                            seed: randomBytes(16).toString("hex"),
                            commandId: `create:${table.gameId}`,
                            actor: "ladder",
                            time: new Date().toISOString(),
                            metadata: {
                              settings: {
                                players: table.holders,
                                spectators: { mode: "live" },
                                decisionMs: table.decisionMs,
                                createdBy: `ladder:${table.game}`,
                                // The register's names, where the bots have them.
                                ...(names === undefined ? {} : { names }),
                              },
                            },
                          }),
                        ),
                      )
                      .pipe(
                        Effect.tap((created) =>
                          Effect.sync(() => services.tail.publishAppended(created.appended)),
                        ),
                      ),
                  { tickMs: config.ladder === false ? undefined : config.ladder?.tickMs },
                ),
              ],
              { concurrency: "unbounded", discard: true },
            ),
          ),
        )
      : undefined
    const { store, ...routeServices } = services
    const app: App = {
      config,
      ...routeServices,
      signer,
      limits:
        config.rateLimits === null
          ? null
          : // Scoped by the runtime: the Redis connection, if any, closes when the runtime is disposed.
            await runtime.runPromise(
              makeLimits(config.rateLimits, config.rateLimitRedis).pipe(Scope.provide(runtime.scope)),
            ),
      streams: new StreamRegistry(config.keepAliveMs, config.maxStreamsPerAddress),
      isLeader: () => leader,
    }
    // The API's handlers live in this scope: closed after the listener, so no request outlives them.
    const handlerScope = await runtime.runPromise(Scope.make())
    const http: HttpServer = createServer(
      await runtime.runPromise(makeHandler(app).pipe(Scope.provide(handlerScope))),
    )
    http.keepAliveTimeout = 5_000
    http.requestTimeout = 60_000
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject)
      http.listen(config.port, config.host, () => resolve())
    })
    const { port } = http.address() as AddressInfo
    const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host
    let closing: Promise<void> | undefined
    const close = () => {
      closing ??= (async () => {
        // A stop is promised within seconds: a step that takes long is said, so a slow stop can be read.
        const step = async (what: string, run: () => Promise<unknown>) => {
          const t0 = Date.now()
          await run()
          const ms = Date.now() - t0
          if (ms >= 1_000)
            process.stderr.write(`boroughs server: stopping: ${what} took ${(ms / 1000).toFixed(1)} s\n`)
        }
        app.streams.closeAll()
        await step(
          "closing connections",
          () =>
            new Promise<void>((resolve) => {
              http.close(() => resolve())
              http.closeIdleConnections()
              // A request still running after a second (a command under way) is cut: a stop is promised in seconds.
              setTimeout(() => http.closeAllConnections(), 1_000).unref()
            }),
        )
        await step("ending requests", () => runtime.runPromise(Scope.close(handlerScope, Exit.void)))
        if (background !== undefined)
          await step("stopping background work", () => runtime.runPromise(Fiber.interrupt(background)))
        await step("stopping search threads", () => searches.close())
        await step("closing the database", () => runtime.dispose())
      })()
      return closing
    }
    return { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, port, app, store, close }
  } catch (error) {
    await searches.close()
    await runtime.dispose()
    throw error
  }
}
