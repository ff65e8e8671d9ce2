import { Schema } from "effect"

/** A game's id in URLs and streams (`game-<id>`): letters, digits, `_` and `-`, at most 64. */
export const GameId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/)).annotate({
  description: "Letters, digits, '_' and '-'; 1–64 characters, starting with a letter or digit.",
})

/** A seat at the table, numbered from 0 clockwise. */
export const Seat = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThan(64))

/** A stream version: 1 is the game's first event (GameStarted). */
export const Version = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The name of a token holder: lower-case letters, digits, `_`, `.` and `-`, at most 40. */
export const HolderName = Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9_.-]{0,39}$/))

/** Who holds a seat: `bot:<name>` or `player:<name>` (the bot or player token of that name acts for it). */
export const SeatHolder = Schema.String.check(
  Schema.isPattern(/^(bot|player):[a-z0-9][a-z0-9_.-]{0,39}$/),
).annotate({ description: "bot:<name> or player:<name>" })

/** A client's idempotency key for one command: retrying with it never plays the command twice. */
export const CommandId = Schema.String.check(Schema.isPattern(/^[\x21-\x7e]{1,128}$/)).annotate({
  description: "1–128 printable ASCII characters; the same id is the same command.",
})

/** An instant, ISO 8601 in UTC. */
export const Instant = Schema.String.annotate({ description: "ISO 8601 time, UTC" })
