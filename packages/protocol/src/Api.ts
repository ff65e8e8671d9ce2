import { Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { GameAnalysis } from "./Analysis.js"
import { AuditReport } from "./Audit.js"
import { Authentication } from "./Auth.js"
import { BotStreamMessage } from "./BotStream.js"
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  RateLimited,
  RuleViolation,
  ServerError,
  Unauthorized,
  Unavailable,
  UnsupportedMediaType,
} from "./Errors.js"
import { GameStreamMessage } from "./GameStream.js"
import {
  Catalogue,
  CommandAccepted,
  CommandRequest,
  CreatedGame,
  CreateGameRequest,
  EventsPage,
  EventsQuery,
  GameDetail,
  GameList,
  GameListQuery,
  GameStreamQuery,
  PlayCreated,
  PlayRequest,
  SeatNameSet,
  SeatParam,
  SetSeatNameRequest,
  ViewAt,
  ViewAtQuery,
  ViewerQuery,
} from "./Games.js"
import { GameId, RegisteredGameId, SeatHolder, TokenId } from "./Ids.js"
import {
  LadderDetail,
  LadderEntry,
  LadderEntryRequest,
  LadderGames,
  LadderGamesQuery,
  LadderList,
} from "./Ladder.js"
import { RegisteredName, RegisteredNameList, SetDisplayNameRequest } from "./Names.js"
import { Timeline } from "./Timeline.js"
import { CreateTokenRequest, IssuedToken, Me, TokenList, TokenListQuery } from "./Tokens.js"
import {
  ActionAccepted,
  CreateTournamentRequest,
  GameActionRequest,
  OrganiserGameView,
  SigningKey,
  TournamentActionRequest,
  TournamentAudit,
  TournamentDetail,
  TournamentId,
  TournamentList,
  Trail,
} from "./Tournaments.js"

const gamePath = { gameId: GameId }
/** What every route may answer besides its own errors (503 while the database is unreachable). */
const common = [BadRequest, Unauthorized, RateLimited, ServerError, Unavailable] as const
const withBody = [...common, PayloadTooLarge, UnsupportedMediaType] as const

