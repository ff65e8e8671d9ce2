import { Schema } from "effect"
import { ViewedEnvelope, Viewer } from "./Envelope.js"
import {
  CommandId,
  DecimalInt,
  GameId,
  HolderName,
  Instant,
  RegisteredGameId,
  Seat,
  SeatHolder,
  TokenId,
  Version,
} from "./Ids.js"
import { DecisionMs, SpectatorPolicy } from "./Policy.js"

/** Characters no display name may hold: controls, format marks (bidi overrides…) but the emoji joiner, unassigned. */
const UNPRINTABLE = /(?!\u200d)[\p{C}\u2028\u2029]/u

/** Whether a seat's display name, trimmed, is 1–40 printable characters. */
export const isDisplayName = (name: string): boolean => {
  const length = [...name.trim()].length
  return length >= 1 && length <= 40 && !UNPRINTABLE.test(name)
}

/** A seat's display name as an organiser gives it: 1–40 printable characters once trimmed (the server trims it). */
export const DisplayName = Schema.String.check(
  Schema.makeFilter(isDisplayName, { expected: "a display name: 1–40 printable characters once trimmed" }),
).annotate({ description: "1–40 printable characters once trimmed (spaces around it are dropped)" })

/**
 * Who holds a seat as a game is created: as `SeatHolderOrBuiltin` (Ids.ts), or `invite`, a seat the server gives
 * a new holder (`seat:<random>`) and its seat token. A creator never names a `seat:` holder: only the server
 * mints them, so that each acts for its one seat.
 */
export const CreateSeatHolder = Schema.String.check(
  Schema.makeFilter((holder: string) =>
    holder.startsWith("seat:") ? 'seat:<name> holders are the server\'s to mint: ask for "invite"' : true,
  ),
  Schema.isPattern(/^((bot|player):[a-z0-9][a-z0-9_.-]{0,39}|builtin:[a-z0-9][a-z0-9_.:-]{0,39}|invite)$/, {
    expected: "builtin:<bot>, bot:<name>, player:<name> or invite",
  }),
).annotate({
  description:
    "builtin:<bot> (played by the server: one of the game's bots, GET /api/catalogue), bot:<name>, player:<name>, or \"invite\" (the server mints the seat's holder, seat:<random>, and its seat token)",
})

/** `POST /api/games` (organisers): a new game of a registered game, its seats, policy and clock. */
export const CreateGameRequest = Schema.Struct({
  game: Schema.String.annotate({
    description: "A registered game id (GET /api/games/catalogue lists them).",
  }),
  seats: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1), Schema.isLessThanOrEqualTo(64)),
  /** The game's options; its defaults when absent. */
  options: Schema.optionalKey(Schema.Unknown),
  /** Chosen by the server when absent; secret until the end either way (committed in GameStarted). */
  seed: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
  /** Chosen by the server when absent. Creating again with the same id and request is idempotent. */
  gameId: Schema.optionalKey(GameId),
  /**
   * Who holds each seat; a null seat is played only by organisers, a `builtin:<bot>` seat by the server with
   * that bot of the game, an `"invite"` seat by whoever is given its seat token (the answer's `invites`).
   * All null when absent.
   */
  players: Schema.optionalKey(Schema.Array(Schema.NullOr(CreateSeatHolder))),
  /**
   * Each seat's display name, one per seat (trimmed by the server); a null seat, or all of them when absent,
   * goes by its holder's name.
   */
  names: Schema.optionalKey(Schema.Array(Schema.NullOr(DisplayName))),
  /** Public and live when absent. */
  spectators: Schema.optionalKey(SpectatorPolicy),
  /** 30 s when absent; null: no clock. */
  decisionMs: Schema.optionalKey(Schema.NullOr(DecisionMs)),
}).annotate({ identifier: "CreateGameRequest" })
export type CreateGameRequest = typeof CreateGameRequest.Type

/** `invite` in a game's `players`: a seat the server gives a holder and a seat token of its own. */
export const INVITE = "invite"

/**
 * A seat given to whoever holds `token`: a seat token, which acts for this one seat of this one game
 * (commands, `?seat=` reads, the stream, its name). Its secret is shown this once; organisers revoke it by
 * `tokenId` (`DELETE /api/tokens/:tokenId`).
 */
export const Invite = Schema.Struct({
  seat: Seat,
  token: Schema.String,
  tokenId: TokenId,
}).annotate({ identifier: "Invite" })
export type Invite = typeof Invite.Type

