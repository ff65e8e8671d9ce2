import type { Entrant, Format, TournamentCreated, TournamentSpectators } from "./events.js"
import { TABLE_SIZES } from "./pairing.js"

/** What an organiser asks for when creating a tournament. */
export interface TournamentSpec {
  readonly tournamentId: string
  readonly name: string
  readonly game: string
  readonly options?: unknown
  readonly format: Format
  /** Rounds to play; round-robin defaults to enough for everyone to meet everyone once if tables allow. */
  readonly rounds?: number
  readonly tableSize: number
  readonly entrants: ReadonlyArray<Entrant>
  readonly pairingSeed: string
  readonly decisionMs?: number | null
  readonly spectators?: TournamentSpectators
  readonly paceMs?: number
}

/** Why a tournament cannot be created: `rule` names it, as the kernel's violations do. */
export interface SpecProblem {
  readonly rule: string
  readonly message: string
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
const PLAYS = /^(builtin|bot|player):[a-z0-9][a-z0-9_.-]{0,39}$/

/** Round-robin rounds for everyone to share a table with everyone at least once, as near as tables allow. */
export const roundRobinRounds = (entrants: number, tableSize: number): number =>
  Math.max(1, Math.ceil((entrants - 1) / (tableSize - 1)))

/**
 * Checks a spec against the game's seat range and builds TournamentCreated, or names the problem.
 * `seats` is the game's {min, max}; `bots` the built-in bots it ships.
 */
export const tournamentCreated = (
  spec: TournamentSpec,
  game: {
    readonly seats: { readonly min: number; readonly max: number }
    readonly bots: ReadonlyArray<string>
  },
  stamp: { readonly actor: string; readonly at: string; readonly reason?: string },
): TournamentCreated | SpecProblem => {
  if (!ID.test(spec.tournamentId))
    return { rule: "tournament.id", message: "a tournament id is 1–64 letters, digits, '.', '_' or '-'" }
  if (spec.name.trim() === "") return { rule: "tournament.name", message: "a tournament needs a name" }
  const lo = Math.max(TABLE_SIZES.min, game.seats.min)
  const hi = Math.min(TABLE_SIZES.max, game.seats.max)
  if (!Number.isInteger(spec.tableSize) || spec.tableSize < lo || spec.tableSize > hi)
    return {
      rule: "tournament.table-size",
      message: `${spec.game} tournaments seat ${lo}–${hi} per table, not ${spec.tableSize}`,
    }
  if (spec.entrants.length < spec.tableSize)
    return {
      rule: "tournament.entrants",
      message: `${spec.entrants.length} entrants cannot fill one table of ${spec.tableSize}`,
    }
  const seen = new Set<string>()
  for (const e of spec.entrants) {
    if (!ID.test(e.id))
      return {
        rule: "tournament.entrant-id",
        message: `entrant id "${e.id}" is not 1–64 letters, digits, '.', '_' or '-'`,
      }
    if (seen.has(e.id)) return { rule: "tournament.entrant-id", message: `entrant "${e.id}" is listed twice` }
    seen.add(e.id)
    if (!PLAYS.test(e.plays))
      return {
        rule: "tournament.entrant-plays",
        message: `entrant "${e.id}": plays must be builtin:<bot>, bot:<name> or player:<name>, not "${e.plays}"`,
      }
    const builtin = e.plays.startsWith("builtin:") ? e.plays.slice("builtin:".length) : null
    if (builtin !== null && !game.bots.includes(builtin))
      return {
        rule: "tournament.entrant-plays",
        message: `${spec.game} has no bot "${builtin}"; its bots: ${game.bots.join(", ")}`,
      }
  }
  const rounds = spec.rounds ?? roundRobinRounds(spec.entrants.length, spec.tableSize)
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
    return { rule: "tournament.rounds", message: `rounds must be 1–50, not ${rounds}` }
  if (spec.decisionMs !== undefined && spec.decisionMs !== null && !(spec.decisionMs >= 1000))
    return { rule: "tournament.clock", message: "decisionMs is at least 1000 (or null: no clock)" }
  const pace = spec.paceMs ?? 0
  if (!Number.isInteger(pace) || pace < 0 || pace > 60_000)
    return {
      rule: "tournament.pace",
      message: `paceMs is a whole number of milliseconds, 0–60000, not ${pace}`,
    }
  // A paced move must land well inside the clock, or the clock would play every built-in seat's moves.
  if (pace > 0 && spec.decisionMs != null && pace > spec.decisionMs - 1000)
    return {
      rule: "tournament.pace",
      message: `paceMs ${pace} leaves a built-in bot too little of its ${spec.decisionMs} ms clock: at most ${spec.decisionMs - 1000}`,
    }
  const watch = spec.spectators
  if (watch?.mode === "delayed" && !(Number.isInteger(watch.events) && watch.events >= 1))
    return { rule: "tournament.spectators", message: "a delayed spectator policy is at least 1 event behind" }
  return {
    type: "TournamentCreated",
    tournamentId: spec.tournamentId,
    name: spec.name.trim(),
    game: spec.game,
    options: spec.options ?? null,
    format: spec.format,
    rounds,
    tableSize: spec.tableSize,
    entrants: spec.entrants.map((e) => ({ id: e.id, plays: e.plays })),
    pairingSeed: spec.pairingSeed,
    decisionMs: spec.decisionMs ?? null,
    // Recorded only when asked for, so tournaments made before these settings fold to the same events.
    ...(watch === undefined || watch.mode === "live" ? {} : { spectators: watch }),
    ...(pace === 0 ? {} : { paceMs: pace }),
    actor: stamp.actor,
    at: stamp.at,
    reason: stamp.reason ?? "created",
  }
}

/** Whether a value is a SpecProblem rather than the event. */
export const isSpecProblem = (x: TournamentCreated | SpecProblem): x is SpecProblem => "rule" in x
