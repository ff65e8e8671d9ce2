import { EventStore, type StoreError, StoreError as StoreFailure } from "@boroughs/store"
import { Context, type Duration, Effect, Layer } from "effect"
import type { SpectatorPolicy } from "./GameSettings.js"
import { isoOf, jsonOf, type StoreDb, withServerTables } from "./serverTables.js"
import { listTournamentRows, type TournamentRow } from "./tournament/TournamentProjection.js"

/** One game as the lobby lists it. */
export interface GameSummary {
  readonly gameId: string
  readonly game: string
  readonly seats: number
  readonly players: ReadonlyArray<string | null>
  /** Each seat's display name, null where it goes by its holder's. */
  readonly names: ReadonlyArray<string | null>
  /** The tournament the game was played in, by id and name; null for a game outside any. */
  readonly tournament: { readonly id: string; readonly name: string } | null
  readonly spectators: SpectatorPolicy
  readonly decisionMs: number | null
  readonly status: "live" | "ended"
  readonly version: number
  readonly pending: ReadonlyArray<number>
  readonly createdAt: string
  readonly updatedAt: string
  readonly endedAt: string | null
  readonly outcome: {
    readonly ranks: ReadonlyArray<number>
    readonly scores: ReadonlyArray<number>
    readonly reason: string
  } | null
}

/** Filters of the lobby; newest games first, `before` continues a page, `after` pages back. */
export interface LobbyQuery {
  readonly status?: "live" | "ended" | undefined
  readonly game?: string | undefined
  /**
   * Only games where this seat holder (`bot:<name>`, `player:<name>`, or a bare name: either, or a seat's
   * display name) has a seat.
   */
  readonly player?: string | undefined
  /** Include organiser-only games (organisers), or only those of `visibleTo` among them. */
  readonly includePrivate?: boolean | undefined
  readonly visibleTo?: string | undefined
  readonly limit?: number | undefined
  /** The `cursor` of the last game of the previous page. */
  readonly before?: string | undefined
  /** The `cursor` of the first game of the next page: the `limit` games just newer than it. */
  readonly after?: string | undefined
}

/** The seat holders a `player` filter names: itself, or both kinds for a bare name. */
const holdersNamed = (player: string): string[] =>
  player.includes(":") ? [player] : [`bot:${player}`, `player:${player}`]

type LobbyRow = Awaited<ReturnType<typeof selectRows>>[number]

const selectRows = async (db: StoreDb, q: LobbyQuery, limit: number) => {
  let query = withServerTables(db).selectFrom("proj_lobby").selectAll()
  if (q.status !== undefined) query = query.where("status", "=", q.status)
  if (q.game !== undefined) query = query.where("game", "=", q.game)
  const player = q.player
  if (player !== undefined)
    query = query.where((eb) =>
      eb.or([
        ...holdersNamed(player).map((holder) => eb("players", "@>", JSON.stringify([holder]))),
        // A bare name also finds the seats that go by it (a tournament's entrant, from game to game).
        ...(player.includes(":") ? [] : [eb("names", "@>", JSON.stringify([player]))]),
      ]),
    )
  if (!q.includePrivate)
    query = query.where((eb) =>
      eb.or([
        eb.not(eb("spectators", "@>", JSON.stringify({ mode: "private" }))),
        ...(q.visibleTo === undefined ? [] : [eb("players", "@>", JSON.stringify([q.visibleTo]))]),
      ]),
    )
  const before = q.before === undefined ? null : parseCursor(q.before)
  if (before !== null)
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", before.createdAt),
        eb.and([eb("created_at", "=", before.createdAt), eb("game_id", "<", before.gameId)]),
      ]),
    )
  const after = q.after === undefined ? null : parseCursor(q.after)
  if (after === null)
    return query.orderBy("created_at", "desc").orderBy("game_id", "desc").limit(limit).execute()
  // The games just newer than the cursor are the oldest of those newer: take them oldest first, then turn.
  const newer = await query
    .where((eb) =>
      eb.or([
        eb("created_at", ">", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("game_id", ">", after.gameId)]),
      ]),
    )
    .orderBy("created_at", "asc")
    .orderBy("game_id", "asc")
    .limit(limit)
    .execute()
  return newer.reverse()
}

/** The opaque position of a game in the lobby's order, to continue a page after it. */
export const cursorOf = (g: Pick<GameSummary, "createdAt" | "gameId">): string => `${g.createdAt}|${g.gameId}`

