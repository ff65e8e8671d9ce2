"use client"

import { SeatSwatch } from "@boroughs/board-ui"
import type { GameList, GameSummary } from "@boroughs/protocol"
import Link from "next/link"
import { useRouter } from "next/navigation"
import { useEffect, useState } from "react"
import { blurbOf } from "@/lib/gameBlurbs"
import { inTournament } from "@/lib/lobby"
import { fetchGameList } from "@/lib/lobbyFetch"
import { cursorOf, type LobbyView, lobbyHref, lobbySections, playerOf } from "@/lib/lobbyPage"
import { seatInfos, titleOf, tournamentChoices } from "@/lib/seats"

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

function GameTable({
  list,
  titles,
  now,
  testId,
}: {
  list: ReadonlyArray<GameSummary>
  titles: ReadonlyMap<string, string>
  now: number
  testId: string
}) {
  return (
    <table className="games" data-testid={testId}>
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
          const seats = seatInfos(g.players, g.names)
          return (
            <tr key={g.gameId} data-game-id={g.gameId} data-status={g.status}>
              <td>
                <Link href={`/games/${encodeURIComponent(g.gameId)}`}>
                  <strong>{titles.get(g.game) ?? titleOf(g.game)}</strong>
                </Link>
                <div className="muted">
                  {g.gameId}
                  {g.tournament ? ` · ${g.tournament.name}` : null}
                </div>
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
  )
}

/**
 * The lobby: live games first ("Live now"), then finished ones a page at a time, refreshed every two
 * seconds; filters, the player searched for and the page live in the URL.
 */
export function Lobby({
  initialLive,
  initialPage,
  games,
  view,
  search,
  serverNow,
}: {
  /** The "Live now" section; empty when the page has none (a status chosen, or an older page). */
  initialLive: GameList
  initialPage: GameList
  games: ReadonlyArray<{ id: string; title: string }>
  view: LobbyView
  /** The search box as typed (it may name no possible seat holder). */
  search: string
  serverNow: number
}) {
  const router = useRouter()
  const [live, setLive] = useState(initialLive)
  const [page, setPage] = useState(initialPage)
  const [searchText, setSearchText] = useState(search)
  const [down, setDown] = useState<string | null>(null)
  const [now, setNow] = useState(serverNow)
  useEffect(() => setLive(initialLive), [initialLive])
  useEffect(() => setPage(initialPage), [initialPage])
  useEffect(() => setSearchText(search), [search])
  const sections = lobbySections(view)
  const validSearch = search === "" || playerOf(search) !== null
  useEffect(() => {
    if (!validSearch) return
    let stopped = false
    const { live: liveQuery, paged } = lobbySections(view)
    const refresh = async () => {
      const [l, p] = await Promise.all([
        liveQuery === null ? Promise.resolve(null) : fetchGameList(liveQuery),
        fetchGameList(paged),
      ])
      if (stopped) return
      if (l !== null && l.kind !== "ok") setDown(l.message)
      else if (p.kind !== "ok") setDown(p.message)
      else {
        if (l?.kind === "ok") setLive(l.value)
        setPage(p.value)
        setDown(null)
      }
      setNow(Date.now())
    }
    const timer = setInterval(refresh, 2_000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [view, validSearch])

  // A new filter or search starts again from the newest page.
  const go = (next: LobbyView) => router.replace(lobbyHref({ ...next, before: undefined, after: undefined }))
  const titles = new Map(games.map((g) => [g.id, g.title]))
  const liveList = inTournament(live.games, view.tournament)
  const pageList = inTournament(page.games, view.tournament)
  const tournaments = tournamentChoices([...live.games, ...page.games], view.tournament)
  const first = page.games[0]
  const newerCursor = first !== undefined ? cursorOf(first) : (view.before ?? view.after)
  const paged = view.before !== undefined || view.after !== undefined
  const guide = games.filter((g) => (view.game === undefined || g.id === view.game) && blurbOf(g.id) !== null)

  return (
    <>
      {down ? (
        <div className="banner banner-down" role="alert" data-testid="server-down">
          <strong>The game server cannot be reached.</strong> Retrying every 2 s; the list below may be out of
          date.
        </div>
      ) : null}
      <form
        className="filters"
        aria-label="Filter games"
        onSubmit={(e) => {
          e.preventDefault()
          go({ ...view, player: searchText.trim() || undefined })
        }}
      >
        <label>
          Game
          <select
            value={view.game ?? ""}
            onChange={(e) => go({ ...view, game: e.target.value || undefined })}
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
            value={view.status ?? ""}
            onChange={(e) => go({ ...view, status: (e.target.value || undefined) as LobbyView["status"] })}
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
              value={view.tournament ?? ""}
              onChange={(e) => go({ ...view, tournament: e.target.value || undefined })}
              data-testid="filter-tournament"
            >
              <option value="">any (and none)</option>
              {tournaments.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          Player
          <input
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="alpha or bot:alpha"
            data-testid="filter-player"
          />
        </label>
        <button type="submit" data-testid="search-player">
          Search
        </button>
        <span className="muted" aria-live="polite">
          {liveList.length + pageList.filter((g) => g.status === "live").length} live ·{" "}
          {pageList.filter((g) => g.status === "ended").length} finished
        </span>
      </form>
      {guide.length > 0 ? (
        <dl className="game-guide" data-testid="game-guide">
          {guide.map((g) => (
            <div key={g.id} data-game={g.id}>
              <dt>{g.title}</dt>
              <dd>{blurbOf(g.id)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {!validSearch ? (
        <p className="empty panel" data-testid="bad-search">
          No seat holder could be called “{search}”: names are lower-case letters, digits, “.”, “_” and “-”,
          optionally after “bot:” or “player:”.
        </p>
      ) : null}
      <div data-testid="lobby">
        {sections.live !== null ? (
          <section className="lobby-section" data-testid="live-now" aria-labelledby="live-now-title">
            <h2 id="live-now-title">Live now</h2>
            {liveList.length === 0 ? (
              <p className="empty panel">
                No game is being played right now. Games the house bots start appear here within a second or
                two.
              </p>
            ) : (
              <GameTable list={liveList} titles={titles} now={now} testId="live-games" />
            )}
            {live.next !== null ? (
              <p>
                <Link
                  href={lobbyHref({ ...view, status: "live", before: live.next })}
                  data-testid="more-live"
                >
                  More live games
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}
        <section className="lobby-section" data-testid="game-page" aria-labelledby="game-page-title">
          <h2 id="game-page-title">{sections.pagedStatus === "live" ? "Live" : "Finished"}</h2>
          {pageList.length === 0 ? (
            <p className="empty panel">{paged ? "No more games this way." : "No games match yet."}</p>
          ) : (
            <GameTable list={pageList} titles={titles} now={now} testId="paged-games" />
          )}
          {paged || page.next !== null ? (
            <nav className="pager" aria-label="Pages of games">
              {paged && newerCursor !== undefined ? (
                <Link
                  href={lobbyHref({ ...view, before: undefined, after: newerCursor })}
                  data-testid="newer-games"
                >
                  ← Newer games
                </Link>
              ) : (
                <span />
              )}
              {page.next !== null ? (
                <Link
                  href={lobbyHref({ ...view, after: undefined, before: page.next })}
                  data-testid="older-games"
                >
                  Older games →
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  )
}
