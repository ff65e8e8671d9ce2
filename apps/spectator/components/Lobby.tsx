"use client"

import { SeatSwatch } from "@boroughs/board-ui"
import type { GameSummary } from "@boroughs/protocol"
import Link from "next/link"
import { useRouter } from "next/navigation"
import { useEffect, useState } from "react"
import { fromBrowser } from "@/lib/browser"
import { inTournament, type LobbyFilters, lobbyQuery } from "@/lib/lobby"
import { seatInfos, titleOf, tournamentOf } from "@/lib/seats"

const policyText = (g: GameSummary): string =>
  g.spectators.mode === "live"
    ? "live"
    : g.spectators.mode === "delayed"
      ? `${g.spectators.events} events behind`
      : "organisers only"

const ago = (iso: string, now: number): string => {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  return s < 60 ? `${s} s ago` : s < 3600 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`
}

/** The lobby: live and finished games, newest first, refreshed every two seconds; filters live in the URL. */
export function Lobby({
  initial,
  games,
  filters,
  serverNow,
}: {
  serverNow: number
  initial: ReadonlyArray<GameSummary>
  games: ReadonlyArray<{ id: string; title: string }>
  filters: LobbyFilters
}) {
  const router = useRouter()
  const [list, setList] = useState(initial)
  const [down, setDown] = useState<string | null>(null)
  const [now, setNow] = useState(serverNow)
  useEffect(() => setList(initial), [initial])
  useEffect(() => {
    let stopped = false
    const refresh = async () => {
      const r = await fromBrowser((c) => c.games.listGames({ query: lobbyQuery(filters) }))
      if (stopped) return
      if (r.kind === "ok") {
        setList(inTournament(r.value.games, filters.tournament))
        setDown(null)
      } else setDown(r.message)
      setNow(Date.now())
    }
    const timer = setInterval(refresh, 2_000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [filters])

  const go = (next: LobbyFilters) => {
    const q = new URLSearchParams()
    if (next.game) q.set("game", next.game)
    if (next.status) q.set("status", next.status)
    if (next.tournament) q.set("tournament", next.tournament)
    router.replace(q.size === 0 ? "/" : `/?${q}`)
  }
  const titles = new Map(games.map((g) => [g.id, g.title]))
  const tournaments = [
    ...new Set(
      [...list.map((g) => tournamentOf(g.gameId)), filters.tournament ?? null].filter((t) => t !== null),
    ),
  ].sort()

  return (
    <>
      {down ? (
        <div className="banner banner-down" role="alert" data-testid="server-down">
          <strong>The game server cannot be reached.</strong> Retrying every 2 s; the list below may be out of
          date.
        </div>
      ) : null}
      <form className="filters" aria-label="Filter games" onSubmit={(e) => e.preventDefault()}>
        <label>
          Game
          <select
            value={filters.game ?? ""}
            onChange={(e) => go({ ...filters, game: e.target.value || undefined })}
            data-testid="filter-game"
          >
            <option value="">all games</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select
            value={filters.status ?? ""}
            onChange={(e) =>
              go({ ...filters, status: (e.target.value || undefined) as LobbyFilters["status"] })
            }
            data-testid="filter-status"
          >
            <option value="">live and finished</option>
            <option value="live">live</option>
            <option value="ended">finished</option>
          </select>
        </label>
        {tournaments.length > 0 ? (
          <label>
            Tournament
            <select
              value={filters.tournament ?? ""}
              onChange={(e) => go({ ...filters, tournament: e.target.value || undefined })}
              data-testid="filter-tournament"
            >
              <option value="">any (and none)</option>
              {tournaments.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span className="muted" aria-live="polite">
          {list.filter((g) => g.status === "live").length} live ·{" "}
          {list.filter((g) => g.status === "ended").length} finished
        </span>
      </form>
      {list.length === 0 ? (
        <p className="empty panel">
          No games match yet. Games the house bots start appear here within a second or two.
        </p>
      ) : (
        <table className="games" data-testid="lobby">
          <thead>
            <tr>
              <th>Game</th>
              <th>Status</th>
              <th>Seats</th>
              <th className="col-policy">Spectators</th>
              <th className="col-updated">Updated</th>
            </tr>
          </thead>
          <tbody>
            {list.map((g) => {
              const seats = seatInfos(g.players)
              return (
                <tr key={g.gameId} data-game-id={g.gameId} data-status={g.status}>
                  <td>
                    <Link href={`/games/${encodeURIComponent(g.gameId)}`}>
                      <strong>{titles.get(g.game) ?? titleOf(g.game)}</strong>
                    </Link>
                    <div className="muted">{g.gameId}</div>
                  </td>
                  <td>
                    <span className={`status status-${g.status}`}>
                      {g.status === "live" ? "live" : "finished"}
                    </span>
                    <div className="muted">
                      {g.status === "live" ? `${g.version} events so far` : `${g.version} events`}
                    </div>
                  </td>
                  <td>
                    <ul className="seat-list">
                      {seats.map((s) => {
                        const won = g.outcome?.ranks[s.seat] === 1
                        const owes = g.status === "live" && g.pending.includes(s.seat)
                        return (
                          <li key={s.seat} className={won ? "winner" : undefined}>
                            <SeatSwatch seat={s.seat} size={12} /> {s.name}
                            {g.outcome ? ` ${g.outcome.scores[s.seat]}` : ""}
                            {won ? " (won)" : ""}
                            {owes ? <span className="muted"> · to play</span> : null}
                          </li>
                        )
                      })}
                    </ul>
                  </td>
                  <td className="col-policy">{policyText(g)}</td>
                  <td className="col-updated">{ago(g.updatedAt, now)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </>
  )
}
