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

/** A file's report when it holds several games' streams: each game's, and all of them summed up. */
export interface MultiGameReport extends VerifyReport {
  readonly games: ReadonlyArray<VerifyReport>
}

/** The envelopes of each stream, in the order the streams first appear. */
const byStream = (envelopes: ReadonlyArray<EventEnvelope>): EventEnvelope[][] => {
  const streams = new Map<string, EventEnvelope[]>()
  for (const e of envelopes) {
    const stream = streams.get(e.streamId)
    if (stream === undefined) streams.set(e.streamId, [e])
    else stream.push(e)
  }
  return [...streams.values()]
}

/** Every game of a file holding several (`boroughs arena --out`): sound only if each one is. */
const verifyEach = (streams: ReadonlyArray<ReadonlyArray<EventEnvelope>>): MultiGameReport => {
  const games = streams.map((envelopes) => verifyStream(envelopes, (id) => findGame(id)?.game))
  const kinds = [...new Set(games.map((r) => r.game))]
  const sum = (f: (r: VerifyReport) => number) => games.reduce((n, r) => n + f(r), 0)
  return {
    ok: games.every((r) => r.ok),
    streamId: `${games.length} streams`,
    game: kinds.length === 1 ? (kinds[0] ?? null) : null,
    events: sum((r) => r.events),
    head: null,
    ended: games.every((r) => r.ended),
    commandsReplayed: sum((r) => r.commandsReplayed),
    commitmentsChecked: sum((r) => r.commitmentsChecked),
    problems: games.flatMap((r) => r.problems.map((p) => ({ ...p, message: `${r.streamId}: ${p.message}` }))),
    games,
  }
}

/**
 * Verifies a game and returns the report; `expectHead` anchors the stream's last hash (truncation). A file
 * holding several games' streams gets each verified and a report of them all.
 */
export const verifyGame = async (o: {
  file?: string
  gameId?: string
  db?: string
  expectHead?: string
}): Promise<VerifyReport | MultiGameReport> => {
  const envelopes = await gameEnvelopes(o, "verify")
  const streams = byStream(envelopes)
  if (streams.length > 1) {
    if (o.expectHead)
      throw new CliError(`--expect-head anchors one stream; ${o.file} holds ${streams.length}`)
    return verifyEach(streams)
  }
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

/** A short human report: a few lines for one game, one line per game for a file of several. */
export const formatReport = (r: VerifyReport | MultiGameReport): string => {
  if ("games" in r) {
    const broken = r.games.filter((g) => !g.ok).length
    return [
      ...r.games.map((g) => {
        const first = g.problems[0]
        return `${g.ok ? "SOUND" : "BROKEN"}  ${g.streamId} (${g.game ?? "unknown game"}): ${g.events} events, ${g.commandsReplayed} commands re-executed${g.ended ? "" : ", not finished"}${first ? ` — first bad event: version ${first.version}, ${first.kind}: ${first.message}` : ""}`
      }),
      broken === 0 ? `all ${r.games.length} streams SOUND` : `${broken} of ${r.games.length} streams BROKEN`,
    ].join("\n")
  }
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
