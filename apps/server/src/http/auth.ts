import type { IncomingMessage } from "node:http"
import type { Principal } from "@boroughs/engine"
import { Forbidden, ServerError, Unauthorized, type Unavailable } from "@boroughs/protocol"
import { Effect } from "effect"
import type { App } from "../app.js"
import { clientAddress } from "./clientAddress.js"
import { outageOf } from "./engineErrors.js"

/**
 * The caller's token: `Authorization: Bearer <token>`, or `?access_token=` on stream routes (a browser's
 * EventSource cannot set headers). Null without one: a spectator.
 */
export const tokenOf = (req: IncomingMessage, query: URLSearchParams, streaming: boolean): string | null => {
  const header = req.headers.authorization
  if (header !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    return m ? (m[1] as string) : ""
  }
  return streaming ? query.get("access_token") : null
}

/** Who the token speaks for; null for no token; 401 naming why a token is refused. */
export const principalOf = (
  app: App,
  token: string | null,
): Effect.Effect<Principal | null, Unauthorized | ServerError | Unavailable> => {
  if (token === null) return Effect.succeed(null)
  if (token === "")
    return Effect.fail(
      new Unauthorized({ reason: "malformed", message: "the Authorization header must be `Bearer <token>`" }),
    )
  return app.tokens
    .verify(token)
    .pipe(
      Effect.mapError((e) =>
        e._tag === "TokenRejected"
          ? new Unauthorized({ reason: e.reason, message: e.message })
          : (outageOf(e) ?? new ServerError({ message: "the token could not be checked; retry" })),
      ),
    )
}

/** The caller, who must have a token. */
export const requireToken = (principal: Principal | null): Effect.Effect<Principal, Unauthorized> =>
  principal === null
    ? Effect.fail(
        new Unauthorized({
          reason: "missing",
          message: "this route needs a token (Authorization: Bearer <token>)",
        }),
      )
    : Effect.succeed(principal)

/** The caller, who must be an organiser. */
export const requireOrganiser = (
  principal: Principal | null,
): Effect.Effect<Principal, Unauthorized | Forbidden> =>
  Effect.flatMap(requireToken(principal), (p) =>
    p.kind === "organiser"
      ? Effect.succeed(p)
      : Effect.fail(new Forbidden({ message: `only organisers may do this; this is a ${p.kind} token` })),
  )

/** The client's address: the socket's peer, or the nearest untrusted hop a trusted proxy names. */
export const addressOf = (app: App, req: IncomingMessage): string =>
  clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], app.config.trustedProxies)
