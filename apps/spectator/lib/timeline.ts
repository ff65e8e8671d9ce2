import type { TimelinePoint } from "@boroughs/protocol"

// Navigation over a game's timeline (GET /api/games/:id/timeline): positions are versions 1..last.

/** Ranks by score, 1 best, ties shared. */
export const ranksOf = (scores: ReadonlyArray<number>): number[] =>
  scores.map((s) => 1 + scores.filter((t) => t > s).length)

/** How much a position changed the race: seats whose rank moved, plus the score moved relative to the lead. */
export const swingAt = (points: ReadonlyArray<TimelinePoint>, index: number): number => {
  const before = points[index - 1]
  const after = points[index]
  if (before === undefined || after === undefined) return 0
  const a = before.standings.map((s) => s.score)
  const b = after.standings.map((s) => s.score)
  const ra = ranksOf(a)
  const rb = ranksOf(b)
  const rankMoves = rb.reduce((n, r, seat) => n + (r === ra[seat] ? 0 : 1), 0)
  const scale = Math.max(1, ...a.map(Math.abs), ...b.map(Math.abs))
  const scoreMove = b.reduce((n, s, seat) => n + Math.abs(s - (a[seat] ?? 0)), 0) / scale
  return rankMoves + scoreMove
}

/** The positions whose swing is among the largest of the game (the 90th percentile of those that moved). */
export const bigSwingVersions = (points: ReadonlyArray<TimelinePoint>): number[] => {
  const swings = points.map((_, i) => swingAt(points, i))
  const moving = swings.filter((s) => s > 0).sort((x, y) => x - y)
  if (moving.length === 0) return []
  const threshold = moving[Math.min(moving.length - 1, Math.floor(moving.length * 0.9))] as number
  return points.filter((_, i) => (swings[i] as number) >= threshold).map((p) => p.version)
}

/** The next of the big swings (`bigSwingVersions`, computed once per game) after `version`, or null. */
export const nextSwing = (swings: ReadonlyArray<number>, version: number): number | null =>
  swings.find((v) => v > version) ?? null

/** The last of the big swings before `version`, or null when none came before. */
export const previousSwing = (swings: ReadonlyArray<number>, version: number): number | null =>
  swings.filter((v) => v < version).pop() ?? null

/** A big swing in words, for the list beside the board. */
export interface Swing {
  readonly version: number
  readonly round: number
  readonly text: string
}

const ordinalWord = (n: number): string => ["", "1st", "2nd", "3rd"][n] ?? `${n}th`

/**
 * The game's big swings, each said in words: who took the lead, else who moved up, else who gained most
 * (`name(seat)` names a seat). A score that fell is said as such.
 */
export const swingList = (
  points: ReadonlyArray<TimelinePoint>,
  name: (seat: number) => string,
  label = "points",
): Swing[] =>
  bigSwingVersions(points).map((version) => {
    const i = points.findIndex((p) => p.version === version)
    const before = (points[i - 1] as TimelinePoint).standings.map((s) => s.score)
    const after = (points[i] as TimelinePoint).standings.map((s) => s.score)
    const rb = ranksOf(before)
    const ra = ranksOf(after)
    const seats = after.map((_, seat) => seat)
    const leader = seats.find(
      (s) => ra[s] === 1 && rb[s] !== 1 && after.filter((x) => x === after[s]).length === 1,
    )
    const climber = seats
      .filter((s) => (ra[s] as number) < (rb[s] as number))
      .sort((a, b) => (ra[a] as number) - (ra[b] as number))[0]
    const mover = seats.sort(
      (a, b) =>
        Math.abs((after[b] as number) - (before[b] as number)) -
        Math.abs((after[a] as number) - (before[a] as number)),
    )[0] as number
    const delta = (after[mover] as number) - (before[mover] as number)
    const change = `${delta >= 0 ? "+" : "−"}${Math.abs(Math.round(delta * 100) / 100)} ${label}`
    const text =
      leader !== undefined
        ? `${name(leader)} takes the lead`
        : climber !== undefined
          ? `${name(climber)} moves up to ${ordinalWord(ra[climber] as number)}`
          : `${name(mover)} ${change}`
    return {
      version,
      round: (points[i] as TimelinePoint).round,
      text: leader !== undefined || climber !== undefined ? `${text} (${name(mover)} ${change})` : text,
    }
  })

/** The first version of the round after the one `version` is in (the last version when none follows). */
export const nextRound = (points: ReadonlyArray<TimelinePoint>, version: number): number => {
  const here = points.find((p) => p.version === version)?.round
  const next = points.find((p) => p.version > version && p.round !== here)
  return next?.version ?? points[points.length - 1]?.version ?? version
}

/** The first version of the round `version` is in; from there, the first of the round before. */
export const previousRound = (points: ReadonlyArray<TimelinePoint>, version: number): number => {
  const index = points.findIndex((p) => p.version === version)
  if (index <= 0) return points[0]?.version ?? version
  const startOf = (i: number) => {
    const round = (points[i] as TimelinePoint).round
    while (i > 0 && (points[i - 1] as TimelinePoint).round === round) i--
    return i
  }
  const start = startOf(index)
  return (points[start === index ? startOf(index - 1) : start] as TimelinePoint).version
}

/**
 * How long autoplay at recorded pace waits before showing `version`: the time between the commands that
 * led to it and to the position before, kept between 0.15 s and 3 s so neither bursts nor long thinks
 * spoil the watching.
 */
export const recordedDelay = (points: ReadonlyArray<TimelinePoint>, version: number): number => {
  const index = points.findIndex((p) => p.version === version)
  const t1 = points[index]?.time
  const t0 = points[index - 1]?.time
  if (t1 == null || t0 == null) return 600
  const ms = Date.parse(t1) - Date.parse(t0)
  return Number.isFinite(ms) ? Math.min(3_000, Math.max(150, ms)) : 600
}

/** `?at=` as a version of a game whose last visible version is `last`, or why it is not one. */
export const parseAt = (
  raw: string | undefined,
  last: number,
): { readonly ok: true; readonly at: number | null } | { readonly ok: false; readonly problem: string } => {
  if (raw === undefined || raw === "") return { ok: true, at: null }
  if (!/^\d+$/.test(raw))
    return { ok: false, problem: `“${raw}” is not a position: positions are whole numbers` }
  const at = Number(raw)
  if (at < 1) return { ok: false, problem: "Positions start at 1 (the game's start)" }
  if (at > last)
    return { ok: false, problem: `Position ${at} is beyond the end: the last position is ${last}` }
  return { ok: true, at }
}
