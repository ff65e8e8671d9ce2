"use client"
import type { TournamentActionRequest } from "@boroughs/protocol"
import Link from "next/link"
import { useParams } from "next/navigation"
import { useState } from "react"
import { Guard } from "@/components/Guard"
import { RatingChart } from "@/components/RatingChart"
import { SigningKey } from "@/components/SigningKey"
import { Trail } from "@/components/Trail"
import { api, messageOf, saveText } from "@/lib/api"
import { csvFileName, pairingsCsv, standingsCsv } from "@/lib/csv"
import { usePolling } from "@/lib/usePolling"

export default function TournamentPage() {
  return (
    <Guard>
      <Tournament />
    </Guard>
  )
}

function Tournament() {
  const { id } = useParams<{ id: string }>()
  const params = { tournamentId: id }
  const detail = usePolling((client) => client.tournaments.getTournament({ params }), 1500, [id])
  const trail = usePolling((client) => client.tournaments.tournamentTrail({ params }), 3000, [id])
  const [reason, setReason] = useState("")
  const [note, setNote] = useState("")
  const [error, setError] = useState<string | null>(null)
  const t = detail.data
  const act = async (action: (typeof TournamentActionRequest.Type)["action"]) => {
    setError(null)
    try {
      await api((client) =>
        client.tournaments.tournamentAction({
          params,
          payload: { action, reason: reason.trim() || "organiser's decision" },
        }),
      )
      setNote("")
      await Promise.all([detail.reload(), trail.reload()])
    } catch (e) {
      setError(messageOf(e))
    }
  }
  if (detail.error && !t) return <p className="error">{detail.error}</p>
  if (!t) return <p className="muted">Loading…</p>
  // Built from what the page shows, so the files match the screen at the moment of the click.
  const saveCsv = (what: string, csv: string) => saveText(csv, csvFileName(t, what), "text/csv;charset=utf-8")
  return (
    <>
      <h1>
        {t.name}{" "}
        <span className={`badge ${t.status}`} data-testid="status">
          {t.status}
        </span>
      </h1>
      <p className="muted">
        {t.game} · {t.format} · round {t.roundsPaired} of {t.rounds} · {t.entrants} entrants at tables of{" "}
        {t.tableSize} · pairing seed{" "}
        <span className="mono" data-testid="pairing-seed">
          {t.pairingSeed}
        </span>{" "}
        ·{" "}
        <span data-testid="decision-ms">
          {t.decisionMs === null ? "no clock" : `${t.decisionMs} ms per decision`}
        </span>{" "}
        ·{" "}
        <span data-testid="pace">
          {t.paceMs === 0 ? "bots at full speed" : `bots' moves ${t.paceMs} ms apart`}
        </span>{" "}
        ·{" "}
        <span data-testid="spectators">
          {t.spectators.mode === "live"
            ? "everyone watches live"
            : t.spectators.mode === "delayed"
              ? `everyone watches ${t.spectators.events} events behind`
              : "organisers only"}
        </span>{" "}
        ·<Link href={`/tournaments/${encodeURIComponent(id)}/audit`}>Audit report</Link>
      </p>
      <div className="grid2">
        <section className="card">
          <h2>Standings</h2>
          <div className="table-scroll">
            <table data-testid="standings">
              <thead>
                <tr>
                  <th className="num">#</th>
                  <th>Entrant</th>
                  <th className="num">Points</th>
                  <th className="num">Games</th>
                  <th className="num">Wins</th>
                  <th className="num">Opp.</th>
                  <th className="num">Rating</th>
                </tr>
              </thead>
              <tbody>
                {t.standings.map((s) => (
                  <tr key={s.entrant}>
                    <td className="num">{s.rank}</td>
                    <td>
                      {s.entrant} <span className="muted">{s.plays}</span>
                    </td>
                    <td className="num">{s.points.toFixed(2)}</td>
                    <td className="num">{s.games}</td>
                    <td className="num">{s.wins}</td>
                    <td className="num">{s.opposition.toFixed(2)}</td>
                    <td className="num" title={`μ ${s.rating.mu}, σ ${s.rating.sigma}`}>
                      {s.rating.ordinal.toFixed(2)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">
            Points: the share of opponents beaten in each game (ties half, a bye ½). Rating: openskill μ − 3σ.
          </p>
          <div className="actions">
            <button type="button" className="secondary" onClick={() => saveCsv("standings", standingsCsv(t))}>
              Download standings (CSV)
            </button>
          </div>
        </section>
        <section className="card">
          <h2>Ratings by round</h2>
          <RatingChart history={t.ratingHistory} entrants={t.standings.map((s) => s.entrant)} />
        </section>
      </div>
      <section className="card">
        <h2>Rounds</h2>
        {t.roundList.length === 0 && <p className="muted">The scheduler pairs round 1 in a moment.</p>}
        {t.roundList.length > 0 && (
          <div className="actions" style={{ marginBottom: "0.6rem" }}>
            <button type="button" className="secondary" onClick={() => saveCsv("pairings", pairingsCsv(t))}>
              Download pairings and results (CSV)
            </button>
          </div>
        )}
        {[...t.roundList].reverse().map((r) => (
          <div key={r.round} data-testid={`round-${r.round}`} style={{ marginBottom: "0.9rem" }}>
            <strong>Round {r.round}</strong>{" "}
            {r.sealed ? (
              <span className="ok">
                sealed · root <span className="mono">{r.sealed.merkleRoot.slice(0, 16)}…</span> signed by{" "}
                {r.sealed.keyId}
              </span>
            ) : (
              <span className="muted">in play</span>
            )}
            {r.byes.length > 0 && <span className="muted"> · bye: {r.byes.join(", ")}</span>} ·{" "}
            <Link href={`/tournaments/${encodeURIComponent(id)}/rounds/${r.round}`}>Print pairings</Link>
            <div className="table-scroll">
              <table>
                <tbody>
                  {r.tables.map((table) => (
                    <tr key={table.gameId}>
                      <td style={{ width: "5rem" }}>Table {table.table}</td>
                      <td>
                        {table.entrants.map((e, seat) => (
                          <span key={e} style={{ marginRight: "0.8rem" }}>
                            {e}
                            {table.result ? (
                              <span className="muted">
                                {" "}
                                #{table.result.ranks[seat]} ({table.result.scores[seat]})
                              </span>
                            ) : null}
                          </span>
                        ))}
                      </td>
                      <td style={{ width: "9rem" }}>
                        <Link href={`/games/${encodeURIComponent(table.gameId)}`}>
                          {table.result ? "result" : "in play"} →
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </section>
      <section className="card">
        <h2>Organiser actions</h2>
        <div className="row">
          <label>
            Reason (recorded with the action)
            <input
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="why"
            />
          </label>
          <div className="actions">
            {t.status === "running" && (
              <button
                type="button"
                className="secondary"
                onClick={() => void act({ type: "PauseTournament" })}
              >
                Pause
              </button>
            )}
            {t.status === "paused" && (
              <button type="button" onClick={() => void act({ type: "ResumeTournament" })}>
                Resume
              </button>
            )}
          </div>
        </div>
        <div className="row">
          <label>
            Note
            <input
              name="note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="a note for the record"
            />
          </label>
          <button
            type="button"
            className="secondary"
            disabled={note.trim() === ""}
            onClick={() => void act({ type: "AnnotateTournament", note })}
          >
            Add note
          </button>
        </div>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <h2 style={{ marginTop: "1rem" }}>Action trail</h2>
        <Trail rows={trail.data?.entries ?? []} />
      </section>
      <SigningKey />
    </>
  )
}
