import { Schema, SchemaTransformation } from "effect"

/**
 * A game's id in URLs and streams (`game-<id>`): letters, digits, `.`, `_` and `-`, at most 64. The `.` is
 * there because a tournament's tables are `<tournament id>-r<round>-t<table>`, and tournament ids may hold one.
 */
export const GameId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)).annotate({
  description: "Letters, digits, '.', '_' and '-'; 1–64 characters, starting with a letter or digit.",
})

/** The id of a registered game (`downtown`, `urban-sprawl`): lower-case letters, digits and `-`. */
export const RegisteredGameId = Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/)).annotate({
  description: "A registered game's id (GET /api/catalogue lists them).",
})

/** A token's id (`tok_…`, as `GET /api/tokens` lists it), never its secret. */
export const TokenId = Schema.String.check(Schema.isPattern(/^tok_[A-Za-z0-9_-]{1,64}$/)).annotate({
  description: "tok_ and up to 64 letters, digits, '_' and '-'.",
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

/**
 * Who holds a seat as a game is created: a {@link SeatHolder}, or `builtin:<bot>`, a bot of the game that the
 * server plays itself. The server checks the bot's name against the game's (a budget such as `ismcts:500` gets
 * as far as that check, which names them).
 */
export const SeatHolderOrBuiltin = Schema.String.check(
  Schema.isPattern(/^((bot|player):[a-z0-9][a-z0-9_.-]{0,39}|builtin:[a-z0-9][a-z0-9_.:-]{0,39})$/),
).annotate({
  description:
    "builtin:<bot> (played by the server: one of the game's bots, GET /api/catalogue), bot:<name> or player:<name>",
})

/** A client's idempotency key for one command: retrying with it never plays the command twice. */
export const CommandId = Schema.String.check(Schema.isPattern(/^[\x21-\x7e]{1,128}$/)).annotate({
  description: "1–128 printable ASCII characters; the same id is the same command.",
})

/** An instant, ISO 8601 in UTC. */
export const Instant = Schema.String.annotate({ description: "ISO 8601 time, UTC" })

const ISO_INSTANT =
  /^([1-9]\d{3})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/

/** Whether a text is an ISO 8601 instant naming a real day (no 30 February) that PostgreSQL stores as it is. */
const isRealInstant = (text: string): boolean => {
  const m = ISO_INSTANT.exec(text)
  if (m === null) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** An instant a client sends: an ISO 8601 date and time with `Z` or an offset, on a day that exists. */
export const InstantInput = Schema.String.check(
  Schema.makeFilter((text: string) => isRealInstant(text), {
    expected: "an ISO 8601 time with a time zone, such as 2030-01-01T00:00:00Z",
  }),
).annotate({ description: "ISO 8601 time with Z or an offset, e.g. 2030-01-01T00:00:00Z" })

/**
 * A whole number in a query string or header: decimal digits only. `Number()` alone would also read hex
 * (`0x10`), exponents (`1e3`), signs, spaces and the empty string as numbers.
 */
export const DecimalInt = Schema.String.check(
  Schema.isPattern(/^[0-9]{1,16}$/, { expected: "decimal digits (0-9), at most 16" }),
).pipe(Schema.decodeTo(Schema.Int, SchemaTransformation.numberFromString))

/**
 * Any JSON value (a view, a command, options), described. A bare `Schema.Unknown` loses its description in the
 * generated JSON Schema; a one-member union keeps it and still accepts anything.
 */
export const AnyValue = (description: string) => Schema.Union([Schema.Unknown]).annotate({ description })
