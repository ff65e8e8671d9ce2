import type { Metadata } from "next"
import Link from "next/link"
import { isGameId } from "@/lib/seatCookie"

export const metadata: Metadata = { title: "This invite cannot be used" }

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

/** Why an invite link did not seat its person, in words. */
const WHY: Readonly<Record<string, string>> = {
  malformed: "The link is incomplete: copy the whole of it, from /join to the end of the token.",
  unknown: "The link's seat token is not known to the game server: check that the whole link was copied.",
  revoked: "The link was revoked: ask whoever invited you for a new one.",
  expired: "The link has expired: ask whoever invited you for a new one.",
  "not-a-seat": "The link's token is not a seat's invite.",
  "not-this-game": "The link's token is for another game.",
  "no-game": "There is no such game on this server.",
  seated:
    "This browser already plays another seat of this game. Open the link in another browser (or a private window) to play that seat.",
  down: "The game server cannot be reached just now: try the link again in a moment.",
}

/** `/join/problem?reason=&game=`: an invite link that could not be used, and what to do about it. */
export default async function JoinProblemPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const q = await searchParams
  const reason = one(q.reason) ?? ""
  const gameId = one(q.game)
  return (
    <div className="error-page" data-testid="join-problem" data-reason={reason}>
      <h1>This invite cannot be used</h1>
      <p>{WHY[reason] ?? "The link could not be used."}</p>
      <p>
        {gameId !== undefined && isGameId(gameId) ? (
          <>
            {reason === "seated" ? (
              <>
                <Link href={`/games/${encodeURIComponent(gameId)}/play`}>Back to your seat</Link> ·{" "}
              </>
            ) : null}
            <Link href={`/games/${encodeURIComponent(gameId)}`}>Watch the game</Link> ·{" "}
          </>
        ) : null}
        <Link href="/play">Start a game of your own</Link>
      </p>
    </div>
  )
}
