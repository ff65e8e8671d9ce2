import {
  type EventEnvelope,
  isOrganiserEvent,
  type Match,
  type OrganiserEvent,
  type RuleViolation,
  type Typed,
  violation,
} from "@boroughs/core"
import { Result } from "effect"

/**
 * What an organiser may do to a game (issue 6). Each is recorded as the cause of an event in the game's
 * stream — `Adjudicate` as the kernel's GameEnded, the others as organiser events — with actor, time and
 * reason; nothing is edited in place.
 */
export type OrganiserAction =
  | {
      readonly type: "Adjudicate"
      readonly ranks: ReadonlyArray<number>
      readonly scores: ReadonlyArray<number>
    }
  | { readonly type: "ForfeitSeat"; readonly seat: number }
  | { readonly type: "ReplaceSeat"; readonly seat: number; readonly holder: string }
  | { readonly type: "PauseGame" }
  | { readonly type: "ResumeGame" }
  | {
      readonly type: "AnnotateEvent"
      readonly version: number
      readonly note: string
      readonly audience?: "all" | "organisers"
    }
  /** A seat's display name from now on: its holder naming themself (a guest), or an organiser. */
  | { readonly type: "NameSeat"; readonly seat: number; readonly name: string }

/** The command types of organiser actions other than adjudication (which the kernel handles). */
export const ORGANISER_COMMANDS: ReadonlySet<string> = new Set([
  "ForfeitSeat",
  "ReplaceSeat",
  "PauseGame",
  "ResumeGame",
  "AnnotateEvent",
  "NameSeat",
])

/** Who acts for each seat now, beyond the rules: the state organiser events leave a game in. */
export interface SeatControl {
  readonly paused: boolean
  readonly forfeited: ReadonlyArray<number>
  /** Seat holders after replacements (a forfeited seat keeps its last holder here). */
  readonly holders: ReadonlyArray<string | null>
}

/** Folds one organiser event into the seat control. */
export const controlAfter = (c: SeatControl, e: Typed): SeatControl => {
  const o = e as OrganiserEvent
  switch (o.type) {
    case "GamePaused":
      return { ...c, paused: true }
    case "GameResumed":
      return { ...c, paused: false }
    case "SeatForfeited":
      return { ...c, forfeited: [...c.forfeited, o.seat].sort((a, b) => a - b) }
    case "SeatReplaced":
      return { ...c, holders: c.holders.map((h, s) => (s === o.seat ? o.holder : h)) }
    default:
      return c
  }
}

/** The seat control after a stream's organiser events, starting from the holders recorded at creation. */
export const seatControlOf = (
  envelopes: ReadonlyArray<EventEnvelope>,
  holders: ReadonlyArray<string | null>,
): SeatControl => {
  let c: SeatControl = { paused: false, forfeited: [], holders }
  for (const e of envelopes) if (isOrganiserEvent(e)) c = controlAfter(c, { ...e.data, type: e.type })
  return c
}

/** Characters no display name may hold (as `isDisplayName` of @boroughs/protocol, which the server checks first). */
const UNPRINTABLE = /(?!\u200d)[\p{C}\u2028\u2029]/u

/** Whether a seat's name is as recorded: trimmed, 1–40 printable characters. */
const isSeatName = (name: unknown): name is string =>
  typeof name === "string" &&
  name === name.trim() &&
  [...name].length >= 1 &&
  [...name].length <= 40 &&
  !UNPRINTABLE.test(name)

// A built-in bot's name may carry a budget (`builtin:ismcts:500`), as a game's creation accepts it.
const HOLDER = /^((bot|player):[a-z0-9][a-z0-9_.-]{0,39}|builtin:[a-z0-9][a-z0-9_.:-]{0,39})$/

/**
 * The organiser event an action records, or the rule it breaks. Pure: verification re-derives the same
 * event from the recorded command, actor and time.
 */
export const organiserEventFor = (
  match: Match,
  control: SeatControl,
  action: OrganiserAction,
  stamp: { readonly actor: string; readonly at: string; readonly reason: string },
): Result.Result<OrganiserEvent, RuleViolation> => {
  const seats = control.holders.length
  const live = match.ended === null
  const { actor, at, reason } = stamp
  if (reason.trim() === "")
    return Result.fail(violation("organiser.reason", "an organiser action needs a reason"))
  const seatOk = (seat: number) => Number.isInteger(seat) && seat >= 0 && seat < seats
  switch (action.type) {
    case "PauseGame":
      if (!live) return Result.fail(violation("kernel.game-over", "the game has ended"))
      if (control.paused)
        return Result.fail(violation("organiser.already-paused", "the game is already paused"))
      return Result.succeed({ type: "GamePaused", actor, at, reason })
    case "ResumeGame":
      if (!control.paused) return Result.fail(violation("organiser.not-paused", "the game is not paused"))
      return Result.succeed({ type: "GameResumed", actor, at, reason })
    case "ForfeitSeat":
      if (!live) return Result.fail(violation("kernel.game-over", "the game has ended"))
      if (!seatOk(action.seat))
        return Result.fail(
          violation("organiser.seat", `the game has seats 0–${seats - 1}, not ${action.seat}`),
        )
      if (control.forfeited.includes(action.seat))
        return Result.fail(violation("organiser.seat-forfeited", `seat ${action.seat} has already forfeited`))
      return Result.succeed({ type: "SeatForfeited", seat: action.seat, actor, at, reason })
    case "ReplaceSeat":
      if (!live) return Result.fail(violation("kernel.game-over", "the game has ended"))
      if (!seatOk(action.seat))
        return Result.fail(
          violation("organiser.seat", `the game has seats 0–${seats - 1}, not ${action.seat}`),
        )
      if (!HOLDER.test(action.holder))
        return Result.fail(
          violation(
            "organiser.holder",
            `a seat holder is builtin:<bot>, bot:<name> or player:<name>, not "${action.holder}"`,
          ),
        )
      return Result.succeed({
        type: "SeatReplaced",
        seat: action.seat,
        holder: action.holder,
        actor,
        at,
        reason,
      })
    case "NameSeat":
      if (!live) return Result.fail(violation("kernel.game-over", "the game has ended"))
      if (!seatOk(action.seat))
        return Result.fail(
          violation("organiser.seat", `the game has seats 0–${seats - 1}, not ${action.seat}`),
        )
      if (!isSeatName(action.name))
        return Result.fail(
          violation("organiser.seat-name", "a seat's name is 1–40 printable characters, trimmed"),
        )
      return Result.succeed({ type: "SeatNamed", seat: action.seat, name: action.name, actor, at, reason })
    case "AnnotateEvent":
      if (!Number.isInteger(action.version) || action.version < 1 || action.version > match.events)
        return Result.fail(
          violation(
            "organiser.annotate.version",
            `the game has versions 1–${match.events}, not ${action.version}`,
          ),
        )
      if (action.note.trim() === "" || action.note.length > 2000)
        return Result.fail(violation("organiser.annotate.note", "a note is 1–2000 characters"))
      return Result.succeed({
        type: "EventAnnotated",
        version: action.version,
        note: action.note,
        audience: action.audience ?? "organisers",
        actor,
        at,
        reason,
      })
    default:
      return Result.fail(
        violation("organiser.action", `unknown organiser action "${(action as Typed).type}"`),
      )
  }
}
