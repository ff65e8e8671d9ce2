import { randomBytes } from "node:crypto"
import { createServer, type Server as HttpServer } from "node:http"
import type { AddressInfo } from "node:net"
import {
  AccessLog,
  GameEngine,
  LiveGames,
  LiveTail,
  Lobby,
  loadSigner,
  migrateServer,
  Projections,
  runBackground,
  runTournamentScheduler,
  Snapshots,
  Tokens,
  Tournaments,
} from "@boroughs/engine"
import { EventStore, makePglite } from "@boroughs/store"
import { Effect, Exit, Fiber, Layer, ManagedRuntime, Scope } from "effect"
import type { App } from "./app.js"
import type { ServerConfig } from "./config.js"
import { makeHandler } from "./http/handler.js"
import { makeLimits } from "./http/limits.js"
import { loggerLayer } from "./observability/logging.js"
import { instrumentStore } from "./observability/metrics.js"
import { tracingLayer } from "./observability/tracing.js"
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
  // Tournament games go to this node's live tail as the scheduler appends them.
  const tournamentsLayer = Layer.unwrap(
    Effect.map(LiveTail, (tail) =>
      Tournaments.layer({
        findGame: tournamentGame,
        signer,
        // Each game's seed is drawn afresh: secret until the game ends, committed in its GameStarted.
        seedFor: () => randomBytes(16).toString("hex"),
        onAppended: (envelopes) => tail.publishAppended(envelopes),
      }),
    ),
  )
  const layer = Layer.mergeAll(
    tournamentsLayer,
    Tokens.layer,
    Snapshots.layer(config.findGame, config.knownGames, config.snapshotEvery),
    Lobby.layer,
    AccessLog.layer,
    Projections.layer(config.findGame, config.snapshotEvery),
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
          access: yield* AccessLog,
          engine: yield* GameEngine,
          live: yield* LiveGames,
          tail: yield* LiveTail,
          tokens,
          tournaments: yield* Tournaments,
          snapshots: yield* Snapshots,
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
                  onLeadership: (l) => {
                    leader = l
                  },
                }),
                runTournamentScheduler(services.store, services.tournaments),
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
        app.streams.closeAll()
        await new Promise<void>((resolve) => {
          http.close(() => resolve())
          http.closeIdleConnections()
          setTimeout(() => http.closeAllConnections(), 2_000).unref()
        })
        await runtime.runPromise(Scope.close(handlerScope, Exit.void))
        if (background !== undefined) await runtime.runPromise(Fiber.interrupt(background))
        await runtime.dispose()
      })()
      return closing
    }
    return { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, port, app, store, close }
  } catch (error) {
    await runtime.dispose()
    throw error
  }
}
