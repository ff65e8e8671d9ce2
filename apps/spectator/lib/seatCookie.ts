import { isDisplayName } from "@boroughs/protocol"

// A person's seat lives in cookies the browser's JavaScript cannot read (httpOnly): the seat token acts for
// the seat, so it goes only from the browser to the site's own server, which adds it to the requests it
// passes on for that one game. Pure helpers, shared by the proxy, the pages and the server actions.

/** The seat of one game this browser plays: its number and its seat token. */
export interface SeatCookie {
  readonly seat: number
  readonly token: string
}

/** The invited seats' tokens, kept for the game's creator so the play page can show their links. */
export interface InviteCookie {
  readonly seat: number
  readonly token: string
}

/** The guest's display name, remembered for the next game and for the invites they accept. */
export const GUEST_COOKIE = "boroughs_guest"

const SEAT_PREFIX = "boroughs_seat_"
const INVITES_PREFIX = "boroughs_invites_"

/** Game ids as the server makes and accepts them: also safe in a cookie's name as they are. */
const GAME_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
/** A token's secret as the server accepts one: printable ASCII without spaces. */
const TOKEN = /^[\x21-\x7e]{16,256}$/

export const isGameId = (gameId: string): boolean => GAME_ID.test(gameId)
export const isToken = (token: string): boolean => TOKEN.test(token)

/** `boroughs_seat_<gameId>`: one cookie per game, so playing a second game never loses the first. */
export const seatCookieName = (gameId: string): string => `${SEAT_PREFIX}${gameId}`
export const invitesCookieName = (gameId: string): string => `${INVITES_PREFIX}${gameId}`

/**
 * `<seat>.<token>`. Values here are plain text: Next.js percent-encodes a cookie's value as it sets it and
 * decodes it as it reads it (`parseCookieHeader` does the same for the proxy).
 */
export const serialiseSeat = (seat: SeatCookie): string => `${seat.seat}.${seat.token}`

/** The seat a cookie's value holds, or null when it holds none (absent, garbled, hand-edited). */
export const parseSeat = (value: string | undefined | null): SeatCookie | null => {
  if (value === undefined || value === null) return null
  const m = /^(\d{1,2})\.(.+)$/.exec(value)
  return m !== null && isToken(m[2] as string) ? { seat: Number(m[1]), token: m[2] as string } : null
}

/** The invited seats as `<seat>.<token>` pairs joined by `~` (a character no token or seat number holds). */
export const serialiseInvites = (invites: ReadonlyArray<InviteCookie>): string =>
  invites.map((i) => serialiseSeat(i)).join("~")

export const parseInvites = (value: string | undefined | null): InviteCookie[] =>
  value === undefined || value === null || value === ""
    ? []
    : value.split("~").flatMap((part) => {
        const seat = parseSeat(part)
        return seat === null ? [] : [seat]
      })

/** The guest's name as the cookie keeps it: trimmed, and a display name the server accepts, else none. */
export const parseGuest = (value: string | undefined | null): string | null => {
  const name = value?.trim() ?? ""
  return name !== "" && isDisplayName(name) ? name : null
}

/**
 * A `Cookie:` request header as name → value, each value percent-decoded as Next.js encodes it (the first of
 * a repeated name wins, as browsers send the most specific first).
 */
export const parseCookieHeader = (header: string | null | undefined): Map<string, string> => {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(";")) {
    const eq = part.indexOf("=")
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (name === "" || cookies.has(name)) continue
    const raw = part.slice(eq + 1).trim()
    try {
      cookies.set(name, decodeURIComponent(raw))
    } catch {
      cookies.set(name, raw)
    }
  }
  return cookies
}

/** How long a seat is remembered: well past any game's end (the cookie is useless once it has ended). */
export const SEAT_MAX_AGE_S = 30 * 24 * 3_600
export const GUEST_MAX_AGE_S = 365 * 24 * 3_600

/**
 * The attributes of every cookie here: out of JavaScript's reach (httpOnly), sent along when a person
 * follows a link to the site but not on other sites' requests (Lax), for the whole site (the pages and the
 * `/api` pass-through), and Secure when the site is served over https.
 */
export const cookieOptions = (secure: boolean, maxAge: number) =>
  ({ httpOnly: true, sameSite: "lax", path: "/", secure, maxAge }) as const

/**
 * Whether the browser reached the site over https: its own URL says so, or the reverse proxy in front of it
 * does (`X-Forwarded-Proto`, which Next.js also fills in from the socket).
 */
export const isHttps = (url: string | null | undefined, forwardedProto: string | null | undefined): boolean =>
  forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https" || url?.startsWith("https:") === true

/** The game a path under `/api/` reads or writes (`games/<id>` and everything under it), or null. */
export const gameOfApiPath = (path: ReadonlyArray<string>): string | null =>
  path[0] === "games" && path[1] !== undefined && isGameId(path[1]) ? path[1] : null

/**
 * What the `/api` pass-through adds to a browser's request: `Bearer <token>` of the seat this browser holds
 * in the game the path names, and nothing for any other path, game or browser. A request that brings its own
 * Authorization keeps it (the proxy never replaces what the caller sent).
 */
export const seatAuthorization = (
  path: ReadonlyArray<string>,
  cookieHeader: string | null | undefined,
  ownAuthorization: string | null | undefined,
): string | null => {
  if (ownAuthorization) return null
  const gameId = gameOfApiPath(path)
  if (gameId === null) return null
  const seat = parseSeat(parseCookieHeader(cookieHeader).get(seatCookieName(gameId)))
  return seat === null ? null : `Bearer ${seat.token}`
}
