"use client"
import Link from "next/link"
import { useParams } from "next/navigation"
import { useState } from "react"
import { Guard } from "@/components/Guard"
import { download, fetchText, messageOf } from "@/lib/api"
import { usePolling, usePollingPromise } from "@/lib/usePolling"

export default function AuditPage() {
  return (
    <Guard>
      <Audit />
    </Guard>
  )
}

/** The audit report: every game re-executed, every chain, commitment, pairing, root and signature checked. */
function Audit() {
  const { id } = useParams<{ id: string }>()
  const path = `/api/tournaments/${encodeURIComponent(id)}`
  const audit = usePolling(
    (client) => client.tournaments.tournamentAudit({ params: { tournamentId: id }, query: {} }),
    0,
    [id],
  )
  // The text report is for people: the typed client decodes JSON only.
  const text = usePollingPromise(() => fetchText(`${path}/audit?format=text`), 0, [path])
  const [error, setError] = useState<string | null>(null)
  const save = (url: string, name: string) => download(url, name).catch((e) => setError(messageOf(e)))
  const r = audit.data
  if (audit.error) return <p className="error">{audit.error}</p>
  if (!r) return <p className="muted">Re-executing every game…</p>
  const commands = r.games.reduce((n, g) => n + g.commandsReplayed, 0)
  const commitments = r.games.reduce((n, g) => n + g.commitmentsChecked, 0)
  return (
    <>
      <h1>
        Audit — <Link href={`/tournaments/${encodeURIComponent(id)}`}>{r.name}</Link>
      </h1>
      <section className="card" data-testid="audit-summary">
        <span className={`verdict ${r.ok ? "sound" : "broken"}`} data-testid="verdict">
          {r.ok ? "SOUND" : "BROKEN"}
        </span>
        <p>
          {r.games.length} games re-executed from their commands and committed seeds ({commands} commands,{" "}
          {commitments} secret choices opened against their commitments), {r.rounds.length} of{" "}
          {r.roundsPlanned} rounds, every hash chain walked.
        </p>
        <p className="muted">
          Trusted key: <span className="mono">{r.trustedKey ?? "none"}</span>
        </p>
        <div className="actions">
          <button type="button" onClick={() => void save(`${path}/audit`, `audit-${id}.json`)}>
            Download report (JSON)
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => void save(`${path}/audit?format=text`, `audit-${id}.txt`)}
          >
            Download report (text)
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => void save(`${path}/export`, `tournament-${id}.ndjson`)}
          >
            Download export (NDJSON)
          </button>
        </div>
        <p className="muted">
          Check it yourself, offline:{" "}
          <span className="mono">
            pnpm boroughs verify --tournament {id} tournament-{id}.ndjson --public-key{" "}
            {r.trustedKey ?? "<key>"}
          </span>
        </p>
        {error && <p className="error">{error}</p>}
      </section>
      <section className="card">
        <h2>Problems</h2>
        {r.problems.length === 0 ? (
          <p className="ok">None found.</p>
        ) : (
          <div className="table-scroll">
            <table data-testid="problems">
              <tbody>
                {r.problems.map((p, i) => (
                  <tr key={`${p.where}-${i}`}>
                    <td>{p.where}</td>
                    <td className="bad">{p.kind}</td>
                    <td>{p.version === undefined ? "" : `v${p.version}`}</td>
                    <td>{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card">
        <h2>Rounds: Merkle roots and signatures</h2>
        <div className="table-scroll">
          <table data-testid="audit-rounds">
            <thead>
              <tr>
                <th>Round</th>
                <th>Pairing</th>
                <th>Games</th>
                <th>Merkle root</th>
                <th>Signature</th>
              </tr>
            </thead>
            <tbody>
              {r.rounds.map((round) => (
                <tr key={round.round}>
                  <td>{round.round}</td>
                  <td className={round.pairingRederived ? "ok" : "bad"}>
                    {round.pairingRederived ? "re-derived" : "differs"}
                  </td>
                  <td>
                    {round.games.filter((g) => g.sound).length}/{round.games.length} sound
                  </td>
                  <td className="mono">
                    {round.merkleRoot ?? "not sealed"}
                    {round.merkleRoot && round.recomputedRoot !== round.merkleRoot && (
                      <div className="bad">recomputes to {round.recomputedRoot}</div>
                    )}
                  </td>
                  <td className={round.signatureValid ? "ok" : "bad"}>
                    {round.signatureValid === null
                      ? "—"
                      : round.signatureValid
                        ? `valid (${round.keyId})`
                        : "INVALID"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <h2>Human-readable report</h2>
        {/* A tab stop: the report scrolls in its box, and the keyboard must be able to scroll it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to scroll it */}
        <pre className="report" data-testid="text-report" tabIndex={0}>
          {text.data ?? ""}
        </pre>
      </section>
    </>
  )
}
