import { BadRequest, BoroughsApi } from "@boroughs/protocol"
import { Effect, Schema } from "effect"
import { HttpApi } from "effect/http-api"
import type { Route, RouteContext } from "./router.js"

/** The path-parameter schema of each endpoint of the HttpApi definition, by `METHOD /path/:param`. */
const paramSchemas: ReadonlyMap<string, Schema.Top> = (() => {
  const found = new Map<string, Schema.Top>()
  HttpApi.reflect(BoroughsApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => {
      if (endpoint.params !== undefined) found.set(`${endpoint.method} ${endpoint.path}`, endpoint.params)
    },
  })
  return found
})()

/**
 * The route, answering 400 when a path parameter does not decode with its schema in the HttpApi definition:
 * an id is checked at the edge (a NUL byte never reaches the database). A route with parameters the
 * definition does not describe is a programming error, thrown when the routes are built.
 */
export const withCheckedParams = (route: Route): Route => {
  if (!route.path.includes("/:")) return route
  const schema = paramSchemas.get(`${route.method} ${route.path}`)
  if (schema === undefined)
    throw new Error(
      `${route.method} ${route.path}: the HttpApi definition names no schema for its parameters`,
    )
  const decode = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)
  const check = (ctx: RouteContext): Effect.Effect<void, BadRequest> => {
    const decoded = decode(ctx.params)
    return decoded._tag === "Failure"
      ? Effect.fail(new BadRequest({ message: `invalid path: ${decoded.failure.message}` }))
      : Effect.void
  }
  return route.kind === "json"
    ? { ...route, handle: (ctx) => Effect.flatMap(check(ctx), () => route.handle(ctx)) }
    : { ...route, handle: (ctx) => Effect.flatMap(check(ctx), () => route.handle(ctx)) }
}
