import { openApiDocument } from "@boroughs/protocol"
import { Effect } from "effect"
import { ok } from "../http/respond.js"
import type { Route } from "../http/router.js"

let openApiJson: string | undefined

/** `GET /api/openapi.json`, `GET /api/health`, `GET /api/catalogue`. */
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
              seats: game?.seats ?? { min: 0, max: 0 },
              bots: app.config.botsOf(id),
            }
          }),
        }),
      ),
  },
]
