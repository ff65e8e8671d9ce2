import { readFile } from "node:fs/promises"
import type { EventEnvelope } from "@boroughs/core"
import { MalformedExport, parseNdjson, Streams } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { splitAnalysisLine } from "./analysisLine.js"
import { storeLayer } from "./db.js"
import { runEffect } from "./engine.js"
import { CliError } from "./fail.js"

/**
 * An NDJSON export's envelopes and the analysis of its last line (`export --analysis`), undecoded, when it
 * has one; or a clear error naming the file and its first bad line.
 */
export const readExportWithAnalysis = async (
  file: string,
): Promise<{ readonly envelopes: EventEnvelope[]; readonly analysis: unknown }> => {
  let text: string
  try {
    text = await readFile(file, "utf8")
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
  }
  const { events, analysis } = splitAnalysisLine(text)
  const parsed = parseNdjson(events)
  if (parsed instanceof MalformedExport) throw new CliError(`${file}: malformed export, ${parsed.message}`)
  return { envelopes: parsed, analysis }
}

/**
 * The envelopes of an NDJSON export, or a clear error naming the file and its first bad line. An analysis line
 * is left out: it is an estimate beside the stream, not part of what is verified or replayed.
 */
export const readExport = async (file: string): Promise<EventEnvelope[]> =>
  (await readExportWithAnalysis(file)).envelopes

/** A game's envelopes: from an NDJSON export, or from the database by game id (`command` names the asker). */
export const gameEnvelopes = async (
  o: { file?: string | undefined; gameId?: string | undefined; db?: string | undefined },
  command: string,
): Promise<EventEnvelope[]> => {
  if (o.file) return readExport(o.file)
  if (!o.gameId) throw new CliError(`${command} needs a file or --game-id`)
  const gameId = o.gameId
  const envelopes = await runEffect(
    Effect.gen(function* () {
      const store = yield* EventStore
      return yield* store.readStream(Streams.game(gameId))
    }).pipe(Effect.scoped, Effect.provide(storeLayer(o.db))),
  )
  if (envelopes.length === 0) throw new CliError(`no game with id "${gameId}" in this database`)
  return [...envelopes]
}