const parseCursor = (cursor: string): { createdAt: string; gameId: string } | null => {
  const bar = cursor.indexOf("|")
  if (bar < 0 || Number.isNaN(Date.parse(cursor.slice(0, bar)))) return null
  return { createdAt: cursor.slice(0, bar), gameId: cursor.slice(bar + 1) }
}

/** Whether a cursor is one `cursorOf` made (the server refuses others with 400). */
export const isCursor = (cursor: string): boolean => parseCursor(cursor) !== null

const toSummary = (row: LobbyRow, tournamentNames: ReadonlyMap<string, string>): GameSummary => {
  const names = jsonOf<ReadonlyArray<string | null>>(row.names)
  const tournamentName = row.tournament_id === null ? undefined : tournamentNames.get(row.tournament_id)
  return {
    gameId: row.game_id,
    game: row.game,
    seats: row.seats,
    players: jsonOf(row.players),
    names: Array.from({ length: row.seats }, (_, seat) => names[seat] ?? null),
    // A tournament's row trails the log like the lobby's: until it is there, the game names it by id.
    tournament:
      row.tournament_id === null
        ? null
        : { id: row.tournament_id, name: tournamentName ?? row.tournament_id },
    spectators: jsonOf(row.spectators),
    decisionMs: row.clock_ms,
    status: row.status === "ended" ? "ended" : "live",
    version: row.version,
    pending: jsonOf(row.pending),
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    endedAt: row.ended_at === null ? null : isoOf(row.ended_at),
    outcome: row.outcome === null ? null : jsonOf(row.outcome),
  }
}

/** The names of the tournaments the rows were played in, by id. */
const tournamentNamesOf = async (
  db: StoreDb,
  rows: ReadonlyArray<LobbyRow>,
): Promise<Map<string, string>> => {
  const ids = [...new Set(rows.flatMap((r) => (r.tournament_id === null ? [] : [r.tournament_id])))]
  if (ids.length === 0) return new Map()
  const found = await withServerTables(db)
    .selectFrom("proj_tournaments")
    .select(["tournament_id", "name"])
    .where("tournament_id", "in", ids)
    .execute()
  return new Map(found.map((t) => [t.tournament_id, t.name]))
}

/** Reads the lobby projection. It trails the log by a wake-up: a game just created may take a moment. */
export const listGames = (db: StoreDb, q: LobbyQuery): Effect.Effect<GameSummary[], StoreError> =>
  Effect.tryPromise({
    try: async () => {
      const rows = await selectRows(db, q, Math.min(Math.max(q.limit ?? 50, 1), 500))
      const tournamentNames = await tournamentNamesOf(db, rows)
      return rows.map((row) => toSummary(row, tournamentNames))
    },
    catch: queryFailure("the lobby"),
  })

const queryFailure = (what: string) => (cause: unknown) =>
  new StoreFailure({
    reason: "query",
    message: `reading ${what}: ${cause instanceof Error ? cause.message : String(cause)}`,
    cause,
  })

/**
 * What the server reads besides games: the lobby's and the tournaments' projections, and whether the
 * database answers at all. The routes ask this service; none of them holds the database.
 */
export class Lobby extends Context.Service<
  Lobby,
  {
    /** A page of the lobby (see `listGames`). */
    readonly games: (q: LobbyQuery) => Effect.Effect<GameSummary[], StoreError>
    /** Every tournament's row, newest first (the standings projection; it trails the log like the lobby). */
    readonly tournaments: Effect.Effect<TournamentRow[], StoreError>
    /** Whether the database answers a trivial query within `timeout`. */
    readonly databaseAnswers: (timeout: Duration.Input) => Effect.Effect<boolean>
  }
>()("@boroughs/engine/Lobby") {
  static readonly layer: Layer.Layer<Lobby, never, EventStore> = Layer.effect(
    Lobby,
    Effect.map(EventStore, (store) => ({
      games: (q) => listGames(store.db, q),
      tournaments: Effect.tryPromise({
        try: () => listTournamentRows(withServerTables(store.db)),
        catch: queryFailure("the tournament list"),
      }),
      databaseAnswers: (timeout) =>
        Effect.tryPromise(() => store.db.selectNoFrom((eb) => eb.val(1).as("one")).execute()).pipe(
          Effect.timeoutOption(timeout),
          Effect.map((answered) => answered._tag === "Some"),
          Effect.orElseSucceed(() => false),
        ),
    })),
  )
}
