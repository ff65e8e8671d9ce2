import type { Metadata } from "next"
import { cookies } from "next/headers"
import { PlayForm } from "@/components/PlayForm"
import { ServerDown } from "@/components/ServerDown"
import { playableGames } from "@/lib/playRules"
import { GUEST_COOKIE, parseGuest } from "@/lib/seatCookie"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

export const metadata: Metadata = { title: "Play a game" }

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
  return (
    <>
      <h1>Play a game</h1>
      <p className="muted">
        Choose a game and who sits at the table: house bots, and anyone you invite with a link. No account
        needed: your name is kept in this browser.
      </p>
      {catalogue.kind !== "ok" ? (
        <ServerDown message={catalogue.message} />
      ) : (
        <PlayForm
          games={playableGames(catalogue.value)}
          guestName={parseGuest(jar.get(GUEST_COOKIE)?.value) ?? ""}
          initialGame={one(q.game)}
        />
      )}
    </>
  )
}
