import type { GameList } from "@boroughs/protocol"
import Link from "next/link"
import { redirect } from "next/navigation"
import { Lobby } from "@/components/Lobby"
import { ServerDown } from "@/components/ServerDown"
import type { Fetched } from "@/lib/client"
import { type LobbyView, lobbyHref, lobbySections, pastNewest, playerOf } from "@/lib/lobbyPage"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

const NONE: Fetched<GameList> = { kind: "ok", value: { games: [], next: null } }

export default async function LobbyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const q = await searchParams
  const status = one(q.status)
  const search = one(q.player)?.trim() || undefined
  const player = search === undefined ? undefined : playerOf(search)
  const view: LobbyView = {
    game: one(q.game) || undefined,
    status: status === "live" || status === "ended" ? status : undefined,
    tournament: one(q.tournament) || undefined,
    player: player ?? undefined,
    before: one(q.before) || undefined,
    after: one(q.after) || undefined,
  }
  const sections = lobbySections(view)
  // A search no seat holder could match lists nothing, rather than asking the server.
  const list = (query: NonNullable<typeof sections.live>) =>
    player === null ? Promise.resolve(NONE) : fromServer((c) => c.games.listGames({ query }))
  const [live, paged, catalogue] = await Promise.all([
    sections.live === null ? Promise.resolve(NONE) : list(sections.live),
    list(sections.paged),
    fromServer((c) => c.games.catalogue()),
  ])
  if (paged.kind === "ok" && pastNewest(view, paged.value)) redirect(lobbyHref({ ...view, after: undefined }))
  const failed = [live, paged, catalogue].find((r) => r.kind !== "ok")
  return (
    <>
      <div className="lobby-head">
        <h1>Games</h1>
        <Link href="/play" className="button button-primary" data-testid="lobby-play">
          Play a game
        </Link>
      </div>
      {failed !== undefined || live.kind !== "ok" || paged.kind !== "ok" || catalogue.kind !== "ok" ? (
        <ServerDown message={failed?.message ?? ""} />
      ) : (
        <Lobby
          initialLive={live.value}
          initialPage={paged.value}
          games={catalogue.value.games.map((g) => ({ id: g.id, title: g.title }))}
          view={view}
          search={search ?? ""}
          serverNow={Date.now()}
        />
      )}
    </>
  )
}
