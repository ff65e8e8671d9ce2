import type { AnalysisPending, AnalysisReady, Mistake, PositionChances } from "@boroughs/protocol"

// A finished game's analysis (GET /api/games/:id/analysis) as the replay shows it: each seat's chance of
// winning over the game, and its mistakes in words.

/** A share of the win as people read it: 0.3141 → "31%". */
export const percent = (chance: number): string => `${Math.round(chance * 100)}%`

/**
 * What the search preferred, said as briefly as the played command allows: when the two differ only in
 * their first word ("Housing vote" and "Industry vote"), that word alone ("Industry"); else all its words.
 */
export const preferredWords = (played: string, better: string): string => {
  const a = played.split(" ")
  const b = better.split(" ")
  const onlyFirstDiffers =
    a.length === b.length && a.length > 1 && a[0] !== b[0] && a.every((w, i) => i === 0 || w === b[i])
  return onlyFirstDiffers ? (b[0] as string) : better
}

/** A mistake in words: "ben: Housing vote, chance 31% → 18%; the search preferred Industry". */
export const mistakeSentence = (
  mistake: Pick<Mistake, "seat" | "command" | "chanceBefore" | "chanceAfter" | "better">,
  seatName: (seat: number) => string,
  describe: (command: unknown) => string,
): string => {
  const played = describe(mistake.command)
  return `${seatName(mistake.seat)}: ${played}, chance ${percent(mistake.chanceBefore)} → ${percent(
    mistake.chanceAfter,
  )}; the search preferred ${preferredWords(played, describe(mistake.better.command))}`
}

/** A mistake as the page lists, marks and steps to it. */
export interface MistakeNote {
  /** The position the seat decided in: where the list, the keys and the graph's marker go. */
  readonly version: number
  /** The command's first event: the event log's entry that carries the note. */
  readonly event: number
  readonly seat: number
  /** The seat's chance before the command, 0..1: where its marker sits on the seat's line. */
  readonly chance: number
  readonly text: string
}

/** The analysis's mistakes as notes, in the game's order. */
export const mistakeNotes = (
  mistakes: ReadonlyArray<Mistake>,
  seatName: (seat: number) => string,
  describe: (command: unknown) => string,
): MistakeNote[] =>
  [...mistakes]
    .sort((a, b) => a.before - b.before || a.seat - b.seat)
    .map((m) => ({
      version: m.before,
      event: m.before + 1,
      seat: m.seat,
      chance: m.chanceBefore,
      text: mistakeSentence(m, seatName, describe),
    }))

/** The positions of the mistakes, ascending, each once (for the keys and the buttons). */
export const mistakeVersions = (notes: ReadonlyArray<MistakeNote>): number[] =>
  [...new Set(notes.map((n) => n.version))].sort((a, b) => a - b)

/** The next mistake's position after `version`, or null. */
export const nextMistake = (versions: ReadonlyArray<number>, version: number): number | null =>
  versions.find((v) => v > version) ?? null

/** The last mistake's position before `version`, or null. */
export const previousMistake = (versions: ReadonlyArray<number>, version: number): number | null =>
  versions.filter((v) => v < version).pop() ?? null

/** The notes by the event log's entry that carries them. */
export const notesByEvent = (
  notes: ReadonlyArray<MistakeNote>,
): ReadonlyMap<number, ReadonlyArray<string>> => {
  const byEvent = new Map<number, string[]>()
  for (const n of notes) byEvent.set(n.event, [...(byEvent.get(n.event) ?? []), n.text])
  return byEvent
}

/**
 * Each seat's chance of winning, in percent, at each of `xs` (the timeline's versions): the analysis judges
 * the positions where a seat decided, so a version between two holds the last judged one's chances; before
 * the first there are none (null).
 */
export const chanceSeries = (
  xs: ReadonlyArray<number>,
  positions: ReadonlyArray<PositionChances>,
  seats: number,
): Array<Array<number | null>> => {
  const judged = [...positions].sort((a, b) => a.version - b.version)
  const series = Array.from({ length: seats }, () => new Array<number | null>(xs.length).fill(null))
  let next = 0
  let held: PositionChances | undefined
  // Both lists ascend: one walk over them.
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number
    while (next < judged.length && (judged[next] as PositionChances).version <= x) held = judged[next++]
    if (held === undefined) continue
    for (let seat = 0; seat < seats; seat++) {
      const chance = held.win[seat]
      ;(series[seat] as Array<number | null>)[i] =
        chance === undefined ? null : Math.round(chance * 1000) / 10
    }
  }
  return series
}

/** What the page says of an analysis under way: "Analysing: 12 of 140 positions". */
export const progressText = (pending: Pick<AnalysisPending, "status" | "done" | "total">): string =>
  pending.status === "queued"
    ? "Analysis queued"
    : pending.total === null
      ? "Analysing…"
      : `Analysing: ${pending.done} of ${pending.total} positions`

/** The analysis as the page holds it: none asked for (a live game), under way, ready, or not to be had. */
export type AnalysisState =
  | { readonly kind: "none" }
  | { readonly kind: "pending"; readonly text: string }
  | { readonly kind: "ready"; readonly analysis: AnalysisReady }
