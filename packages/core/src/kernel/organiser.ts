import type { Seat, Typed, Visibility } from "./game.js"

/**
 * What an organiser did to a game, recorded in the game's own stream (issue 6): who, when and why. These
 * events change no rule state — the kernel counts them and the games never see them — but they change who
 * may act: a paused game takes no command, a forfeited seat is played by its default command, a replaced
 * seat by its new holder. A seat's new display name (SeatNamed) is one of them too, though its actor may be
 * the seat's own holder: a guest naming themself.
 */
export interface OrganiserStamp {
  /** `organiser:<name>`; for SeatNamed, also the seat's holder (`seat:<name>`). */
  readonly actor: string
  /** ISO time. */
  readonly at: string
  readonly reason: string
}

export interface SeatForfeited extends Typed, OrganiserStamp {
  readonly type: "SeatForfeited"
  readonly seat: Seat
}

export interface SeatReplaced extends Typed, OrganiserStamp {
  readonly type: "SeatReplaced"
  readonly seat: Seat
  /** The new holder: `builtin:<bot>`, `bot:<name>` or `player:<name>`. */
  readonly holder: string
}

export interface GamePaused extends Typed, OrganiserStamp {
  readonly type: "GamePaused"
}

export interface GameResumed extends Typed, OrganiserStamp {
  readonly type: "GameResumed"
}

/** A note on one event of the game; `audience: "organisers"` keeps it from seats and spectators until the end. */
export interface EventAnnotated extends Typed, OrganiserStamp {
  readonly type: "EventAnnotated"
  readonly version: number
  readonly note: string
  readonly audience: "all" | "organisers"
}

/** A seat's display name from now on (the seat's holder naming themself, or an organiser); the rules never see it. */
export interface SeatNamed extends Typed, OrganiserStamp {
  readonly type: "SeatNamed"
  readonly seat: Seat
  /** 1–40 printable characters, trimmed. */
  readonly name: string
}

export type OrganiserEvent =
  | SeatForfeited
  | SeatReplaced
  | GamePaused
  | GameResumed
  | EventAnnotated
  | SeatNamed

const TYPES: ReadonlySet<string> = new Set([
  "SeatForfeited",
  "SeatReplaced",
  "GamePaused",
  "GameResumed",
  "EventAnnotated",
  "SeatNamed",
])

/** Whether an event (or envelope) is an organiser's rather than the game's. */
export const isOrganiserEvent = (e: Typed): boolean => TYPES.has(e.type)

/**
 * Who may read an organiser event: public (everyone must know a game is paused, a seat changed hands or was
 * named), except an annotation meant for organisers, whose note and reason others do not get before the end.
 */
export const organiserVisibility = (e: OrganiserEvent): Visibility => {
  if (e.type === "EventAnnotated" && e.audience === "organisers")
    return {
      seats: [],
      redacted: { type: e.type, actor: e.actor, at: e.at, version: e.version, audience: e.audience } as Typed,
    }
  return "all"
}
