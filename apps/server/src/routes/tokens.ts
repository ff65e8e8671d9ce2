import { holderOf } from "@boroughs/engine"
import {
  BadRequest,
  BoroughsApi,
  Caller,
  CreateTokenRequest,
  NotFound,
  SetDisplayNameRequest,
} from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { requireOrganiser } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures } from "../http/engineErrors.js"

/**
 * `POST /api/tokens`, `GET /api/tokens?kind=&name=`, `DELETE /api/tokens/:tokenId` (organisers: seat tokens,
 * which only the server mints, are listed and revoked here too), `GET /api/me`, and the register of display
 * names: `GET /api/names`, `PUT` and `DELETE /api/names/:holder` (organisers).
 */
export const tokensGroup = (app: App) =>
  HttpApiBuilder.group(BoroughsApi, "tokens", (handlers) =>
    handlers
      .handleRaw("createToken", ({ request }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const body = yield* bodyOf(app, request, CreateTokenRequest)
          if (body.expiresAt !== undefined && Date.parse(body.expiresAt) <= Date.now())
            return yield* new BadRequest({
              message: `expiresAt ${body.expiresAt} has passed: a token must expire in the future`,
            })
          return yield* app.tokens
            .issue({ kind: body.kind, name: body.name, expiresAt: body.expiresAt ?? null })
            .pipe(apiFailures)
        }),
      )
      .handle("listTokens", ({ query }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          return { tokens: yield* app.tokens.list(query).pipe(apiFailures) }
        }),
      )
      .handle("revokeToken", ({ params }) =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          const revoked = yield* app.tokens.revoke(params.tokenId).pipe(apiFailures)
          if (!revoked) return yield* new NotFound({ message: `no live token ${params.tokenId}` })
        }),
      )
      .handle("listNames", () =>
        Effect.gen(function* () {
          yield* requireOrganiser(yield* Caller)
          return { names: yield* app.names.list.pipe(apiFailures) }
        }),
      )
      .handleRaw("setName", ({ request, params }) =>
        Effect.gen(function* () {
          const organiser = yield* requireOrganiser(yield* Caller)
          const body = yield* bodyOf(app, request, SetDisplayNameRequest)
          return yield* app.names.set(params.holder, body.name.trim(), holderOf(organiser)).pipe(apiFailures)
        }),
      )
      .handle("clearName", ({ params }) =>
        Effect.gen(function* () {
          const organiser = yield* requireOrganiser(yield* Caller)
          const cleared = yield* app.names.clear(params.holder, holderOf(organiser)).pipe(apiFailures)
          if (!cleared)
            return yield* new NotFound({ message: `${params.holder} has no registered display name` })
        }),
      )
      .handle("me", () =>
        Effect.map(Caller, (principal) =>
          principal === null
            ? { kind: "spectator" as const, name: null, tokenId: null }
            : { kind: principal.kind, name: principal.name, tokenId: principal.tokenId },
        ),
      ),
  )
