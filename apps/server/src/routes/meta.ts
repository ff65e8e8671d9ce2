import { seatRange } from "@boroughs/core"
import { BoroughsApi, openApiDocument, Unavailable } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"

let openApiJson: string | undefined

/** How long readiness waits for the database: a probe must get its answer before the prober gives up. */
const READY_TIMEOUT = "2 seconds"

/** `GET /api/openapi.json`, `GET /api/health`, `GET /api/ready`. */
export const metaGroup = (app: App) =>
  HttpApiBuilder.group(BoroughsApi, "meta", (handlers) =>
    handlers
      .handle("openapi", () =>
        Effect.sync(() => {
          openApiJson ??= JSON.stringify(openApiDocument())
          return HttpServerResponse.text(openApiJson, { contentType: "application/json; charset=utf-8" })
        }),
      )
      // Liveness: this process runs and answers, whether or not its database does (see /api/ready).
      .handle("health", () =>
        Effect.sync(() => {
          const memory = process.memoryUsage()
          return {
            ok: true,
            node: app.config.node,
            leader: app.isLeader(),
            streams: app.streams.size,
            memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
          }
        }),
      )
      // Readiness, apart from liveness: a replica whose database is away is alive (restarting it would not
      // help) but should get no traffic until it can serve again.
      .handle("ready", () =>
        Effect.flatMap(app.lobby.databaseAnswers(READY_TIMEOUT), (answers) =>
          answers
            ? Effect.succeed({ ok: true, node: app.config.node })
            : Effect.fail(
                new Unavailable({ message: "the database cannot be reached; this server is not ready" }),
              ),
        ),
      ),
  )

/** `GET /api/catalogue`: the games this server hosts, their seats and house bots. */
export const catalogue = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "catalogue", () =>
    Effect.sync(() => ({
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
    })),
  )
