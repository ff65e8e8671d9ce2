"use client"
import Link from "next/link"
import { useParams } from "next/navigation"
import { Guard } from "@/components/Guard"
import { usePolling } from "@/lib/usePolling"

export default function RoundPairingsPage() {
  return (
    <Guard>
      <RoundPairings />
    </Guard>
  )
}

/** One round's pairings laid out for paper: each table, its seats in order and who sits there, then the byes. */
function RoundPairings() {
  const { id, round } = useParams<{ id: string; round: string }>()
  // Loaded once: a sheet for the printer should not change under the print dialog.
  const detail = usePolling(
    (client) => client.tournaments.getTournament({ params: { tournamentId: id } }),
    0,
    [id],
  )
  const t = detail.data
  if (detail.error && !t) return <p className="error">{detail.error}</p>
  if (!t) return <p className="muted">Loading…</p>
  const r = t.roundList.find((candidate) => String(candidate.round) === round)
  const back = `/tournaments/${encodeURIComponent(id)}`
  if (r === undefined)
    return (
      <p className="error">
        Round {round} of <Link href={back}>{t.name}</Link> is not paired yet.
      </p>
    )
  return (
    <>
      <h1>
        {t.name} — round {r.round} of {t.rounds}
      </h1>
      <p className="muted">
        {t.game} · {t.format} · {r.tables.length} table{r.tables.length === 1 ? "" : "s"} of {t.tableSize} ·
        pairing seed <span className="mono">{t.pairingSeed}</span>
      </p>
      <div className="actions no-print" style={{ marginBottom: "0.8rem" }}>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <Link href={back}>Back to the tournament</Link>
      </div>
      <div className="table-scroll">
        <table className="pairings" data-testid="print-pairings">
          <thead>
            <tr>
              <th>Table</th>
              <th className="num">Seat</th>
              <th>Entrant</th>
              <th>Game</th>
            </tr>
          </thead>
          {r.tables.map((table) => (
            <tbody key={table.gameId} data-testid={`print-table-${table.table}`}>
              {table.entrants.map((entrant, seat) => (
                <tr key={entrant}>
                  {seat === 0 && (
                    <th scope="rowgroup" rowSpan={table.entrants.length}>
                      Table {table.table}
                    </th>
                  )}
                  <td className="num">{seat}</td>
                  <td>{entrant}</td>
                  {seat === 0 && (
                    <td rowSpan={table.entrants.length} className="mono">
                      {table.gameId}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {r.byes.length > 0 && <p data-testid="print-byes">Bye this round: {r.byes.join(", ")}</p>}
    </>
  )
}