/** How a game ended: ranks (1 is best, ties share) and scores per seat. */
export const Outcome = Schema.Struct({
  ranks: Schema.Array(Schema.Int),
  scores: Schema.Array(Schema.Number),
  reason: Schema.String,
}).annotate({ identifier: "Outcome" })

/** Each seat's display name, null where the seat goes by its holder's (`bot:ada` → "ada"). */
export const SeatNames = Schema.Array(Schema.NullOr(Schema.String))

/** The tournament a game belongs to. */
export const GameTournament = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
}).annotate({ identifier: "GameTournament" })

/** One game in the lobby. */
export const GameSummary = Schema.Struct({
  gameId: GameId,
  game: Schema.String,
  seats: Schema.Int,
  players: Schema.Array(Schema.NullOr(Schema.String)),
  /** Each seat's display name; null where it goes by its holder's. Absent from servers older than this field. */
  names: Schema.optionalKey(SeatNames),
  /** The tournament the game was played in (its id and name); null for a game outside any. */
  tournament: Schema.optionalKey(Schema.NullOr(GameTournament)),
  spectators: SpectatorPolicy,
  decisionMs: Schema.NullOr(Schema.Int),
  status: Schema.Literals(["live", "ended"]),
  version: Version,
  /** Seats that owe a decision now. */
  pending: Schema.Array(Schema.Int),
  createdAt: Instant,
  updatedAt: Instant,
  endedAt: Schema.NullOr(Instant),
  outcome: Schema.NullOr(Outcome),
}).annotate({ identifier: "GameSummary" })
export type GameSummary = typeof GameSummary.Type

/** Whether a cursor is `<createdAt>|<gameId>` with createdAt exactly as the server writes instants. */
const isLobbyCursor = (cursor: string): boolean => {
  const bar = cursor.indexOf("|")
  const at = cursor.slice(0, bar)
  const time = Date.parse(at)
  return (
    bar > 0 &&
    !Number.isNaN(time) &&
    new Date(time).toISOString() === at &&
    Schema.is(GameId)(cursor.slice(bar + 1))
  )
}

/** Where a lobby page continues: `next` of the previous page, `<createdAt>|<gameId>`. */
export const LobbyCursor = Schema.String.check(
  Schema.makeFilter(isLobbyCursor, { expected: "the `next` of a previous page (<createdAt>|<gameId>)" }),
)

/** `GET /api/games` filters; newest first. */
export const GameListQuery = Schema.Struct({
  status: Schema.optionalKey(Schema.Literals(["live", "ended"])),
  game: Schema.optionalKey(RegisteredGameId),
  /**
   * Only games where this seat holder has a seat; a bare name matches both `bot:<name>` and `player:<name>`,
   * and a seat of that display name.
   */
  player: Schema.optionalKey(
    Schema.Union([SeatHolder, HolderName]).annotate({ description: "bot:<name>, player:<name> or <name>" }),
  ),
  limit: Schema.optionalKey(DecimalInt.check(Schema.isBetween({ minimum: 1, maximum: 500 }))),
  /** `next` of the previous page: the games older than it. */
  before: Schema.optionalKey(LobbyCursor),
  /** A game's cursor: the `limit` games just newer than it (still newest first), to page back. */
  after: Schema.optionalKey(LobbyCursor),
})
export type GameListQuery = typeof GameListQuery.Type

/** A page of the lobby; `next` continues it (null on the last page). */
export const GameList = Schema.Struct({
  games: Schema.Array(GameSummary),
  next: Schema.NullOr(Schema.String),
}).annotate({ identifier: "GameList" })
export type GameList = typeof GameList.Type

/** What the caller's seat owes now: the exact legal commands, and when and what the clock plays for it. */
export const YourDecision = Schema.Struct({
  seat: Seat,
  kind: Schema.String,
  legal: Schema.Array(Schema.Unknown),
  deadline: Schema.NullOr(Instant),
  /**
   * The command the clock plays for the seat if its deadline passes (the rules' mildest legal choice, one of
   * `legal`). Present whether or not the game has a clock; absent from servers older than this field.
   */
  default: Schema.optionalKey(Schema.Unknown),
}).annotate({ identifier: "YourDecision" })

/** A seat's clock on its current decision, for everyone who may watch the game (which seats owe is public). */
export const SeatClock = Schema.Struct({
  seat: Seat,
  deadline: Instant,
}).annotate({ identifier: "SeatClock" })
export type SeatClock = typeof SeatClock.Type

