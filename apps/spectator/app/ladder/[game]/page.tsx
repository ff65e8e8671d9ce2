import type { LadderGame, LadderStanding } from "@boroughs/protocol"
import type { Metadata } from "next"
import Link from "next/link"
import { notFound } from "next/navigation"
import { ServerDown } from "@/components/ServerDown"
import { change, holderName, type LadderResult, resultsOf, sparkline } from "@/lib/ladder"
import { titleOf } from "@/lib/seats"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

type Params = { params: Promise<{ game: string }> }

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { game } = await params
  const catalogue = await fromServer((c) => c.games.catalogue())
  const title = catalogue.kind === "ok" ? catalogue.value.games.find((g) => g.id === game)?.title : undefined
  return { title: `${title ?? titleOf(game)} ladder` }
}

const RECENT = 5

function Trend({ results }: { results: ReadonlyArray<LadderResult> }) {
  // Oldest first: the score before the first game shown, then after each.
  const oldestFirst = [...results].reverse()
  const first = oldestFirst[0]
  const points = sparkline(
    first === undefined ? [] : [first.before, ...oldestFirst.map((r) => r.after)],
    64,
    16,
  )
  if (points === null) return null
  return (
    <svg
      className="sparkline"
      width={64}
      height={18}
      viewBox="-1 -1 66 18"
      role="img"
      aria-label="rating trend"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  )
}

function Recent({ results }: { results: ReadonlyArray<LadderResult> }) {
  return (
    <span className="ladder-recent">
      {results.slice(0, RECENT).map((r) => (
        <Link
          key={r.gameId}
          href={`/games/${r.gameId}`}
          className={`rank-chip${r.rank === 1 ? " rank-first" : ""}`}
          title={`${ordinal(r.rank)} of ${r.seats}, rating ${change(r.before, r.after)}`}
        >
          {r.rank}
        </Link>
      ))}
    </span>
  )
}

const ordinal = (n: number): string => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`

const statusText = (s: LadderStanding): string =>
  s.status === "paused"
    ? `paused after ${s.timeoutsInRow} timeouts in a row`
    : s.status === "left"
      ? "left"
      : s.connected
        ? "connected"
        : "not connected"

function Table({
  standings,
  games,
}: {
  standings: ReadonlyArray<LadderStanding>
  games: ReadonlyArray<LadderGame>
}) {
  if (standings.length === 0) return <p className="muted">No bot has entered this ladder yet.</p>
  return (
    <table className="games ladder" data-testid="ladder-table">
      <thead>
        <tr>
          <th className="num">#</th>
          <th>Bot</th>
          <th className="num">Rating</th>
          <th className="num">Games</th>
          <th className="num">Won</th>
          <th>Recent (rank)</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((s) => {
          const results = resultsOf(s.holder, games)
          return (
            <tr key={s.holder} data-holder={s.holder} data-status={s.status}>
              <td className="num">{s.rank ?? "–"}</td>
              <td>
                <Link href={`/?player=${encodeURIComponent(holderName(s.holder))}`}>
                  {holderName(s.holder)}
                </Link>
              </td>
              <td className="num" title={`μ ${s.rating.mu.toFixed(2)}, σ ${s.rating.sigma.toFixed(2)}`}>
                {s.rating.score.toFixed(2)} <Trend results={results} />
              </td>
              <td className="num">{s.games}</td>
              <td className="num">{s.games === 0 ? "–" : `${Math.round((100 * s.wins) / s.games)}%`}</td>
              <td>
                <Recent results={results} />
              </td>
              <td className={s.status === "active" ? (s.connected ? "" : "muted") : "muted"}>
                {statusText(s)}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function Games({ games }: { games: ReadonlyArray<LadderGame> }) {
  if (games.length === 0) return <p className="muted">No rated game yet.</p>
  return (
    <table className="games" data-testid="ladder-games">
      <thead>
        <tr>
          <th>Game</th>
          <th>Seats (rank, rating change)</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {games.map((g) => (
          <tr key={g.gameId} data-game-id={g.gameId}>
            <td>
              <Link href={`/games/${g.gameId}`}>{g.gameId}</Link>
            </td>
            <td>
              {g.holders.map((h, seat) => (
                <span key={`${h}-${seat}`} className="ladder-seat">
                  {holderName(h)}
                  {g.ranks === null || g.after === null
                    ? null
                    : ` (${g.ranks[seat]}${h.startsWith("builtin:") ? "" : `, ${change(g.before[seat] ?? 0, g.after[seat] ?? 0)}`})`}
                  {seat < g.holders.length - 1 ? ", " : ""}
                </span>
              ))}
            </td>
            <td>{g.status === "live" ? "playing" : "ended"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One game's ladder: the table (rank, rating, games, recent results, status) and its latest rated games. */
export default async function LadderPage({ params }: Params) {
  const { game } = await params
  // Not a game id at all (the API would refuse it as malformed): no such ladder.
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(game)) notFound()
  const [ladder, catalogue] = await Promise.all([
    fromServer((c) => c.ladder.getLadder({ params: { game } })),
    fromServer((c) => c.games.catalogue()),
  ])
  if (ladder.kind === "not-found") notFound()
  const title =
    (catalogue.kind === "ok" ? catalogue.value.games.find((g) => g.id === game)?.title : undefined) ??
    titleOf(game)
  return (
    <>
      <p>
        <Link href="/ladder">All ladders</Link>
      </p>
      <h1>{title} ladder</h1>
      {ladder.kind !== "ok" ? (
        <ServerDown message={ladder.message} />
      ) : (
        <>
          <p className="muted">
            Tables of {ladder.value.tableSize}, {ladder.value.decisionMs / 1000} s a decision; empty seats go
            to {ladder.value.house.map(holderName).join(", ")}, whose rating is fixed so the scale stays put.
          </p>
          <Table standings={ladder.value.standings} games={ladder.value.games} />
          <h2 className="section-gap">Latest rated games</h2>
          <Games games={ladder.value.games} />
        </>
      )}
    </>
  )
}
