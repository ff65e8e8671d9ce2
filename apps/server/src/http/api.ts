import { BoroughsApi } from "@boroughs/protocol"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { analysis } from "../routes/analysis.js"
import { audit } from "../routes/audit.js"
import { command } from "../routes/commands.js"
import { createGame, events, getGame, listGamesHandler } from "../routes/games.js"
import { ladderGroup } from "../routes/ladder.js"
import { catalogue, metaGroup } from "../routes/meta.js"
import { play } from "../routes/play.js"
import { nameSeat } from "../routes/seatName.js"
import { timeline } from "../routes/timeline.js"
import { tokensGroup } from "../routes/tokens.js"
import { tournamentsGroup } from "../routes/tournaments.js"
import { viewAt } from "../routes/viewAt.js"
import { botStream } from "../streams/botGateway.js"
import { gameStream } from "../streams/gameSse.js"
import { authenticationLayer } from "./authentication.js"

const gamesGroup = (app: App) =>
  HttpApiBuilder.group(BoroughsApi, "games", (handlers) =>
    handlers
      // Bodies are read by the endpoints themselves (http/body.ts): 413, 415 and storability before the schema.
      .handleRaw("createGame", createGame(app))
      .handleRaw("play", play(app))
      .handleRaw("nameSeat", nameSeat(app))
      .handle("listGames", listGamesHandler(app))
      .handle("catalogue", catalogue(app))
      .handle("getGame", getGame(app))
      .handle("events", events(app))
      .handle("viewAt", viewAt(app))
      .handle("timeline", timeline(app))
      .handle("analysis", analysis(app))
      .handle("audit", audit(app))
      .handleRaw("command", command(app)),
  )

const streamsGroup = (app: App) =>
  HttpApiBuilder.group(BoroughsApi, "streams", (handlers) =>
    handlers.handle("gameStream", gameStream(app)).handle("botStream", botStream(app)),
  )

/**
 * The server's implementation of `BoroughsApi` (packages/protocol): every endpoint's handler, the
 * authentication middleware, and the HTTP services the builder needs. Paths, parameters, queries,
 * successes and error statuses all come from the one definition the OpenAPI document and client share.
 */
export const apiLayer = (app: App) =>
  HttpApiBuilder.layer(BoroughsApi).pipe(
    Layer.provide([
      gamesGroup(app),
      streamsGroup(app),
      tokensGroup(app),
      tournamentsGroup(app),
      ladderGroup(app),
      metaGroup(app),
    ]),
    Layer.provide(authenticationLayer(app)),
    Layer.provide(NodeHttpServer.layerHttpServices),
    Layer.provide(HttpRouter.disableLogger),
  )