/** `GET /api/games/:gameId`: the game as the caller may see it. */
export const GameDetail = Schema.Struct({
  gameId: GameId,
  game: Schema.String,
  seats: Schema.Int,
  players: Schema.Array(Schema.NullOr(Schema.String)),
  /** Each seat's display name; null where it goes by its holder's. Absent from servers older than this field. */
  names: Schema.optionalKey(SeatNames),
  spectators: SpectatorPolicy,
  decisionMs: Schema.NullOr(Schema.Int),
  status: Schema.Literals(["live", "ended"]),
  /** The version this view is at: the head, or the head minus the delay for delayed spectators. */
  version: Version,
  viewer: Viewer,
  /** The game's view for this viewer (its schema: `boroughs describe <game> --json`). */
  view: Schema.Unknown,
  pending: Schema.Array(Schema.Int),
  /** The decisions the caller's seats owe now (empty for spectators and organisers). */
  decisions: Schema.Array(YourDecision),
  clocks: Schema.Array(SeatClock).annotate({
    description:
      "When each seat that owes a decision at the head times out. Empty when the game has no clock, has ended, or the view is delayed.",
  }),
  outcome: Schema.NullOr(Outcome),
}).annotate({ identifier: "GameDetail" })
export type GameDetail = typeof GameDetail.Type

/** 201 to `POST /api/games`: the game as an organiser sees it, and a seat token for each `"invite"` seat. */
export const CreatedGame = Schema.Struct({
  ...GameDetail.fields,
  invites: Schema.Array(Invite).annotate({
    description:
      'One seat token per "invite" seat, in seat order; their secrets are shown this once. Empty when the request created nothing (the same creation again, which is idempotent, answers the game as it is with no invites: those were given the first time).',
  }),
}).annotate({ identifier: "CreatedGame" })
export type CreatedGame = typeof CreatedGame.Type

/**
 * A seat of a guest's game: the guest's own, one for someone the guest invites, a house bot of the game, or a
 * remote bot that plays all comers: one on the game's ladder, active and connected now.
 */
export const PlaySeat = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("me") }),
  Schema.Struct({ kind: Schema.Literal("invite") }),
  Schema.Struct({
    kind: Schema.Literal("house"),
    bot: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(48)).annotate({
      description:
        "One of the game's bots as GET /api/catalogue lists them (`heuristic`, or `builtin:heuristic`).",
    }),
  }),
  Schema.Struct({
    kind: Schema.Literal("bot"),
    bot: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(80)).annotate({
      description:
        "A remote bot on the game's ladder, active and connected now (GET /api/ladder/:game lists them): `bot:<name>` or `<name>`. Entering a ladder is a bot's consent to play; guests' games are not rated.",
    }),
  }),
]).annotate({
  identifier: "PlaySeat",
  message:
    'Expected a seat: {"kind":"me"}, {"kind":"invite"}, {"kind":"house","bot":"<bot>"} or {"kind":"bot","bot":"<ladder bot>"}',
})
export type PlaySeat = typeof PlaySeat.Type

/**
 * `POST /api/play` (no token: a guest): a public live game with exactly one `me` seat (named `name`), seats for
 * whoever the guest invites and house bots. The seat count must be within the game's range.
 */
export const PlayRequest = Schema.Struct({
  game: Schema.String.annotate({ description: "A registered game id (GET /api/catalogue lists them)." }),
  seats: Schema.Array(PlaySeat).check(Schema.isMaxLength(64)),
  /** The display name of the guest's own seat (trimmed by the server). */
  name: DisplayName,
  /** The game's options; its defaults when absent. */
  options: Schema.optionalKey(Schema.Unknown),
  /** 30 s when absent; null: no clock (a seat nobody plays then waits for ever). */
  decisionMs: Schema.optionalKey(Schema.NullOr(DecisionMs)),
}).annotate({ identifier: "PlayRequest" })
export type PlayRequest = typeof PlayRequest.Type

/**
 * 201 to `POST /api/play`: the game, the guest's seat and its seat token (shown this once), and a seat token
 * for each invited seat.
 */
export const PlayCreated = Schema.Struct({
  gameId: GameId,
  seat: Seat,
  token: Schema.String,
  invites: Schema.Array(Invite),
}).annotate({ identifier: "PlayCreated" })
export type PlayCreated = typeof PlayCreated.Type

/** `PUT /api/games/:gameId/seats/:seat/name` (the seat's seat token, or an organiser): the seat's display name. */
export const SetSeatNameRequest = Schema.Struct({ name: DisplayName }).annotate({
  identifier: "SetSeatNameRequest",
})
export type SetSeatNameRequest = typeof SetSeatNameRequest.Type

