import { BadRequest, CreateTokenRequest, NotFound } from "@boroughs/protocol"
import { Effect } from "effect"
import { requireOrganiser } from "../http/auth.js"
import { decodeBody } from "../http/body.js"
import { fromEngine } from "../http/engineErrors.js"
import { ok } from "../http/respond.js"
import type { Route } from "../http/router.js"

/** `POST /api/tokens`, `GET /api/tokens`, `DELETE /api/tokens/:tokenId` (organisers), `GET /api/me`. */
export const tokenRoutes: ReadonlyArray<Route> = [
  {
    method: "POST",
    path: "/api/tokens",
    kind: "json",
    write: true,
    handle: ({ app, req, principal }) =>
      Effect.gen(function* () {
        yield* requireOrganiser(principal)
        const body = yield* decodeBody(req, CreateTokenRequest, app.config.maxBodyBytes)
        if (body.expiresAt !== undefined && Date.parse(body.expiresAt) <= Date.now())
          return yield* new BadRequest({
            message: `expiresAt ${body.expiresAt} has passed: a token must expire in the future`,
          })
        const issued = yield* app.tokens
          .issue({ kind: body.kind, name: body.name, expiresAt: body.expiresAt ?? null })
          .pipe(Effect.mapError(fromEngine))
        return ok(issued, 201)
      }),
  },
  {
    method: "GET",
    path: "/api/tokens",
    kind: "json",
    handle: ({ app, principal }) =>
      Effect.gen(function* () {
        yield* requireOrganiser(principal)
        return ok({ tokens: yield* app.tokens.list.pipe(Effect.mapError(fromEngine)) })
      }),
  },
  {
    method: "DELETE",
    path: "/api/tokens/:tokenId",
    kind: "json",
    write: true,
    handle: ({ app, params, principal }) =>
      Effect.gen(function* () {
        yield* requireOrganiser(principal)
        const revoked = yield* app.tokens.revoke(params.tokenId as string).pipe(Effect.mapError(fromEngine))
        if (!revoked) return yield* new NotFound({ message: `no live token ${params.tokenId}` })
        return { status: 204 }
      }),
  },
  {
    method: "GET",
    path: "/api/me",
    kind: "json",
    handle: ({ principal }) =>
      Effect.succeed(
        ok(
          principal === null
            ? { kind: "spectator", name: null, tokenId: null }
            : { kind: principal.kind, name: principal.name, tokenId: principal.tokenId },
        ),
      ),
  },
]
