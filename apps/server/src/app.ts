import type {
  GameEngine,
  LiveGames,
  LiveTail,
  RoundSigner,
  Snapshots,
  Tokens,
  Tournaments,
} from "@boroughs/engine"
import type { EventStore } from "@boroughs/store"
import type { ServerConfig } from "./config.js"
import type { RateLimiter } from "./http/rateLimit.js"
import type { StreamRegistry } from "./streams/registry.js"

/** Everything the routes use: the services of the server's one runtime (Server.ts), and its settings. */
export interface App {
  readonly config: ServerConfig
  readonly store: EventStore["Service"]
  readonly engine: GameEngine["Service"]
  readonly live: LiveGames["Service"]
  readonly tail: LiveTail["Service"]
  readonly tokens: Tokens["Service"]
  readonly snapshots: Snapshots["Service"]
  /** Tournaments: create, read, act; the scheduler runs them in the background. */
  readonly tournaments: Tournaments["Service"]
  /** The organiser's key that signs round roots (its public half is shown to everyone). */
  readonly signer: RoundSigner
  readonly limits: {
    readonly reads: RateLimiter
    readonly writes: RateLimiter
    readonly perAddress: RateLimiter
    readonly authFailures: RateLimiter
  } | null
  readonly streams: StreamRegistry
  /** Whether this process runs the background work now. */
  readonly isLeader: () => boolean
}
