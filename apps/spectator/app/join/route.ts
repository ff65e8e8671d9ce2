import { type NextRequest, NextResponse } from "next/server"
import { nameSeat, seatOfToken } from "@/lib/playApi"
import {
  cookieOptions,
  GUEST_COOKIE,
  isGameId,
  isHttps,
  isToken,
  parseGuest,
  parseSeat,
  SEAT_MAX_AGE_S,
  seatCookieName,
  serialiseSeat,
} from "@/lib/seatCookie"

export const dynamic = "force-dynamic"

/** A redirect within the site (a relative Location: right behind any proxy, whatever host it names). */
const goTo = (path: string) => new NextResponse(null, { status: 303, headers: { location: path } })

const problem = (reason: string, gameId?: string) =>
  goTo(`/join/problem?${new URLSearchParams({ reason, ...(gameId === undefined ? {} : { game: gameId }) })}`)

/**
 * `/join?game=<id>&token=<seat token>`: an invite link. The token is checked with the server (which seat of
 * which game it acts for), kept in the seat's httpOnly cookie, and the person goes on to the play page (by
 * the name form when this browser has no guest name yet). The redirect leaves the token out of the address
 * bar, the history and every page's HTML. A browser that already plays another seat of the game keeps it.
 */
export async function GET(request: NextRequest) {
  const gameId = request.nextUrl.searchParams.get("game") ?? ""
  const token = request.nextUrl.searchParams.get("token") ?? ""
  if (!isGameId(gameId) || !isToken(token)) return problem("malformed")
  const seat = await seatOfToken(gameId, token)
  if (!seat.ok)
    return problem(seat.status === 404 ? "no-game" : seat.status === 502 ? "down" : seat.reason, gameId)
  const held = parseSeat(request.cookies.get(seatCookieName(gameId))?.value)
  if (held !== null && held.seat !== seat.value) {
    // The seat this browser holds stays unless its token no longer works (revoked, or a wrong cookie).
    const stillHeld = await seatOfToken(gameId, held.token)
    if (stillHeld.ok && stillHeld.value === held.seat) return problem("seated", gameId)
  }
  const guest = parseGuest(request.cookies.get(GUEST_COOKIE)?.value)
  // A known guest sits down under their name at once; a new one is asked for it first.
  if (guest !== null) await nameSeat(gameId, seat.value, token, guest)
  const response = goTo(
    guest !== null
      ? `/games/${encodeURIComponent(gameId)}/play`
      : `/join/name?${new URLSearchParams({ game: gameId })}`,
  )
  const https = isHttps(request.url, request.headers.get("x-forwarded-proto"))
  response.cookies.set(
    seatCookieName(gameId),
    serialiseSeat({ seat: seat.value, token }),
    cookieOptions(https, SEAT_MAX_AGE_S),
  )
  // The link carried a secret: ask the browser not to pass this address on as a referrer.
  response.headers.set("referrer-policy", "no-referrer")
  return response
}
