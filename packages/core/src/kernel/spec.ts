import { Result } from "effect"
import type { AnyGame, Seat, Typed } from "./game.js"
import { type Match, play, replay } from "./match.js"
import type { RuleViolation } from "./violation.js"

/** What one command did in a rule test: the events appended (automatic steps included), or the rule broken. */
export interface Then {
  readonly events: ReadonlyArray<Typed>
  readonly violation: RuleViolation | null
  /** The match after the command (unchanged when refused). */
  readonly match: Match
}

/** A rule test's "given": the match the events fold to, and `when` to play one command on it. */
export interface Given {
  readonly match: Match
  readonly when: <C extends Typed>(seat: Seat, command: C) => Then
}

/**
 * given(events) / when(command) / then(events | violation), the shape of every rule test (ARCHITECTURE.md
 * §9). The history is folded with `replay`, so chance outcomes in it are whatever the test says they were.
 */
export const given = <E extends Typed>(game: AnyGame, events: ReadonlyArray<E>): Given => {
  const match = replay(game, events)
  return {
    match,
    when: (seat, command) => {
      const result = play(match, seat, command)
      return Result.isFailure(result)
        ? { events: [], violation: result.failure, match }
        : { events: result.success.events, violation: null, match: result.success.match }
    },
  }
}
