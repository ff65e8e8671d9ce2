import type { PlayCreated, PlayRequest } from "@boroughs/protocol"
import { apiUrl } from "./server"

// The site server's own calls for a person's seat: creating a guest game, checking an invite's token and
// naming the seat. Only the site's server makes them (server actions and route handlers): the seat tokens
// they carry never reach the browser's JavaScript.

/** What a call came to: its answer, or the server's words for why not (`reason`: its error's tag or reason). */
export type Answer<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly status: number; readonly reason: string; readonly message: string }

const call = async <A>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; forwardedFor?: string | null } = {},
): Promise<Answer<A>> => {
  const headers: Record<string, string> = { accept: "application/json" }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined) headers["content-type"] = "application/json"
  // The server counts guest games per browser: it trusts the site (a local proxy) to say whose request it is.
  if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor
  try {
    const r = await fetch(`${apiUrl()}${path}`, {
      method,
      headers,
      cache: "no-store",
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    const json = (await r.json().catch(() => null)) as Record<string, unknown> | null
    if (r.ok) return { ok: true, value: json as A }
    return {
      ok: false,
      status: r.status,
      reason: String(json?.reason ?? json?._tag ?? r.status),
      message: typeof json?.message === "string" ? json.message : `the game server answered ${r.status}`,
    }
  } catch {
    return { ok: false, status: 502, reason: "down", message: "the game server cannot be reached" }
  }
}

/** `POST /api/play` as a guest: the game, the guest's seat and token, and a token per invited seat. */
export const createGuestGame = (request: PlayRequest, forwardedFor: string | null) =>
  call<PlayCreated>("POST", "/api/play", { body: request, forwardedFor })

/**
 * Which seat of `gameId` a seat token acts for: the token's holder (`GET /api/me`) found among the game's
 * seat holders. An answer with `reason` `unknown`, `revoked` or `expired` when the server refuses the token,
 * `not-this-game` when it holds no seat of this game.
 */
export const seatOfToken = async (gameId: string, token: string): Promise<Answer<number>> => {
  const me = await call<{ kind: string; name: string | null }>("GET", "/api/me", { token })
  if (!me.ok) return me
  if (me.value.kind !== "seat" || me.value.name === null)
    return { ok: false, status: 403, reason: "not-a-seat", message: "this link's token is not a seat's" }
  const game = await call<{ players: ReadonlyArray<string | null> }>(
    "GET",
    `/api/games/${encodeURIComponent(gameId)}`,
    { token },
  )
  if (!game.ok) return game
  const seat = game.value.players.indexOf(`seat:${me.value.name}`)
  return seat < 0
    ? {
        ok: false,
        status: 403,
        reason: "not-this-game",
        message: `this link is for another game than ${gameId}`,
      }
    : { ok: true, value: seat }
}

/** `PUT /api/games/:gameId/seats/:seat/name` with the seat's own token: the guest's name at the table. */
export const nameSeat = (gameId: string, seat: number, token: string, name: string) =>
  call<{ name: string }>("PUT", `/api/games/${encodeURIComponent(gameId)}/seats/${seat}/name`, {
    token,
    body: { name },
  })
