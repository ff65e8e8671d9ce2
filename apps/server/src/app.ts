import type {
  AccessLog,
  Analyses,
  DisplayNames,
  GameEngine,
  Ladder,
  LiveGames,
  LiveTail,
  Lobby,
  Projections,
  RoundSigner,
  Snapshots,
  Tokens,
  Tournaments,
} from "@boroughs/engine"
import type { ServerConfig } from "./config.js"
import type { Limits } from "./http/limits.js"
import type { StreamRegistry } from "./streams/registry.js"

/** Everything the routes use: the services of the server's one runtime (Server.ts), and its settings. */
export interface App {
  readonly config: ServerConfig
  /** The lobby's and tournaments' projections, their lag, the database's readiness. */
  readonly lobby: Lobby["Service"]
  /** The server's projections: their lag, for `/metrics`. */
  readonly projections: Projections["Service"]
  /** The analyses of finished games, computed in the background. */
  readonly analyses: Analyses["Service"]
  /** The organiser looks at each game's secrets. */
  readonly access: AccessLog["Service"]
  readonly engine: GameEngine["Service"]
  readonly live: LiveGames["Service"]
  readonly tail: LiveTail["Service"]
  readonly tokens: Tokens["Service"]
  readonly snapshots: Snapshots["Service"]
  /** Tournaments: create, read, act; the scheduler runs them in the background. */
  readonly tournaments: Tournaments["Service"]
  /** The bot ladders: entries, tables, rated games. */
  readonly ladder: Ladder["Service"]
  /** The organisers' register of display names, applied to games as they are created. */
  readonly names: DisplayNames["Service"]
  /** The organiser's key that signs round roots (its public half is shown to everyone). */
  readonly signer: RoundSigner
  readonly limits: Limits | null
  readonly streams: StreamRegistry
  /** Whether this process runs the background work now. */
  readonly isLeader: () => boolean
}
