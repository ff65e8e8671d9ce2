import type { AuditReport } from "@boroughs/protocol"

const short = (hash: string | null) => (hash === null ? "—" : `${hash.slice(0, 12)}…`)

/**
 * What anyone can check of this game (GET /api/games/:id/audit): the hash chain, the seed's commitment and,
 * once the game is over, the revealed seed against it and every command re-executed by the server's verifier.
 */
export function AuditBadge({ audit }: { audit: AuditReport }) {
  const ended = audit.status === "ended"
  const sound = audit.chain.ok && (!ended || (audit.seed.matches === true && audit.replay.ok === true))
  const label = !sound ? "Audit failed" : ended ? "Verified" : "Chain verified so far"
  return (
    <section className="panel audit" aria-label="Audit" data-testid="audit">
      <div className="audit-title">
        Audit
        <span
          className={`badge ${!sound ? "badge-bad" : ended ? "badge-ok" : "badge-pending"}`}
          data-testid="audit-badge"
        >
          {sound ? "✓ " : "✗ "}
          {label}
        </span>
      </div>
      <div>
        {audit.chain.ok ? "✓" : "✗"} Hash chain of {audit.version} events{" "}
        {audit.chain.ok ? "links" : "is broken"} (head <code>{short(audit.chain.head)}</code>)
      </div>
      <div>
        {audit.seed.matches === null ? "…" : audit.seed.matches ? "✓" : "✗"} Seed commitment{" "}
        <code>{short(audit.seed.commitment)}</code>
        {audit.seed.revealed === null
          ? " — the seed stays secret until the game ends"
          : audit.seed.matches
            ? " — the revealed seed matches it"
            : " — the revealed seed does NOT match it"}
      </div>
      {audit.replay.checked ? (
        <div>
          {audit.replay.ok ? "✓" : "✗"} {audit.replay.commandsReplayed} commands re-executed,{" "}
          {audit.replay.commitmentsChecked} secret reveals checked against their commitments
        </div>
      ) : (
        <div className="muted">Every command is re-executed once the game has ended.</div>
      )}
      {audit.problems.length > 0 ? (
        <div className="banner banner-down" role="alert">
          First problem at version {audit.problems[0]?.version}: {audit.problems[0]?.message}
        </div>
      ) : null}
    </section>
  )
}
