import type { Seat, Typed, Visibility } from "./game.js"

/**
 * What an organiser did to a game, recorded in the game's own stream (issue 6): who, when and why. These
 * events change no rule state — the kernel counts them and the games never see them — but they change who
 * may act: a paused game takes no command, a forfeited seat is played by its default command, a replaced
 * seat by its new holder.
 */
export interface OrganiserStamp {
  /** `organiser:<name>`. */
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

export type OrganiserEvent = SeatForfeited | SeatReplaced | GamePaused | GameResumed | EventAnnotated

const TYPES: ReadonlySet<string> = new Set([
  "SeatForfeited",
  "SeatReplaced",
  "GamePaused",
  "GameResumed",
  "EventAnnotated",
])

/** Whether an event (or envelope) is an organiser's rather than the game's. */
export const isOrganiserEvent = (e: Typed): boolean => TYPES.has(e.type)

/**
 * Who may read an organiser event: public (everyone must know a game is paused or a seat changed hands),
 * except an annotation meant for organisers, whose note and reason others do not get before the end.
 */
export const organiserVisibility = (e: OrganiserEvent): Visibility => {
  if (e.type === "EventAnnotated" && e.audience === "organisers")
    return {
      seats: [],
      redacted: { type: e.type, actor: e.actor, at: e.at, version: e.version, audience: e.audience } as Typed,
    }
  return "all"
}
