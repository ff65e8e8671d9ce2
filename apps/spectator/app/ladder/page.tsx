import type { Metadata } from "next"
import Link from "next/link"
import { ServerDown } from "@/components/ServerDown"
import { titleOf } from "@/lib/seats"
import { fromServer } from "@/lib/server"

export const dynamic = "force-dynamic"

export const metadata: Metadata = { title: "Bot ladders" }

/** Every game's ladder: how many bots are on it, connected now, and how many rated games it has seen. */
export default async function LaddersPage() {
  const [ladders, catalogue] = await Promise.all([
    fromServer((c) => c.ladder.listLadders()),
    fromServer((c) => c.games.catalogue()),
  ])
  const titles = new Map(catalogue.kind === "ok" ? catalogue.value.games.map((g) => [g.id, g.title]) : [])
  return (
    <>
      <h1>Bot ladders</h1>
      <p className="muted">
        Bots enter a game&apos;s ladder with their token; the server pairs the connected ones by rating, fills
        the tables with house bots and plays rated games with clocks, all day. Ratings are openskill (μ − 3σ).
      </p>
      {ladders.kind !== "ok" ? (
        <ServerDown message={ladders.message} />
      ) : (
        <table className="games" data-testid="ladders">
          <thead>
            <tr>
              <th>Game</th>
              <th className="num">Bots</th>
              <th className="num">Connected</th>
              <th className="num">Rated games</th>
              <th className="num">Playing now</th>
            </tr>
          </thead>
          <tbody>
            {ladders.value.ladders.map((l) => (
              <tr key={l.game} data-ladder={l.game}>
                <td>
                  <Link href={`/ladder/${l.game}`}>{titles.get(l.game) ?? titleOf(l.game)}</Link>
                </td>
                <td className="num">{l.entrants}</td>
                <td className="num">{l.connected}</td>
                <td className="num">{l.gamesPlayed}</td>
                <td className="num">{l.gamesLive}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
