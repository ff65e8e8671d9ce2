import type { Metadata } from "next"
import { cookies } from "next/headers"
import Link from "next/link"
import { notFound } from "next/navigation"
import { PlayScreenFor } from "@/components/PlayScreenFor"
import { ServerDown } from "@/components/ServerDown"
import { invitesCookieName, isGameId, parseInvites, parseSeat, seatCookieName } from "@/lib/seatCookie"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

type Params = Promise<{ gameId: string }>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Play ${decodeURIComponent((await params).gameId)}` }
}

/** The page for a browser that holds no working seat of the game: what to do instead. */
const NoSeat = ({ gameId, heading, why }: { gameId: string; heading: string; why: string }) => (
  <div className="error-page" data-testid="no-seat">
    <h1>{heading}</h1>
    <p>{why}</p>
    <p>
      <Link href={`/games/${encodeURIComponent(gameId)}`}>Watch the game</Link> ·{" "}
      <Link href="/play">Start a game of your own</Link>
    </p>
  </div>
)

/**
 * `/games/<id>/play`: the game as this browser's seat plays it. The seat's token comes from its httpOnly
 * cookie and stays on the site's server: this page reads the seat's view with it, and the browser's later
 * reads, stream and commands go through the site's `/api` pass-through, which adds it again.
 */
export default async function PlayGamePage({ params }: { params: Params }) {
  const gameId = decodeURIComponent((await params).gameId)
  if (!isGameId(gameId)) notFound()
  const jar = await cookies()
  const seat = parseSeat(jar.get(seatCookieName(gameId))?.value)
  if (seat === null)
    return (
      <NoSeat
        gameId={gameId}
        heading="You have no seat in this game"
        why="This browser holds no seat of this game. If you were invited, open the link you were sent; a game you started is played in the browser you started it in."
      />
    )
  const [detail, catalogue] = await Promise.all([
    fromServer((c) => c.games.getGame({ params: { gameId }, query: { seat: seat.seat } }), seat.token),
    fromServer((c) => c.games.catalogue()),
  ])
  if (detail.kind === "not-found") notFound()
  if (detail.kind === "unauthorized")
    return (
      <NoSeat
        gameId={gameId}
        heading="This seat's link no longer works"
        why={`The game server refused this browser's seat (${detail.message}). Ask whoever invited you for a new link.`}
      />
    )
  if (detail.kind === "forbidden")
    return (
      <NoSeat
        gameId={gameId}
        heading="You have no seat in this game"
        why={`The game server says: ${detail.message}`}
      />
    )
  if (detail.kind !== "ok")
    return (
      <>
        <h1>Game {gameId}</h1>
        <ServerDown message={detail.message} />
      </>
    )
  const title =
    (catalogue.kind === "ok"
      ? catalogue.value.games.find((g) => g.id === detail.value.game)?.title
      : undefined) ?? detail.value.game
  // The creator's invited seats (their links carry the invited seats' tokens, never this seat's own).
  const invites = parseInvites(jar.get(invitesCookieName(gameId))?.value).map((invite) => ({
    seat: invite.seat,
    path: `/join?${new URLSearchParams({ game: gameId, token: invite.token })}`,
  }))
  // Only the seat's number goes to the browser, never its token.
  return <PlayScreenFor initialDetail={detail.value} seat={seat.seat} title={title} invites={invites} />
}
