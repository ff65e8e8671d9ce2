import type { EventEnvelope } from "@boroughs/core"

/** Who may watch a game that is not theirs: everyone live, everyone N events behind, or organisers only. */
export type SpectatorPolicy =
  | { readonly mode: "live" }
  | { readonly mode: "delayed"; readonly events: number }
  | { readonly mode: "private" }

/**
 * What the server decides about a game beyond its rules, recorded in the metadata of the game's first event
 * (`metadata.settings`) so every replica, projection and audit reads the same: who holds each seat
 * (`bot:<name>`, `player:<name>`, or null for a seat only organisers act for), the spectator policy, and
 * the time each decision may take before the clock plays the game's default command.
 */
export interface GameSettings {
  readonly players: ReadonlyArray<string | null>
  readonly spectators: SpectatorPolicy
  /** Milliseconds a seat has for each decision; null: no clock. */
  readonly decisionMs: number | null
  /** Who created the game (`organiser:<name>`, `system`…). */
  readonly createdBy: string
  /**
   * Each seat's display name, given by whoever created the game (a tournament: its entrants' ids); null, or
   * absent altogether, where the seat goes by its holder's name.
   */
  readonly names?: ReadonlyArray<string | null>
}

/** The settings of a game made without any (self-play, the CLI): open seats, public, no clock. */
export const defaultSettings = (seats: number): GameSettings => ({
  players: Array.from({ length: seats }, () => null),
  spectators: { mode: "live" },
  decisionMs: null,
  createdBy: "system",
  names: Array.from({ length: seats }, () => null),
})

const policyOf = (value: unknown): SpectatorPolicy => {
  const v = value as { mode?: unknown; events?: unknown } | null
  if (v?.mode === "private") return { mode: "private" }
  if (v?.mode === "delayed" && typeof v.events === "number" && Number.isInteger(v.events) && v.events > 0)
    return { mode: "delayed", events: v.events }
  return { mode: "live" }
}

/** The settings recorded on a game's first event; the defaults for what is missing or malformed. */
export const settingsOf = (first: EventEnvelope): GameSettings => {
  const seats = typeof first.data.seats === "number" ? first.data.seats : 0
  const base = defaultSettings(seats)
  const raw = first.metadata.settings as Partial<Record<keyof GameSettings, unknown>> | undefined
  if (raw === undefined || raw === null || typeof raw !== "object") return base
  const players = Array.isArray(raw.players)
    ? base.players.map((_, i) => {
        const p = (raw.players as unknown[])[i]
        return typeof p === "string" ? p : null
      })
    : base.players
  const names = Array.isArray(raw.names)
    ? base.players.map((_, i) => {
        const n = (raw.names as unknown[])[i]
        return typeof n === "string" && n !== "" ? n : null
      })
    : base.players.map(() => null)
  const decisionMs =
    typeof raw.decisionMs === "number" && Number.isFinite(raw.decisionMs) && raw.decisionMs > 0
      ? raw.decisionMs
      : null
  return {
    players,
    spectators: policyOf(raw.spectators),
    decisionMs,
    createdBy: typeof raw.createdBy === "string" ? raw.createdBy : base.createdBy,
    names,
  }
}

/**
 * Who holds each seat after an organiser's SeatReplaced (the new holder) or SeatForfeited (nobody: the
 * organisers act for it); the players unchanged for any other event.
 */
export const playersAfter = (
  players: ReadonlyArray<string | null>,
  e: EventEnvelope,
): ReadonlyArray<string | null> => {
  if (e.type !== "SeatReplaced" && e.type !== "SeatForfeited") return players
  const holder = e.type === "SeatReplaced" && typeof e.data.holder === "string" ? e.data.holder : null
  return players.map((p, s) => (s === e.data.seat ? holder : p))
}

/** Each seat's display name after a SeatNamed (the new name); the names unchanged for any other event. */
export const namesAfter = (
  names: ReadonlyArray<string | null>,
  e: EventEnvelope,
): ReadonlyArray<string | null> => {
  if (e.type !== "SeatNamed" || typeof e.data.name !== "string") return names
  return names.map((n, s) => (s === e.data.seat ? (e.data.name as string) : n))
}

/** The seats a seat holder (`bot:<name>`, `player:<name>`, `seat:<name>`) holds in a game, in seat order. */
export const seatsHeldBy = (settings: GameSettings, holder: string): number[] => {
  const out: number[] = []
  settings.players.forEach((p, seat) => {
    if (p === holder) out.push(seat)
  })
  return out
}
