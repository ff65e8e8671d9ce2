import { Lobby } from "@/components/Lobby"
import { ServerDown } from "@/components/ServerDown"
import { inTournament, type LobbyFilters, lobbyQuery } from "@/lib/lobby"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)

export default async function LobbyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const q = await searchParams
  const status = one(q.status)
  const filters: LobbyFilters = {
    game: one(q.game) || undefined,
    status: status === "live" || status === "ended" ? status : undefined,
    tournament: one(q.tournament) || undefined,
  }
  const [list, catalogue] = await Promise.all([
    fromServer((c) => c.games.listGames({ query: lobbyQuery(filters) })),
    fromServer((c) => c.games.catalogue()),
  ])
  return (
    <>
      <h1>Games</h1>
      {list.kind !== "ok" || catalogue.kind !== "ok" ? (
        <ServerDown
          message={list.kind !== "ok" ? list.message : catalogue.kind !== "ok" ? catalogue.message : ""}
        />
      ) : (
        <Lobby
          initial={inTournament(list.value.games, filters.tournament)}
          games={catalogue.value.games.map((g) => ({ id: g.id, title: g.title }))}
          filters={filters}
          serverNow={Date.now()}
        />
      )}
    </>
  )
}
