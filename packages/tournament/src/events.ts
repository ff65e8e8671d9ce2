import type { Typed } from "@boroughs/core"

/** The stream of a tournament (ARCHITECTURE.md §4 naming). */
export const tournamentStream = (tournamentId: string): string => `tournament-${tournamentId}`

/** How a tournament pairs its rounds. */
export type Format = "round-robin" | "swiss"

/**
 * One participant. `plays` says who makes its moves: `builtin:<bot>` (a reference bot of the game, run
 * by the scheduler), or `bot:<name>` / `player:<name>` (a token holder, through the server).
 */
export interface Entrant {
  readonly id: string
  readonly plays: string
}

/** A table of a round: its game and who sits where (seat i is `entrants[i]`). */
export interface Table {
  readonly table: number
  readonly gameId: string
  readonly entrants: ReadonlyArray<string>
}

/** Who did an organiser action, when and why: every organiser event carries these. */
export interface OrganiserStamp {
  readonly actor: string
  readonly at: string
  readonly reason: string
}

export interface TournamentCreated extends Typed, OrganiserStamp {
  readonly type: "TournamentCreated"
  readonly tournamentId: string
  readonly name: string
  readonly game: string
  readonly options: unknown
  readonly format: Format
  readonly rounds: number
  /** Seats per table (3–6); entrants left over when the field does not divide get a bye. */
  readonly tableSize: number
  readonly entrants: ReadonlyArray<Entrant>
  /** Public: pairings are derived from it, so anyone can re-derive them. */
  readonly pairingSeed: string
  /** Milliseconds per decision in the tournament's games; null: no clock. */
  readonly decisionMs: number | null
  /** Who may watch its games (absent: everyone, live). */
  readonly spectators?: TournamentSpectators
  /**
   * Milliseconds a built-in bot's move waits after the game's previous move (absent or 0: at once), so that
   * people can follow a tournament of bots.
   */
  readonly paceMs?: number
}

/** Who may watch a tournament's games: everyone live, everyone N events behind, or organisers only. */
export type TournamentSpectators =
  | { readonly mode: "live" }
  | { readonly mode: "delayed"; readonly events: number }
  | { readonly mode: "private" }

export interface RoundPaired extends Typed {
  readonly type: "RoundPaired"
  readonly round: number
  readonly tables: ReadonlyArray<Table>
  readonly byes: ReadonlyArray<string>
}

/** A game of the round ended; its result as it counts for the tournament. */
export interface GameResultRecorded extends Typed {
  readonly type: "GameResultRecorded"
  readonly round: number
  readonly table: number
  readonly gameId: string
  /** Ranks per seat as the tournament counts them: forfeited seats rank below every other seat. */
  readonly ranks: ReadonlyArray<number>
  readonly scores: ReadonlyArray<number>
  readonly reason: "rules" | "adjudicated"
  readonly forfeited: ReadonlyArray<number>
  /** The game stream's last version and hash when it was recorded: a leaf of the round's Merkle tree. */
  readonly version: number
  readonly head: string
}

/** One leaf of a round's Merkle tree: a game's stream head (docs/audit.md). */
export interface GameHead {
  readonly gameId: string
  readonly version: number
  readonly head: string
}

/** The end of a round: the Merkle root of its game heads, signed with the organiser's Ed25519 key. */
export interface RoundSealed extends Typed {
  readonly type: "RoundSealed"
  readonly round: number
  readonly leaves: ReadonlyArray<GameHead>
  readonly merkleRoot: string
  /** Ed25519 signature (hex) of `roundMessage(tournamentId, round, merkleRoot)`. */
  readonly signature: string
  /** The raw 32-byte Ed25519 public key, hex. */
  readonly publicKey: string
  readonly keyId: string
}

export interface TournamentEnded extends Typed {
  readonly type: "TournamentEnded"
  readonly rounds: number
}

export interface TournamentPaused extends Typed, OrganiserStamp {
  readonly type: "TournamentPaused"
}

export interface TournamentResumed extends Typed, OrganiserStamp {
  readonly type: "TournamentResumed"
}

/** A note an organiser attached to the tournament (optionally to one of its events). */
export interface TournamentAnnotated extends Typed, OrganiserStamp {
  readonly type: "TournamentAnnotated"
  readonly note: string
  readonly version: number | null
}

/** Every event of a tournament stream. */
export type TournamentEvent =
  | TournamentCreated
  | RoundPaired
  | GameResultRecorded
  | RoundSealed
  | TournamentEnded
  | TournamentPaused
  | TournamentResumed
  | TournamentAnnotated

/** The game id of a table: derived, so creating it again after a crash finds the same game. */
export const tableGameId = (tournamentId: string, round: number, table: number): string =>
  `${tournamentId}-r${round}-t${table}`
