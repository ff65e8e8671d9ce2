import { existsSync } from "node:fs"
import { analysisKey, canonicalJson } from "@boroughs/core"
import type { AnalysisReady, Mistake } from "@boroughs/protocol"
import { analyseHere, analysisSettingsFor, decodeAnalysis } from "../analysis.js"
import { CliError } from "../fail.js"
import { readExportWithAnalysis } from "../gameEnvelopes.js"
import { exportedGame } from "./export.js"

export interface AnalyseOptions {
  /** An NDJSON export, or a game id (in the database, or on the server at `url`). */
  readonly source: string
  readonly db?: string
  readonly url?: string
  readonly tokenFile?: string
  readonly rollouts?: number
}

/**
 * A finished game's analysis: an export's own analysis line when it has one (and `--rollouts` asks for no
 * other settings), else one made here from the export's events; for a game id, what `export --analysis` would
 * append (the server's, the database's stored one, or one made here). A live game: exit code 2.
 */
export const analyse = async (o: AnalyseOptions): Promise<AnalysisReady> => {
  if (!existsSync(o.source)) {
    const { analysis } = await exportedGame({ ...o, gameId: o.source, analysis: true })
    if (analysis === undefined) throw new CliError(`game ${o.source}: no analysis`)
    return analysis
  }
  if (o.url !== undefined || o.db !== undefined)
    throw new CliError(`${o.source} is a file: --url and --db are for a game id`)
  const { envelopes, analysis } = await readExportWithAnalysis(o.source)
  const streams = new Set(envelopes.map((e) => e.streamId))
  if (streams.size > 1)
    throw new CliError(`${o.source} holds ${streams.size} games' streams: analyse one game's export`)
  const settings = analysisSettingsFor(o.rollouts)
  if (analysis !== undefined) {
    const written = decodeAnalysis(analysis, o.source)
    if (o.rollouts === undefined || written.key === analysisKey(settings)) return written
  }
  return analyseHere(envelopes, settings)
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`

const percent = (chance: number): string => `${Math.round(chance * 100)}%`

const SPARKS = "▁▂▃▄▅▆▇█"

/** A seat's chances along the game as a line of block characters, at most `width` of them (0 low, 1 high). */
export const sparkline = (chances: ReadonlyArray<number>, width = 48): string => {
  if (chances.length === 0) return ""
  const columns = Math.min(width, chances.length)
  return Array.from({ length: columns }, (_, column) => {
    const at =
      columns === 1 ? chances.length - 1 : Math.round((column * (chances.length - 1)) / (columns - 1))
    const chance = Math.min(1, Math.max(0, chances[at] as number))
    return SPARKS[Math.min(SPARKS.length - 1, Math.floor(chance * SPARKS.length))]
  }).join("")
}

/** A command in a line: its type, then its other fields as compact JSON (`MovePawns {"moves":[…]}`). */
export const describeCommand = (command: unknown): string => {
  if (typeof command !== "object" || command === null || !("type" in command)) return canonicalJson(command)
  const { type, ...fields } = command as { type: unknown }
  return Object.keys(fields).length === 0 ? String(type) : `${String(type)} ${canonicalJson(fields)}`
}

/** A mistake in three lines: where and how far the chance fell, then the played and the preferred command. */
const mistakeLines = (m: Mistake): string[] => [
  `  at position ${m.before}: ${percent(m.chanceBefore)} → ${percent(m.chanceAfter)}`,
  `    played     ${describeCommand(m.command)}  keeps ${percent(m.played)}`,
  `    preferred  ${describeCommand(m.better.command)}  keeps ${percent(m.better.chance)}`,
]

/**
 * The analysis in words, seat by seat: the chance of winning along the game (a sparkline, from the first
 * position to the outcome) and each mistake found: the position (events before it), the chance before → after
 * the played command, and the chance the played and the preferred command keep (measured on the same rollouts,
 * so the two compare).
 */
export const formatAnalysis = (a: AnalysisReady): string => {
  const outcome = a.positions.at(-1)
  const lines = [
    `${a.game} game ${a.gameId}: ${a.seats} seats, ${count(a.decisions.length, "decision")}, ${count(a.mistakes.length, "mistake")}; ${a.perPosition} rollouts a position (${a.key})`,
  ]
  for (let seat = 0; seat < a.seats; seat++) {
    const chances = a.positions.map((p) => p.win[seat] ?? 0)
    const mistakes = a.mistakes.filter((m) => m.seat === seat)
    lines.push(
      "",
      `seat ${seat}: rank ${outcome?.rank[seat] ?? "?"}, chance of winning ${percent(chances[0] ?? 0)} → ${percent(chances.at(-1) ?? 0)}  ${sparkline(chances)}`,
      ...(mistakes.length === 0 ? ["  no mistakes found"] : mistakes.flatMap(mistakeLines)),
    )
  }
  return lines.join("\n")
}
