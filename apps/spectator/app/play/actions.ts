"use server"

import { cookies, headers } from "next/headers"
import { redirect } from "next/navigation"
import { createGuestGame, nameSeat } from "@/lib/playApi"
import { playRequestOf } from "@/lib/playForm"
import { playableGames } from "@/lib/playRules"
import {
  cookieOptions,
  GUEST_COOKIE,
  GUEST_MAX_AGE_S,
  invitesCookieName,
  isGameId,
  isHttps,
  parseGuest,
  parseSeat,
  SEAT_MAX_AGE_S,
  seatCookieName,
  serialiseInvites,
  serialiseSeat,
} from "@/lib/seatCookie"
import { fromServer } from "@/lib/server"

/** What a form shows after a submission that did not go through: why, in words. */
export interface FormState {
  readonly problem: string | null
}

const secure = async () => isHttps(null, (await headers()).get("x-forwarded-proto"))

/**
 * The play form's submission: checks it, creates the guest game on the server, keeps the guest's seat token
 * (and the invited seats', for their links) in httpOnly cookies with the guest's name, and opens the game's
 * play page. A refusal comes back as words under the form.
 */
export async function startGame(_: FormState, form: FormData): Promise<FormState> {
  const catalogue = await fromServer((c) => c.games.catalogue())
  if (catalogue.kind !== "ok") return { problem: `The game server cannot be reached: ${catalogue.message}` }
  const checked = playRequestOf((name) => {
    const value = form.get(name)
    return typeof value === "string" ? value : undefined
  }, playableGames(catalogue.value))
  if (!checked.ok) return { problem: checked.problem }
  const created = await createGuestGame(checked.request, (await headers()).get("x-forwarded-for"))
  if (!created.ok)
    return {
      problem:
        created.status === 403
          ? `This server does not take guest games: ${created.message}`
          : created.status === 429
            ? "You have started many games just now: try again in a few seconds."
            : `The game could not be created: ${created.message}`,
    }
  const { gameId, seat, token, invites } = created.value
  const https = await secure()
  const jar = await cookies()
  jar.set(seatCookieName(gameId), serialiseSeat({ seat, token }), cookieOptions(https, SEAT_MAX_AGE_S))
  if (invites.length > 0)
    jar.set(
      invitesCookieName(gameId),
      serialiseInvites(invites.map((i) => ({ seat: i.seat, token: i.token }))),
      cookieOptions(https, SEAT_MAX_AGE_S),
    )
  jar.set(GUEST_COOKIE, checked.request.name, cookieOptions(https, GUEST_MAX_AGE_S))
  redirect(`/games/${encodeURIComponent(gameId)}/play`)
}

/**
 * The name form of a person who joined through an invite: their name at the table (with their seat's own
 * token, from its cookie), remembered for next time, then the play page.
 */
export async function nameMySeat(_: FormState, form: FormData): Promise<FormState> {
  const gameId = String(form.get("game") ?? "")
  const name = String(form.get("name") ?? "").trim()
  if (!isGameId(gameId)) return { problem: "This form is not for a game: open your invite link again." }
  if (parseGuest(name) === null) return { problem: "Your name: 1 to 40 printable characters." }
  const jar = await cookies()
  const seat = parseSeat(jar.get(seatCookieName(gameId))?.value)
  if (seat === null)
    return { problem: "This browser holds no seat in this game: open your invite link again." }
  const named = await nameSeat(gameId, seat.seat, seat.token, name)
  // A game that ended meanwhile keeps its names: the play page shows how it ended.
  if (!named.ok && named.reason !== "game-ended")
    return { problem: `Your name could not be set: ${named.message}` }
  jar.set(GUEST_COOKIE, name, cookieOptions(await secure(), GUEST_MAX_AGE_S))
  redirect(`/games/${encodeURIComponent(gameId)}/play`)
}
