import type { EventStore } from "@boroughs/store"

/** The store's Kysely handle (the engine reaches kysely only through the store). */
export type StoreDb = EventStore["Service"]["db"]

/**
 * Tables the engine and server keep beside the event store: tokens, and the rows of projections. Unlike
 * `es_events` they may be rewritten: projections are rebuilt from the log, tokens revoked. Timestamps are
 * written as ISO strings; jsonb as JSON text (pg would send a JS array as a PostgreSQL array).
 */
export type ServerTables = {
  readonly srv_tokens: {
    readonly id: string
    /** SHA-256 (hex) of the secret: the secret itself is never stored. */
    readonly hash: string
    readonly kind: string
    readonly name: string
    readonly created_at: string | Date
    readonly expires_at: string | Date | null
    readonly revoked_at: string | Date | null
  }
  readonly proj_lobby: {
    readonly game_id: string
    readonly game: string
    readonly seats: number
    readonly players: string | ReadonlyArray<string | null>
    readonly spectators: string | Readonly<Record<string, unknown>>
    readonly clock_ms: number | null
    readonly status: string
    readonly version: number
    readonly pending: string | ReadonlyArray<number>
    readonly created_at: string | Date
    readonly updated_at: string | Date
    readonly ended_at: string | Date | null
    readonly outcome: string | Readonly<Record<string, unknown>> | null
    /** Each seat's display name, null where the seat goes by its holder's (`[]` until re-folded). */
    readonly names: string | ReadonlyArray<string | null>
    /** The tournament the game was played in, or null. */
    readonly tournament_id: string | null
  }
  readonly proj_tournaments: {
    readonly tournament_id: string
    readonly name: string
    readonly game: string
    readonly format: string
    readonly status: string
    readonly rounds: number
    readonly rounds_paired: number
    readonly entrants: number
    readonly standings: string | ReadonlyArray<unknown>
    readonly rating_history: string | ReadonlyArray<unknown>
    readonly version: number
    readonly created_at: string | Date
  }
  /** One row per (game, entrant) of the ladder: its rating, record and whether it is paired. */
  readonly proj_ladder_entries: {
    readonly game: string
    readonly holder: string
    /** `active` (paired), `paused` (timed out repeatedly: enters again to resume), `left`. */
    readonly status: string
    readonly mu: number
    readonly sigma: number
    readonly games: number
    readonly wins: number
    /** The bot's decisions the clock made for it in a row, across its ladder games. */
    readonly timeouts_in_row: number
    readonly entered_at: string | Date
    readonly updated_at: string | Date
  }
  /** One row per rated game the ladder started: who sat where, and once it ended, ranks and ratings. */
  readonly proj_ladder_games: {
    readonly game_id: string
    readonly game: string
    readonly holders: string | ReadonlyArray<string>
    readonly status: string
    readonly started_at: string | Date
    readonly ended_at: string | Date | null
    readonly ranks: string | ReadonlyArray<number> | null
    /** Each seat's score (μ − 3σ) before and after the game. */
    readonly before: string | ReadonlyArray<number>
    readonly after: string | ReadonlyArray<number> | null
  }
  /** Which bot tokens have a bot stream open, and on which node: the ladder pairs only those. */
  readonly srv_bot_presence: {
    readonly holder: string
    readonly node: string
    readonly seen_at: string | Date
  }
  /** One row per ended game and analysis key: its analysis queued, under way, ready or failed. */
  readonly proj_analysis: {
    readonly game_id: string
    /** `analysisKey(settings)`: the algorithm's version and settings the row is computed with. */
    readonly key: string
    readonly game: string
    /** `queued`, `running`, `ready` or `failed`. */
    readonly status: string
    /** Positions estimated so far, of `total` (null until the runner knows it). */
    readonly done: number
    readonly total: number | null
    /** Core's `GameAnalysis`, once ready. */
    readonly result: string | Readonly<Record<string, unknown>> | null
    /** Why the last run failed. */
    readonly error: string | null
    readonly queued_at: string | Date
    readonly computed_at: string | Date | null
    readonly elapsed_ms: number | null
  }
  readonly proj_snapshots: {
    readonly game_id: string
    readonly version: number
    readonly match: string | Readonly<Record<string, unknown>>
  }
}

/** The store's handle typed with the server tables too. */
export const withServerTables = (db: StoreDb) => db.withTables<ServerTables>()

/** A handle (or transaction) on the event store and the server tables. */
export type ServerDb = ReturnType<typeof withServerTables>

/** A timestamp column as an ISO string, whichever way the driver returned it. */
export const isoOf = (value: string | Date): string => new Date(value).toISOString()

/** A jsonb column, parsed whichever way the driver returned it. */
export const jsonOf = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) : value) as A
