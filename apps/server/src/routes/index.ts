import { withCheckedParams } from "../http/pathParams.js"
import type { Route } from "../http/router.js"
import { botStream } from "../streams/botGateway.js"
import { gameStream } from "../streams/gameSse.js"
import { auditRoute } from "./audit.js"
import { commandRoute } from "./commands.js"
import { gameRoutes } from "./games.js"
import { metaRoutes } from "./meta.js"
import { timelineRoute } from "./timeline.js"
import { tokenRoutes } from "./tokens.js"
import { tournamentRoutes } from "./tournaments.js"
import { viewAtRoute } from "./viewAt.js"

/** Every route of the server: those of the HttpApi definition in @boroughs/protocol, one for one. */
const declared: ReadonlyArray<Route> = [
  ...gameRoutes,
  commandRoute,
  viewAtRoute,
  timelineRoute,
  auditRoute,
  {
    method: "GET",
    path: "/api/games/:gameId/stream",
    kind: "stream",
    handle: ({ app, req, res, params, query, principal }) =>
      gameStream(app, req, res, params.gameId as string, query, principal),
  },
  {
    method: "GET",
    path: "/api/bot/stream",
    kind: "stream",
    handle: ({ app, req, res, principal }) => botStream(app, req, res, principal),
  },
  ...tokenRoutes,
  ...tournamentRoutes,
  ...metaRoutes,
]

/** The routes as served: each path parameter checked against its schema in the HttpApi definition. */
export const routes: ReadonlyArray<Route> = declared.map(withCheckedParams)
