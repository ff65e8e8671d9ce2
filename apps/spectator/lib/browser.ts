import type { Client } from "@boroughs/protocol"
import type { Effect } from "effect"
import { type Fetched, fetchFrom } from "./client"

/** The browser reads the game server through the site's own origin (`/api/*` is passed through). */
export const origin = (): string => window.location.origin

/** A read of the game server from the browser. */
export const fromBrowser = <A, E>(call: (client: Client) => Effect.Effect<A, E>): Promise<Fetched<A>> =>
  fetchFrom(origin(), call)
