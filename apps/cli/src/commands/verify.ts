import { existsSync, readFileSync } from "node:fs"
import { type EventEnvelope, findGame } from "@boroughs/core"
import {
  auditTournament,
  DEFAULT_SIGNING_KEY,
  signerFromPem,
  type TournamentAuditReport,
  tournamentExport,
  type VerifyReport,
  verifyStream,
} from "@boroughs/engine"

export { formatTournamentAudit } from "@boroughs/engine"

import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { storeLayer } from "../db.js"
import { runEffect } from "../engine.js"
import { CliError } from "../fail.js"
import { gameEnvelopes, readExport } from "../gameEnvelopes.js"

/** Verifies a game and returns the report; `expectHead` anchors the stream's last hash (truncation). */
export const verifyGame = async (o: { file?: string; gameId?: string; db?: string; expectHead?: string }) => {
  const envelopes = await gameEnvelopes(o, "verify")
  const report = verifyStream(envelopes, (id) => findGame(id)?.game)
  if (o.expectHead && report.head !== o.expectHead)
    return {
      ...report,
      ok: false,
      problems: [
        ...report.problems,
        {
          version: report.events,
          kind: "trailing" as const,
          message: `the stream ends at ${report.head}, not the expected head ${o.expectHead}`,
        },
      ],
    } satisfies VerifyReport
  return report
}

/** A short human report. */
export const formatReport = (r: VerifyReport): string => {
  const lines = [
    `${r.ok ? "SOUND" : "BROKEN"}  ${r.streamId} (${r.game ?? "unknown game"})`,
    `  events ${r.events}, commands re-executed ${r.commandsReplayed}, commitments checked ${r.commitmentsChecked}`,
    `  head ${r.head ?? "-"}${r.ended ? "" : "  (game not finished)"}`,
  ]
  const first = r.problems[0]
  if (first) {
    lines.push(`  first bad event: version ${first.version} — ${first.kind}: ${first.message}`)
    for (const p of r.problems.slice(1, 10))
      lines.push(`  also: version ${p.version} — ${p.kind}: ${p.message}`)
  }
  return lines.join("\n")
}

/**
 * Audits a tournament (docs/audit.md): from an NDJSON export of its streams, offline, or from the database.
 * The trusted key is `--public-key`, else the organiser key file's, when there is one.
 */
export const verifyTournament = async (o: {
  tournamentId: string
  file?: string
  db?: string
  publicKey?: string
  key?: string
}): Promise<TournamentAuditReport> => {
  let envelopes: EventEnvelope[]
  if (o.file) envelopes = await readExport(o.file)
  else {
    const tournamentId = o.tournamentId
    envelopes = [
      ...(await runEffect(
        Effect.gen(function* () {
          return yield* tournamentExport(yield* EventStore, tournamentId)
        }).pipe(Effect.scoped, Effect.provide(storeLayer(o.db))),
      )),
    ]
  }
  const keyFile = o.key ?? process.env.BOROUGHS_SIGNING_KEY ?? DEFAULT_SIGNING_KEY
  const trustedKey =
    o.publicKey ?? (existsSync(keyFile) ? signerFromPem(readFileSync(keyFile, "utf8")).publicKey : null)
  if (trustedKey !== null && !/^[0-9a-f]{64}$/.test(trustedKey))
    throw new CliError("--public-key is the raw Ed25519 public key: 64 lower-case hex digits")
  return auditTournament(envelopes, (id) => findGame(id)?.game, { tournamentId: o.tournamentId, trustedKey })
}
