import type { AnalysisSettings, AnyGame } from "@boroughs/core"
import type { TournamentGame } from "@boroughs/engine"
import type { HouseSearchLimits } from "./houseBots/houseSearch.js"
import { LOOPBACK, parseTrustedProxies, type TrustedProxies } from "./http/clientAddress.js"
import type { RedisSettings } from "./http/rateLimitStore.js"
import type { LogFormat } from "./observability/logging.js"

/** A token bucket: `perSecond` sustained, `burst` at once. */
export interface RateLimit {
  readonly perSecond: number
  readonly burst: number
}

/** How the ladders run; each field has a default (see `ladderDefaults`). */
export interface LadderOptions {
  /** Each seat's time for a decision in rated games. */
  readonly decisionMs?: number
  /** The house bots that fill seats (`builtin:<bot>`), taken in turn. */
  readonly house?: ReadonlyArray<string>
  /** Seats at a table (clamped to each game's range). */
  readonly tableSize?: number
  /** How often the free entrants are paired. */
  readonly tickMs?: number
}

export const ladderDefaults = {
  decisionMs: 10_000,
  house: ["builtin:heuristic"],
  tableSize: 4,
  tickMs: 2_000,
} as const

/** Everything a server process is told at start (main.ts reads it from flags and the environment). */
export interface ServerConfig {
  readonly host: string
  /** 0: any free port (tests). */
  readonly port: number
  /** Where the events live: a PostgreSQL URL, or a PGlite directory (absent: in memory). */
  readonly database:
    | { readonly kind: "postgres"; readonly url: string }
    | {
        readonly kind: "pglite"
        readonly dir: string | undefined
        /** A data directory dump to start from instead of initdb (tests start in 1–3 s this way). */
        readonly loadDataDir?: Blob | undefined
      }
  /** The games this server hosts. */
  readonly findGame: (id: string) => AnyGame | undefined
  readonly knownGames: () => ReadonlyArray<string>
  /** The bots each game ships (for the catalogue). */
  readonly botsOf: (id: string) => ReadonlyArray<string>
  /** A game's rules and its built-in bots, for tournaments (absent: tournaments without built-in bots). */
  readonly tournamentGame?: (id: string) => TournamentGame | undefined
  /** The organiser's Ed25519 key file that signs round roots (absent: $BOROUGHS_SIGNING_KEY, else .boroughs/). */
  readonly signingKeyFile?: string
  /** A secret to accept as an organiser token (registered, hashed, at start). */
  readonly organiserToken: string | undefined
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number
  /** Idle time after which a stream gets a keep-alive. */
  readonly keepAliveMs: number
  /** `null` turns limiting off. */
  readonly rateLimits: {
    /** Per token (or client address, without one), reads and writes apart. */
    readonly reads: RateLimit
    readonly writes: RateLimit
    /** Every request of a client address, checked before anything else (the route, the token). */
    readonly perAddress: RateLimit
    /** Refused tokens per client address: once spent, its tokens are not even looked up. */
    readonly authFailures: RateLimit
    /** Guest games (`POST /api/play`) per client address, on top of its writes; absent: `guestGameLimit`. */
    readonly guestGames?: RateLimit
  } | null
  /**
   * Redis holding the rate limits' buckets ($BOROUGHS_REDIS_URL), so that replicas behind one load balancer
   * share each caller's budget; absent, each process counts in its own memory.
   */
  readonly rateLimitRedis?: RedisSettings | undefined
  /** Open streams (SSE and bot) per client address; `null` for no cap. */
  readonly maxStreamsPerAddress: number | null
  /** Proxies whose `X-Forwarded-For` names the client (the web apps forward browsers' requests). */
  readonly trustedProxies: TrustedProxies
  /** A snapshot every this many events of each game. */
  readonly snapshotEvery: number
  /** Run the background work (projections, clocks) when this process holds the lock. */
  readonly background: boolean
  /** How often the store wakes readers without an append. */
  readonly pollIntervalMs: number
  /** This process's name in /api/health and logs. */
  readonly node: string
  /** Log each request (method, path, status, ms) to stderr. */
  readonly logRequests: boolean
  /** JSON lines (production) or pretty (a terminal); absent: pretty. */
  readonly logFormat?: LogFormat
  /** The searching house bots' threads and budget caps (`builtin:ismcts:<budget>`); absent: the defaults. */
  readonly houseSearch?: HouseSearchLimits | undefined
  /**
   * The bot ladders: one per hosted game whose house bots the server can play. Absent: the defaults;
   * false: no ladder.
   */
  readonly ladder?: false | LadderOptions
  /**
   * How finished games are analysed in the background (`GET /api/games/:gameId/analysis`). Absent:
   * `defaultAnalysisSettings`; false: no analysis (`BOROUGHS_ANALYSIS=off`).
   */
  readonly analysis?: false | AnalysisSettings
  /** Whether guests may create games with `POST /api/play` (absent: yes; `BOROUGHS_GUEST_GAMES=off`: no). */
  readonly guestGames?: boolean
  /**
   * The bearer token `GET /metrics` asks for ($BOROUGHS_METRICS_TOKEN or _FILE); absent: it answers whoever
   * reaches the port, like `/api/health`.
   */
  readonly metricsToken?: string | undefined
}

/**
 * Guest games one client address may create: each is a live game the server keeps and plays house bots in,
 * so far fewer than its other writes (a burst of 10, then one every 6 s).
 */
export const guestGameLimit: RateLimit = { perSecond: 1 / 6, burst: 10 }

/** The defaults main.ts starts from. */
export const defaultLimits = {
  maxBodyBytes: 64 * 1024,
  keepAliveMs: 15_000,
  rateLimits: {
    reads: { perSecond: 50, burst: 200 },
    writes: { perSecond: 20, burst: 100 },
    perAddress: { perSecond: 500, burst: 2_000 },
    authFailures: { perSecond: 2, burst: 30 },
  },
  maxStreamsPerAddress: 64,
  trustedProxies: parseTrustedProxies(LOOPBACK),
  snapshotEvery: 50,
  pollIntervalMs: 250,
} as const
