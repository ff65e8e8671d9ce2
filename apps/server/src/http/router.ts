import type { IncomingMessage, ServerResponse } from "node:http"
import type { Principal } from "@boroughs/engine"
import type { ApiError } from "@boroughs/protocol"
import type { Effect } from "effect"
import type { App } from "../app.js"
import type { Reply } from "./respond.js"

/** What a route handler gets. */
export interface RouteContext {
  readonly app: App
  readonly req: IncomingMessage
  readonly res: ServerResponse
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  readonly principal: Principal | null
}

/** A route: JSON routes return a reply; stream routes write the response themselves. */
export type Route =
  | {
      readonly method: string
      readonly path: string
      readonly kind: "json"
      readonly write?: boolean
      readonly handle: (ctx: RouteContext) => Effect.Effect<Reply, ApiError>
    }
  | {
      readonly method: string
      readonly path: string
      readonly kind: "stream"
      readonly handle: (ctx: RouteContext) => Effect.Effect<void, ApiError>
    }

/** A route matched against a request path, with its `:params`. */
export interface Matched {
  readonly route: Route
  readonly params: Record<string, string>
}

const split = (path: string) => path.split("/").filter((s) => s !== "")

/**
 * Matches method and path against the routes (`/api/games/:gameId`). `allowed` lists the methods of a
 * path that exists under another method (for the 404's message).
 */
export const match = (
  routes: ReadonlyArray<Route>,
  method: string,
  path: string,
): Matched | { readonly allowed: ReadonlyArray<string> } => {
  const parts = split(path)
  const allowed: string[] = []
  for (const route of routes) {
    const pattern = split(route.path)
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i] as string
      const s = parts[i] as string
      if (p.startsWith(":")) {
        try {
          params[p.slice(1)] = decodeURIComponent(s)
        } catch {
          ok = false
        }
      } else ok = p === s
    }
    if (!ok) continue
    if (route.method === method) return { route, params }
    allowed.push(route.method)
  }
  return { allowed }
}
