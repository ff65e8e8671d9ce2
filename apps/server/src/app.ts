import type { GameEngine, LiveGames, LiveTail, makeSnapshots, Tokens } from "@boroughs/engine"
import type { EventStore } from "@boroughs/store"
import type { ServerConfig } from "./config.js"
import type { RateLimiter } from "./http/rateLimit.js"
import type { StreamRegistry } from "./streams/registry.js"

/** Everything the routes use, built once at start (Server.ts) from the Effect layers. */
export interface App {
  readonly config: ServerConfig
  readonly store: EventStore["Service"]
  readonly engine: GameEngine["Service"]
  readonly live: LiveGames["Service"]
  readonly tail: LiveTail["Service"]
  readonly tokens: Tokens
  readonly snapshots: ReturnType<typeof makeSnapshots>
  readonly limits: { readonly reads: RateLimiter; readonly writes: RateLimiter } | null
  readonly streams: StreamRegistry
  /** Whether this process runs the background work now. */
  readonly isLeader: () => boolean
}
