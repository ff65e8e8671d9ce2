import type { Client } from "@boroughs/protocol"
import type { Effect } from "effect"
import { type Fetched, fetchFrom } from "./client"

/** Where the game server is, seen from the site's own server (`start` and compose set it). */
export const apiUrl = (): string =>
  (process.env.BOROUGHS_API_URL ?? "http://127.0.0.1:8080").replace(/\/+$/, "")

/** A read of the game server from a server component (as a seat when its token is given). */
export const fromServer = <A, E>(
  call: (client: Client) => Effect.Effect<A, E>,
  token?: string,
): Promise<Fetched<A>> => fetchFrom(apiUrl(), call, token)
