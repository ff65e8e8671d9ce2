"use client"
import Link from "next/link"
import { Guard } from "@/components/Guard"
import { NewTournament } from "@/components/NewTournament"
import { SigningKey } from "@/components/SigningKey"
import { usePolling } from "@/lib/usePolling"

/** Every tournament, newest first, and the form that creates one. */
export default function Tournaments() {
  return (
    <Guard>
      <TournamentsPage />
    </Guard>
  )
}

function TournamentsPage() {
  const list = usePolling((client) => client.tournaments.listTournaments(), 3000)
  return (
    <>
      <h1>Tournaments</h1>
      <div className="grid2">
        <section className="card">
          <h2>All tournaments</h2>
          {list.error && <p className="error">{list.error}</p>}
          {list.data && list.data.tournaments.length === 0 && <p className="muted">None yet: create one.</p>}
          {list.data && list.data.tournaments.length > 0 && (
            <div className="table-scroll">
              <table data-testid="tournament-list">
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Game</th>
                    <th className="num">Rounds</th>
                    <th>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.tournaments.map((t) => (
                    <tr key={t.tournamentId}>
                      <td>
                        <Link href={`/tournaments/${encodeURIComponent(t.tournamentId)}`}>{t.name}</Link>
                        <div className="muted mono">{t.tournamentId}</div>
                      </td>
                      <td>
                        {t.game} · {t.format} · {t.entrants} entrants
                      </td>
                      <td className="num">
                        {t.roundsPaired}/{t.rounds}
                      </td>
                      <td>
                        <span className={`badge ${t.status}`}>{t.status}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <SigningKey />
        </section>
        <NewTournament onCreated={() => void list.reload()} />
      </div>
    </>
  )
}
