import type { Metadata } from "next"
import { cookies } from "next/headers"
import Link from "next/link"
import { GuestNameForm } from "@/components/GuestNameForm"
import { GUEST_COOKIE, isGameId, parseGuest, parseSeat, seatCookieName } from "@/lib/seatCookie"

export const dynamic = "force-dynamic"

export const metadata: Metadata = { title: "Your name at the table" }

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

/** `/join/name?game=`: a person who came by an invite link says what the table calls them. */
export default async function JoinNamePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const gameId = one((await searchParams).game) ?? ""
  const jar = await cookies()
  const seat = isGameId(gameId) ? parseSeat(jar.get(seatCookieName(gameId))?.value) : null
  if (seat === null)
    return (
      <div className="error-page" data-testid="join-problem">
        <h1>No seat here</h1>
        <p>This browser holds no seat in this game: open your invite link again.</p>
        <p>
          <Link href="/play">Start a game of your own</Link>
        </p>
      </div>
    )
  return (
    <>
      <h1>You are invited to play</h1>
      <p>
        You have seat {seat.seat + 1} of game <strong>{gameId}</strong>. What should the table call you? No
        account needed: your name is kept in this browser.
      </p>
      <GuestNameForm gameId={gameId} name={parseGuest(jar.get(GUEST_COOKIE)?.value) ?? ""} />
    </>
  )
}
