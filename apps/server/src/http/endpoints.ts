import { BoroughsApi } from "@boroughs/protocol"
import { HttpApi } from "effect/http-api"

/** Endpoints that hold a connection open: a token may ride in the query, and each address holds a few. */
export const STREAMING: ReadonlySet<string> = new Set(["gameStream", "botStream"])

/** Endpoints that change the log (an organiser's full view records that it was seen): the writes bucket. */
export const WRITES: ReadonlySet<string> = new Set([
  "createGame",
  "play",
  "nameSeat",
  "command",
  "createToken",
  "revokeToken",
  "setName",
  "clearName",
  "createTournament",
  "tournamentAction",
  "gameAction",
  "organiserGameView",
  "enterLadder",
  "leaveLadder",
])

export interface Endpoint {
  readonly name: string
  readonly method: string
  /** `/api/games/:gameId`: the route's pattern, for metrics and spans. */
  readonly path: string
  readonly parts: ReadonlyArray<string>
}

const endpoints: ReadonlyArray<Endpoint> = (() => {
  const found: Endpoint[] = []
  HttpApi.reflect(BoroughsApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) =>
      void found.push({
        name: endpoint.identifier,
        method: endpoint.method,
        path: endpoint.path,
        parts: endpoint.path.split("/").filter((s) => s !== ""),
      }),
  })
  return found
})()

/** The endpoints whose path pattern (`/api/games/:gameId`) matches `path`, under any method. */
export const endpointsOn = (path: string): ReadonlyArray<Endpoint> => {
  const parts = path.split("/").filter((s) => s !== "")
  return endpoints.filter(
    (e) => e.parts.length === parts.length && e.parts.every((p, i) => p.startsWith(":") || p === parts[i]),
  )
}
