import type { Typed } from "@boroughs/core"
import type {
  GameResultRecorded,
  RoundPaired,
  RoundSealed,
  Table,
  TournamentAnnotated,
  TournamentCreated,
  TournamentEvent,
} from "./events.js"

/** A round as the tournament knows it: its tables, byes, the results recorded so far, its seal. */
export interface RoundState {
  readonly round: number
  readonly tables: ReadonlyArray<Table>
  readonly byes: ReadonlyArray<string>
  readonly results: ReadonlyArray<GameResultRecorded>
  readonly sealed: RoundSealed | null
}

/** One organiser action of the tournament's own stream, with the version it is at. */
export interface TrailEntry {
  readonly version: number
  readonly type: string
  readonly actor: string
  readonly at: string
  readonly reason: string
  readonly note?: string
}

/** A tournament folded from its stream. */
export interface TournamentState {
  readonly created: TournamentCreated
  readonly rounds: ReadonlyArray<RoundState>
  readonly paused: boolean
  readonly ended: boolean
  readonly annotations: ReadonlyArray<TournamentAnnotated>
  readonly trail: ReadonlyArray<TrailEntry>
  /** Events folded (the stream version). */
  readonly version: number
}

/** Whether every table of a round has its result. */
export const roundComplete = (r: RoundState): boolean => r.results.length === r.tables.length

/** The round being played (the last paired), or null before the first. */
export const currentRound = (s: TournamentState): RoundState | null => s.rounds[s.rounds.length - 1] ?? null

const replaceLast = (rounds: ReadonlyArray<RoundState>, round: number, f: (r: RoundState) => RoundState) =>
  rounds.map((r) => (r.round === round ? f(r) : r))

/** Folds one event into a tournament (the first must be TournamentCreated). */
export const evolveTournament = (s: TournamentState | null, event: Typed): TournamentState => {
  const e = event as TournamentEvent
  if (s === null) {
    if (e.type !== "TournamentCreated") throw new Error("a tournament stream starts with TournamentCreated")
    return {
      created: e,
      rounds: [],
      paused: false,
      ended: false,
      annotations: [],
      trail: [{ version: 1, type: e.type, actor: e.actor, at: e.at, reason: e.reason }],
      version: 1,
    }
  }
  const version = s.version + 1
  switch (e.type) {
    case "TournamentCreated":
      throw new Error("TournamentCreated may only open a tournament stream")
    case "RoundPaired": {
      const p = e as RoundPaired
      return {
        ...s,
        version,
        rounds: [...s.rounds, { round: p.round, tables: p.tables, byes: p.byes, results: [], sealed: null }],
      }
    }
    case "GameResultRecorded":
      return {
        ...s,
        version,
        rounds: replaceLast(s.rounds, e.round, (r) => ({ ...r, results: [...r.results, e] })),
      }
    case "RoundSealed":
      return { ...s, version, rounds: replaceLast(s.rounds, e.round, (r) => ({ ...r, sealed: e })) }
    case "TournamentEnded":
      return { ...s, version, ended: true }
    case "TournamentPaused":
    case "TournamentResumed":
      return {
        ...s,
        version,
        paused: e.type === "TournamentPaused",
        trail: [...s.trail, { version, type: e.type, actor: e.actor, at: e.at, reason: e.reason }],
      }
    case "TournamentAnnotated":
      return {
        ...s,
        version,
        annotations: [...s.annotations, e],
        trail: [
          ...s.trail,
          { version, type: e.type, actor: e.actor, at: e.at, reason: e.reason, note: e.note },
        ],
      }
    default:
      return { ...s, version }
  }
}

/** Folds a whole tournament stream. */
export const foldTournament = (events: ReadonlyArray<Typed>): TournamentState => {
  let s: TournamentState | null = null
  for (const e of events) s = evolveTournament(s, e)
  if (s === null) throw new Error("an empty tournament stream")
  return s
}