const games = HttpApiGroup.make("games")
  .add(
    HttpApiEndpoint.post("createGame", "/api/games", {
      payload: CreateGameRequest,
      success: CreatedGame.pipe(HttpApiSchema.status(201)),
      error: [...withBody, Forbidden, Conflict, RuleViolation],
    }),
    HttpApiEndpoint.post("play", "/api/play", {
      payload: PlayRequest,
      success: PlayCreated.pipe(HttpApiSchema.status(201)),
      // 403: guest games are off on this server, or a token was sent (guests send none).
      error: [...withBody, Forbidden, RuleViolation],
    }).annotate(
      OpenApi.Description,
      "A guest's game, no token needed: one `me` seat, invited seats and house bots; answers the guest's seat token and one per invited seat.",
    ),
    HttpApiEndpoint.put("nameSeat", "/api/games/:gameId/seats/:seat/name", {
      params: { ...gamePath, seat: SeatParam },
      payload: SetSeatNameRequest,
      success: SeatNameSet,
      // 403: another seat's token, or a tournament's game; 409 game-ended.
      error: [...withBody, Forbidden, NotFound, Conflict, RuleViolation],
    }).annotate(
      OpenApi.Description,
      "A seat's display name, set by the seat's own seat token (a guest naming themself) or an organiser; recorded as SeatNamed in the game's stream.",
    ),
    HttpApiEndpoint.get("listGames", "/api/games", {
      query: GameListQuery,
      success: GameList,
      error: [...common],
    }),
    HttpApiEndpoint.get("catalogue", "/api/catalogue", { success: Catalogue, error: [...common] }),
    HttpApiEndpoint.get("getGame", "/api/games/:gameId", {
      params: gamePath,
      query: ViewerQuery,
      success: GameDetail,
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.get("events", "/api/games/:gameId/events", {
      params: gamePath,
      query: EventsQuery,
      success: EventsPage,
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.get("viewAt", "/api/games/:gameId/view", {
      params: gamePath,
      query: ViewAtQuery,
      success: ViewAt,
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.get("timeline", "/api/games/:gameId/timeline", {
      params: gamePath,
      query: ViewerQuery,
      success: Timeline,
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.get("analysis", "/api/games/:gameId/analysis", {
      params: gamePath,
      success: GameAnalysis,
      error: [...common, Forbidden, NotFound, Conflict],
    }),
    HttpApiEndpoint.get("audit", "/api/games/:gameId/audit", {
      params: gamePath,
      query: ViewerQuery,
      success: AuditReport,
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.post("command", "/api/games/:gameId/commands", {
      params: gamePath,
      payload: CommandRequest,
      success: CommandAccepted,
      error: [...withBody, Forbidden, NotFound, Conflict, RuleViolation],
    }),
  )
  .middleware(Authentication)
  .annotateMerge(OpenApi.annotations({ description: "Games: lobby, views, events and commands." }))

const streams = HttpApiGroup.make("streams")
  .add(
    HttpApiEndpoint.get("gameStream", "/api/games/:gameId/stream", {
      params: gamePath,
      query: GameStreamQuery,
      success: HttpApiSchema.StreamSse({ data: GameStreamMessage }),
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.get("botStream", "/api/bot/stream", {
      success: HttpApiSchema.StreamNdjson({ schema: BotStreamMessage }),
      error: [...common, Forbidden],
    }),
  )
  .middleware(Authentication)
  .annotateMerge(
    OpenApi.annotations({
      description:
        "Live streams: a game's events as Server-Sent Events (Last-Event-ID resume), and the bot gateway as NDJSON.",
    }),
  )

const tokens = HttpApiGroup.make("tokens")
  .add(
    HttpApiEndpoint.post("createToken", "/api/tokens", {
      payload: CreateTokenRequest,
      success: IssuedToken.pipe(HttpApiSchema.status(201)),
      error: [...withBody, Forbidden],
    }),
    HttpApiEndpoint.get("listTokens", "/api/tokens", {
      query: TokenListQuery,
      success: TokenList,
      error: [...common, Forbidden],
    }),
    HttpApiEndpoint.delete("revokeToken", "/api/tokens/:tokenId", {
      params: { tokenId: TokenId },
      error: [...common, Forbidden, NotFound],
    }),
    HttpApiEndpoint.get("me", "/api/me", { success: Me, error: [...common] }),
    HttpApiEndpoint.get("listNames", "/api/names", {
      success: RegisteredNameList,
      error: [...common, Forbidden],
    }),
    HttpApiEndpoint.put("setName", "/api/names/:holder", {
      params: { holder: SeatHolder },
      payload: SetDisplayNameRequest,
      success: RegisteredName,
      error: [...withBody, Forbidden],
    }),
    HttpApiEndpoint.delete("clearName", "/api/names/:holder", {
      params: { holder: SeatHolder },
      error: [...common, Forbidden, NotFound],
    }),
  )
  .middleware(Authentication)
  .annotateMerge(
    OpenApi.annotations({
      description:
        "Tokens and names: organisers issue and revoke tokens, and keep the register of display names that new games show for their seat holders.",
    }),
  )

const tournamentPath = { tournamentId: TournamentId }
const organiserOnly = [...common, Forbidden] as const

const tournaments = HttpApiGroup.make("tournaments")
  .add(
    HttpApiEndpoint.post("createTournament", "/api/tournaments", {
      payload: CreateTournamentRequest,
      success: TournamentDetail.pipe(HttpApiSchema.status(201)),
      error: [...withBody, Forbidden, Conflict, RuleViolation],
    }),
    HttpApiEndpoint.get("listTournaments", "/api/tournaments", {
      success: TournamentList,
      error: [...organiserOnly],
    }),
    HttpApiEndpoint.get("getTournament", "/api/tournaments/:tournamentId", {
      params: tournamentPath,
      success: TournamentDetail,
      error: [...organiserOnly, NotFound],
    }),
    HttpApiEndpoint.post("tournamentAction", "/api/tournaments/:tournamentId/actions", {
      params: tournamentPath,
      payload: TournamentActionRequest,
      success: TournamentDetail,
      error: [...withBody, Forbidden, NotFound, Conflict, RuleViolation],
    }),
    HttpApiEndpoint.get("tournamentTrail", "/api/tournaments/:tournamentId/trail", {
      params: tournamentPath,
      success: Trail,
      error: [...organiserOnly, NotFound],
    }),
    HttpApiEndpoint.get("tournamentAudit", "/api/tournaments/:tournamentId/audit", {
      params: tournamentPath,
      query: Schema.Struct({ format: Schema.optionalKey(Schema.Literals(["json", "text"])) }),
      success: TournamentAudit,
      error: [...organiserOnly, NotFound],
    }),
    HttpApiEndpoint.get("tournamentExport", "/api/tournaments/:tournamentId/export", {
      params: tournamentPath,
      success: HttpApiSchema.StreamNdjson({ schema: Schema.Unknown }),
      error: [...organiserOnly, NotFound],
    }),
    HttpApiEndpoint.post("gameAction", "/api/games/:gameId/actions", {
      params: gamePath,
      payload: GameActionRequest,
      success: ActionAccepted,
      error: [...withBody, Forbidden, NotFound, Conflict, RuleViolation],
    }),
    HttpApiEndpoint.get("gameTrail", "/api/games/:gameId/trail", {
      params: gamePath,
      success: Trail,
      error: [...organiserOnly, NotFound],
    }),
    HttpApiEndpoint.get("organiserGameView", "/api/admin/games/:gameId", {
      params: gamePath,
      success: OrganiserGameView,
      // 409 when so many view the game at once that recording this view keeps losing the race.
      error: [...organiserOnly, NotFound, Conflict],
    }),
    HttpApiEndpoint.get("signingKey", "/api/signing-key", { success: SigningKey, error: [...common] }),
  )
  .middleware(Authentication)
  .annotateMerge(
    OpenApi.annotations({
      description:
        "Organisers: tournaments, standings and ratings, organiser actions as events, the action trail and audits (docs/audit.md).",
    }),
  )

const ladderPath = { game: RegisteredGameId }

const ladder = HttpApiGroup.make("ladder")
  .add(
    HttpApiEndpoint.get("listLadders", "/api/ladder", { success: LadderList, error: [...common] }),
    HttpApiEndpoint.get("getLadder", "/api/ladder/:game", {
      params: ladderPath,
      success: LadderDetail,
      error: [...common, NotFound],
    }),
    HttpApiEndpoint.get("ladderGames", "/api/ladder/:game/games", {
      params: ladderPath,
      query: LadderGamesQuery,
      success: LadderGames,
      error: [...common, NotFound],
    }),
    HttpApiEndpoint.post("enterLadder", "/api/ladder/entries", {
      payload: LadderEntryRequest,
      success: LadderEntry.pipe(HttpApiSchema.status(201)),
      error: [...withBody, Forbidden, NotFound],
    }),
    HttpApiEndpoint.delete("leaveLadder", "/api/ladder/entries/:game", {
      params: ladderPath,
      success: LadderEntry,
      error: [...common, Forbidden, NotFound],
    }),
  )
  .middleware(Authentication)
  .annotateMerge(
    OpenApi.annotations({
      description:
        "The bot ladders (docs/ladder.md): bot tokens opt in per game; the server pairs connected entrants by rating at tables filled with house bots, plays rated games with clocks, and keeps openskill ratings as a projection of the log.",
    }),
  )

const meta = HttpApiGroup.make("meta").add(
  HttpApiEndpoint.get("openapi", "/api/openapi.json", { success: Schema.Unknown }),
  HttpApiEndpoint.get("health", "/api/health", {
    success: Schema.Struct({
      ok: Schema.Boolean,
      node: Schema.String,
      /** Whether this process runs the background work (projections, clocks) now. */
      leader: Schema.Boolean,
      /** Open SSE and bot streams on this process. */
      streams: Schema.Int,
      memory: Schema.Struct({ rssBytes: Schema.Int, heapUsedBytes: Schema.Int }),
    }),
  }).annotate(
    OpenApi.Description,
    "Liveness: the process is up and answering. It stays 200 while the database is away (see /api/ready).",
  ),
  HttpApiEndpoint.get("ready", "/api/ready", {
    success: Schema.Struct({ ok: Schema.Boolean, node: Schema.String }),
    error: [Unavailable],
  }).annotate(
    OpenApi.Description,
    "Readiness: 200 when this process can reach its database and serve requests, 503 while it cannot.",
  ),
)

/**
 * Objects stay open: the server ignores fields it does not know in what it reads, and clients must ignore the
 * ones later versions add to what it sends, so no schema of the document says `additionalProperties: false`.
 */
const open = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(open)
  if (value === null || typeof value !== "object") return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(key === "additionalProperties" && v === false))
      .map(([key, v]) => [key, open(v)]),
  )
}

/** Bearer tokens, one scheme for every operation; optional where a spectator may call (no token). */
// biome-ignore lint/suspicious/noExplicitAny: the generated document is plain JSON.
const bearer = (spec: Record<string, any>) => {
  const security = [{}, { bearer: [] }]
  const paths = Object.fromEntries(
    Object.entries(spec.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        Object.entries(item as Record<string, any>).map(([method, op]) => [method, { ...op, security }]),
      ),
    ]),
  )
  return {
    ...spec,
    paths,
    components: {
      ...spec.components,
      securitySchemes: {
        ...spec.components?.securitySchemes,
        bearer: { type: "http", scheme: "bearer", description: "An organiser, bot, player or seat token." },
      },
    },
    security,
  }
}

/**
 * The Boroughs HTTP API (ARCHITECTURE.md §6). The server implements it route for route; the OpenAPI
 * document served at `/api/openapi.json` and the typed client are both derived from it.
 */
export const BoroughsApi = HttpApi.make("boroughs")
  .add(games, streams, tokens, tournaments, ladder, meta)
  .annotateMerge(
    OpenApi.annotations({
      title: "Boroughs API",
      version: "0.1.0",
      description:
        "Games played by people and bots, watched live. Errors are JSON `{ _tag, message, ... }`; see docs/api.md.",
      // biome-ignore lint/suspicious/noExplicitAny: the generated document is plain JSON.
      transform: (spec) => bearer(open(spec) as Record<string, any>),
    }),
  )
