import { holderOf, type Principal } from "@boroughs/engine"
import { BoroughsApi, Caller, Forbidden, LadderEntryRequest } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { requireToken } from "../http/auth.js"
import { bodyOf } from "../http/body.js"
import { apiFailures } from "../http/engineErrors.js"

/** The caller, who must hold a bot token: the ladder rates bots. */
const requireBot = (principal: Principal | null) =>
  Effect.flatMap(requireToken(principal), (p) =>
    p.kind === "bot"
      ? Effect.succeed(p)
      : Effect.fail(
          new Forbidden({ message: `only bot tokens enter the ladder; this is a ${p.kind} token` }),
        ),
  )

/**
 * The ladders (docs/ladder.md): `GET /api/ladder`, `GET /api/ladder/:game`, `GET /api/ladder/:game/games`
 * for anyone; `POST /api/ladder/entries` and `DELETE /api/ladder/entries/:game` for the bot token itself.
 */
export const ladderGroup = (app: App) =>
  HttpApiBuilder.group(BoroughsApi, "ladder", (handlers) =>
    handlers
      .handle("listLadders", () =>
        Effect.map(app.ladder.summaries.pipe(apiFailures), (ladders) => ({ ladders })),
      )
      .handle("getLadder", ({ params }) =>
        Effect.gen(function* () {
          const standings = yield* app.ladder.standings(params.game).pipe(apiFailures)
          const games = yield* app.ladder.games(params.game, { limit: 50 }).pipe(apiFailures)
          const { settings } = app.ladder
          return {
            game: params.game,
            decisionMs: settings.decisionMs,
            tableSize: settings.tableSize(params.game),
            house: settings.house,
            standings,
            games,
          }
        }),
      )
      .handle("ladderGames", ({ params, query }) =>
        Effect.map(
          app.ladder
            .games(params.game, {
              ...(query.holder === undefined ? {} : { holder: query.holder }),
              limit: query.limit ?? 50,
            })
            .pipe(apiFailures),
          (games) => ({ games }),
        ),
      )
      .handleRaw("enterLadder", ({ request }) =>
        Effect.gen(function* () {
          const bot = yield* requireBot(yield* Caller)
          const body = yield* bodyOf(app, request, LadderEntryRequest)
          const holder = holderOf(bot)
          yield* app.ladder.enter(body.game, holder).pipe(apiFailures)
          return { game: body.game, holder, status: "active" as const }
        }),
      )
      .handle("leaveLadder", ({ params }) =>
        Effect.gen(function* () {
          const bot = yield* requireBot(yield* Caller)
          const holder = holderOf(bot)
          yield* app.ladder.leave(params.game, holder).pipe(apiFailures)
          return { game: params.game, holder, status: "left" as const }
        }),
      ),
  )
