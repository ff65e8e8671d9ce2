import { seatRange } from "@boroughs/core"
import { openApiDocument, Unavailable } from "@boroughs/protocol"
import { Effect } from "effect"
import type { App } from "../app.js"
import { ok } from "../http/respond.js"
import type { Route } from "../http/router.js"

let openApiJson: string | undefined

/** How long readiness waits for the database: a probe must get its answer before the prober gives up. */
const READY_TIMEOUT = "2 seconds"

/** Whether the database answers a trivial query in time. */
const databaseAnswers = (app: App): Effect.Effect<boolean> =>
  Effect.tryPromise(() => app.store.db.selectNoFrom((eb) => eb.val(1).as("one")).execute()).pipe(
    Effect.timeoutOption(READY_TIMEOUT),
    Effect.map((answered) => answered._tag === "Some"),
    Effect.orElseSucceed(() => false),
  )

/** `GET /api/openapi.json`, `GET /api/health`, `GET /api/ready`, `GET /api/catalogue`. */
export const metaRoutes: ReadonlyArray<Route> = [
  {
    method: "GET",
    path: "/api/openapi.json",
    kind: "json",
    handle: () =>
      Effect.sync(() => {
        openApiJson ??= JSON.stringify(openApiDocument())
        return ok(openApiJson)
      }),
  },
  {
    // Liveness: this process runs and answers, whether or not its database does (see /api/ready).
    method: "GET",
    path: "/api/health",
    kind: "json",
    handle: ({ app }) =>
      Effect.sync(() => {
        const memory = process.memoryUsage()
        return ok({
          ok: true,
          node: app.config.node,
          leader: app.isLeader(),
          streams: app.streams.size,
          memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
        })
      }),
  },
  {
    // Readiness, apart from liveness: a replica whose database is away is alive (restarting it would not
    // help) but should get no traffic until it can serve again.
    method: "GET",
    path: "/api/ready",
    kind: "json",
    handle: ({ app }) =>
      Effect.flatMap(databaseAnswers(app), (answers) =>
        answers
          ? Effect.succeed(ok({ ok: true, node: app.config.node }))
          : Effect.fail(
              new Unavailable({ message: "the database cannot be reached; this server is not ready" }),
            ),
      ),
  },
  {
    method: "GET",
    path: "/api/catalogue",
    kind: "json",
    handle: ({ app }) =>
      Effect.sync(() =>
        ok({
          games: app.config.knownGames().map((id) => {
            const game = app.config.findGame(id)
            return {
              id,
              title: game?.title ?? id,
              // What `POST /api/games` accepts with the game's default options, not every variant's span.
              seats: (game === undefined ? null : seatRange(game)) ?? { min: 0, max: 0 },
              bots: app.config.botsOf(id),
            }
          }),
        }),
      ),
  },
]
