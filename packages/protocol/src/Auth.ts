import { Context } from "effect"
import { HttpApiMiddleware } from "effect/http-api"
import { RateLimited, ServerError, Unauthorized, Unavailable } from "./Errors.js"

/** Who a verified token speaks for. */
export interface Principal {
  readonly tokenId: string
  readonly kind: "organiser" | "bot" | "player" | "seat"
  readonly name: string
}

/** The caller of the current request: the token's principal, or null for a spectator without one. */
export class Caller extends Context.Service<Caller, Principal | null>()("boroughs/Caller") {}

/**
 * Authentication for every endpoint but the meta group: reads the bearer token (or `?access_token=` on
 * stream endpoints, which browsers' EventSource cannot give headers), verifies it, charges the caller's
 * rate limits and provides the {@link Caller}. A request without a token is a spectator's; a refused token
 * is 401 (docs/api.md, "Tokens").
 */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: Caller }>()(
  "boroughs/Authentication",
  { error: [Unauthorized, RateLimited, ServerError, Unavailable] },
) {}
