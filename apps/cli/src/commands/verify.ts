import { readFile } from "node:fs/promises"
import { type EventEnvelope, findGame } from "@boroughs/core"
import { gameStream, MalformedExport, parseNdjson, type VerifyReport, verifyStream } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { storeLayer } from "../db.js"
import { runEffect } from "../engine.js"
import { CliError } from "../fail.js"

/** Loads the envelopes to verify: from an NDJSON export, or from the database by game id. */
const load = async (o: { file?: string; gameId?: string; db?: string }): Promise<EventEnvelope[]> => {
  if (o.file) {
    let text: string
    try {
      text = await readFile(o.file, "utf8")
    } catch (e) {
      throw new CliError(
        `cannot read ${o.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      )
    }
    const parsed = parseNdjson(text)
    if (parsed instanceof MalformedExport)
      throw new CliError(`${o.file}: malformed export, ${parsed.message}`)
    return parsed
  }
  if (!o.gameId) throw new CliError("verify needs a file or --game-id")
  const gameId = o.gameId
  const envelopes = await runEffect(
    Effect.gen(function* () {
      const store = yield* EventStore
      return yield* store.readStream(gameStream(gameId))
    }).pipe(Effect.scoped, Effect.provide(storeLayer(o.db))),
  )
  if (envelopes.length === 0) throw new CliError(`no game with id "${gameId}" in this database`)
  return [...envelopes]
}

/** Verifies a game and returns the report; `expectHead` anchors the stream's last hash (truncation). */
export const verifyGame = async (o: { file?: string; gameId?: string; db?: string; expectHead?: string }) => {
  const envelopes = await load(o)
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
