import { writeFile } from "node:fs/promises"
import type { AnalysisSettings, EventEnvelope } from "@boroughs/core"
import { Streams, toNdjsonLine } from "@boroughs/engine"
import type { AnalysisReady } from "@boroughs/protocol"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import {
  analyseHere,
  analysisFromServer,
  analysisSettingsFor,
  decodeAnalysis,
  eventsFromServer,
  gameNotEnded,
  hasEnded,
} from "../analysis.js"
import { analysisLine } from "../analysisLine.js"
import { storeLayer } from "../db.js"
import { runEffect } from "../engine.js"
import { CliError } from "../fail.js"
import { storedAnalysis } from "../storedAnalysis.js"
import { viewerRemote } from "./remote.js"

export interface ExportOptions {
  readonly gameId: string
  readonly db?: string
  /** Read the game from the server there instead of a database. */
  readonly url?: string
  readonly tokenFile?: string
  readonly out?: string
  /** Append the game's analysis as the last line (docs/export-format.md). */
  readonly analysis?: boolean
  /** Rollouts a position for an analysis made here (default: the server's settings). */
  readonly rollouts?: number
}

/** The game id given as the argument or as `--game-id` (the older spelling): one of them, the same if both. */
export const exportedGameId = (argument: string | undefined, option: string | undefined): string => {
  if (argument !== undefined && option !== undefined && argument !== option)
    throw new CliError(`two game ids: ${argument} and --game-id ${option}`)
  const gameId = argument ?? option
  if (gameId === undefined) throw new CliError("export needs a game id: boroughs export <gameId>")
  return gameId
}

/** A game's envelopes and, when asked for, its analysis. */
export interface Exported {
  readonly envelopes: ReadonlyArray<EventEnvelope>
  readonly analysis: AnalysisReady | undefined
}

/**
 * A game's envelopes from a database or (`--url`) a server; with `analysis`, its analysis too: the server's,
 * or else the database's stored one with the same settings, or else one made here. A live game is refused
 * then, with exit code 2.
 */
export const exportedGame = async (o: ExportOptions): Promise<Exported> => {
  if (o.rollouts !== undefined && !o.analysis) throw new CliError("--rollouts goes with --analysis")
  if (o.url !== undefined && o.db !== undefined)
    throw new CliError("--url reads the game from a server and --db from a database: give one")
  if (o.url !== undefined && o.rollouts !== undefined)
    throw new CliError(
      "--rollouts is for an analysis made here; a server's analysis has the server's settings",
    )
  if (o.url !== undefined) return fromServer(o, o.url)
  return fromDatabase(o, o.analysis ? analysisSettingsFor(o.rollouts) : undefined)
}

/**
 * A game's stream as NDJSON (docs/export-format.md), to a file or stdout; with `analysis`, one more line
 * holds its analysis (`exportedGame`). Nothing is written for a live game then.
 */
export const exportGame = async (o: ExportOptions): Promise<{ events: number; analysis: boolean }> => {
  const { envelopes, analysis } = await exportedGame(o)
  const text =
    envelopes.map((e) => `${toNdjsonLine(e)}\n`).join("") + (analysis ? analysisLine(analysis) : "")
  if (o.out) await writeFile(o.out, text)
  else process.stdout.write(text)
  return { events: envelopes.length, analysis: analysis !== undefined }
}

const fromDatabase = async (o: ExportOptions, settings: AnalysisSettings | undefined): Promise<Exported> => {
  const gameId = o.gameId
  // One connection for both: opening a PGlite folder is the slow part of a small export.
  const { envelopes, stored } = await runEffect(
    Effect.gen(function* () {
      const envelopes = yield* (yield* EventStore).readStream(Streams.game(gameId))
      const ended = hasEnded(envelopes)
      const stored = settings !== undefined && ended ? yield* storedAnalysis(gameId, settings) : undefined
      return { envelopes, stored }
    }).pipe(Effect.scoped, Effect.provide(storeLayer(o.db))),
  )
  if (envelopes.length === 0) throw new CliError(`no game with id "${gameId}" in this database`)
  if (settings === undefined) return { envelopes, analysis: undefined }
  if (!hasEnded(envelopes)) throw gameNotEnded(gameId)
  const analysis =
    stored === undefined
      ? analyseHere(envelopes, settings)
      : decodeAnalysis(stored, `the stored analysis of game ${gameId}`)
  return { envelopes, analysis }
}

const fromServer = async (o: ExportOptions, url: string): Promise<Exported> => {
  const remote = viewerRemote({ url, ...(o.tokenFile === undefined ? {} : { tokenFile: o.tokenFile }) })
  const { envelopes, ended } = await eventsFromServer(remote, o.gameId)
  if (o.analysis && !ended) throw gameNotEnded(o.gameId)
  // A live game's secrets are redacted, which no verifier would accept: say so rather than write them.
  if (envelopes.some((e) => e.redacted))
    throw new CliError(
      `game ${o.gameId} has not ended: the server shows its secrets only once it has; export it then, or from its database with --db`,
    )
  return { envelopes, analysis: o.analysis ? await analysisFromServer(remote, o.gameId) : undefined }
}