/** The seat's name, set: every seat's names now, and the version that recorded it (the head when unchanged). */
export const SeatNameSet = Schema.Struct({
  gameId: GameId,
  seat: Seat,
  name: Schema.String,
  names: SeatNames,
  version: Version,
  /** False when the seat already had this name: nothing was recorded. */
  changed: Schema.Boolean,
}).annotate({ identifier: "SeatNameSet" })
export type SeatNameSet = typeof SeatNameSet.Type

/** A seat in a path (`/api/games/:gameId/seats/:seat/…`): decimal digits, below 64. */
export const SeatParam = DecimalInt.check(Schema.isLessThan(64))

/** `?seat=` on reads: which of the caller's seats to view as (the first one held when absent). */
export const ViewerQuery = Schema.Struct({
  seat: Schema.optionalKey(DecimalInt),
})

/** `GET /api/games/:gameId/events?after=`: events after a version, redacted for the caller. */
export const EventsQuery = Schema.Struct({
  /** A version the caller has seen: past the game's last one, 404 (as `view?at=`). */
  after: Schema.optionalKey(DecimalInt),
  limit: Schema.optionalKey(DecimalInt.check(Schema.isBetween({ minimum: 1, maximum: 1_000 }))),
  seat: Schema.optionalKey(DecimalInt),
})

/**
 * `GET /api/games/:gameId/stream`: `?seat=`, and `?after=` to resume (the `Last-Event-ID` header, when sent,
 * takes its place). Past the game's last version, 404.
 */
export const GameStreamQuery = Schema.Struct({
  ...ViewerQuery.fields,
  after: EventsQuery.fields.after,
})

export const EventsPage = Schema.Struct({
  gameId: GameId,
  events: Schema.Array(ViewedEnvelope),
  /** The last version the caller may see now; more may follow while the game is live. */
  version: Version,
  ended: Schema.Boolean,
}).annotate({ identifier: "EventsPage" })
export type EventsPage = typeof EventsPage.Type

/** `GET /api/games/:gameId/view?at=`: the caller's view of any position (answered from snapshots). */
export const ViewAtQuery = Schema.Struct({
  at: DecimalInt.check(Schema.isGreaterThanOrEqualTo(1)),
  /**
   * The seat to see the position as. While the game is live: a seat the caller's token holds (organisers:
   * any). Once it has ended: any seat, for anyone who may watch the game (its own secrets, not the others').
   */
  seat: Schema.optionalKey(DecimalInt),
})

export const ViewAt = Schema.Struct({
  gameId: GameId,
  version: Version,
  viewer: Viewer,
  view: Schema.Unknown,
  pending: Schema.Array(Schema.Int),
  /**
   * Once the game has ended and a seat is asked for: that seat's legal commands at this position (empty
   * when it owed no decision), in the order a bot is given them. Absent while the game is live.
   */
  legal: Schema.optionalKey(Schema.Array(Schema.Unknown)),
}).annotate({ identifier: "ViewAt" })
export type ViewAt = typeof ViewAt.Type

/** `POST /api/games/:gameId/commands`: one command for one seat. */
export const CommandRequest = Schema.Struct({
  commandId: CommandId,
  seat: Seat,
  /** A command of the game (`{ type, ... }`), checked by the game's schema and rules. */
  command: Schema.Unknown,
  /** The version the command was decided at: when the game has moved on, 409 stale-version. */
  expectedVersion: Schema.optionalKey(Version),
}).annotate({ identifier: "CommandRequest" })
export type CommandRequest = typeof CommandRequest.Type

/** 200: the events the command appended (or had appended, when `duplicate`), redacted for the caller. */
export const CommandAccepted = Schema.Struct({
  gameId: GameId,
  version: Version,
  duplicate: Schema.Boolean,
  events: Schema.Array(ViewedEnvelope),
}).annotate({ identifier: "CommandAccepted" })
export type CommandAccepted = typeof CommandAccepted.Type

/** A game the server hosts, for clients building a create form. */
export const CatalogueEntry = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  seats: Schema.Struct({ min: Schema.Int, max: Schema.Int }),
  bots: Schema.Array(Schema.String),
}).annotate({ identifier: "CatalogueEntry" })

export type CatalogueEntry = typeof CatalogueEntry.Type

export const Catalogue = Schema.Struct({ games: Schema.Array(CatalogueEntry) })
export type Catalogue = typeof Catalogue.Type
