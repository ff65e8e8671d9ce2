import type { Metadata } from "next"
import { cookies } from "next/headers"
import { PlayForm } from "@/components/PlayForm"
import { ServerDown } from "@/components/ServerDown"
import { playableGames } from "@/lib/playRules"
import { GUEST_COOKIE, parseGuest } from "@/lib/seatCookie"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

export const metadata: Metadata = { title: "Play a game" }

/**
 * Per game, the remote bots that play all comers now: its ladder's active entrants with a bot stream open. A
 * ladder that cannot be read offers none (the form still offers house bots and invites).
 */
const readyBots = async (games: ReadonlyArray<string>): Promise<Record<string, ReadonlyArray<string>>> =>
  Object.fromEntries(
    await Promise.all(
      games.map(async (game) => {
        const ladder = await fromServer((c) => c.ladder.getLadder({ params: { game } }))
        const ready =
          ladder.kind === "ok"
            ? ladder.value.standings.filter((s) => s.status === "active" && s.connected).map((s) => s.holder)
            : []
        return [game, ready] as const
      }),
    ),
  )

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

/** `/play?game=`: a new game for a person against house bots and whoever they invite, no account needed. */
export default async function PlayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const [catalogue, jar, q] = await Promise.all([
    fromServer((c) => c.games.catalogue()),
    cookies(),
    searchParams,
  ])
  const ready = catalogue.kind === "ok" ? await readyBots(catalogue.value.games.map((g) => g.id)) : {}
  return (
    <>
      <h1>Play a game</h1>
      <p className="muted">
        Choose a game and who sits at the table: house bots, bots from the game's ladder that are online, and
        anyone you invite with a link. No account needed: your name is kept in this browser.
      </p>
      {catalogue.kind !== "ok" ? (
        <ServerDown message={catalogue.message} />
      ) : (
        <PlayForm
          games={playableGames(catalogue.value, ready)}
          guestName={parseGuest(jar.get(GUEST_COOKIE)?.value) ?? ""}
          initialGame={one(q.game)}
        />
      )}
    </>
  )
}
