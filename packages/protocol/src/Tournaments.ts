import { Schema } from "effect"
import { CommandId, GameId, Instant, Seat, SeatHolderOrBuiltin, Version } from "./Ids.js"
import { SpectatorPolicy } from "./Policy.js"

/** A tournament's id in URLs and its stream (`tournament-<id>`). */
export const TournamentId = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,47}$/),
).annotate({
  description: "Letters, digits, '.', '_' and '-'; 1–48 characters (its games are `<id>-r<round>-t<table>`).",
})

/** Who plays an entrant: a built-in bot the server runs, or the holder of a bot or player token. */
export const EntrantPlays = Schema.String.check(
  Schema.isPattern(/^(builtin|bot|player):[a-z0-9][a-z0-9_.-]{0,39}$/),
).annotate({ description: "builtin:<bot> (run by the server), bot:<name> or player:<name>" })

export const Entrant = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/)),
  plays: EntrantPlays,
}).annotate({ identifier: "Entrant" })

/** `POST /api/tournaments` (organisers). */
export const CreateTournamentRequest = Schema.Struct({
  /** Chosen by the server when absent. */
  tournamentId: Schema.optionalKey(TournamentId),
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(120)),
  game: Schema.String,
  options: Schema.optionalKey(Schema.Unknown),
  format: Schema.Literals(["swiss", "round-robin"]),
  /** Round-robin: enough for everyone to meet everyone when absent. */
  rounds: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 }))),
  tableSize: Schema.Int.check(Schema.isBetween({ minimum: 3, maximum: 6 })),
  entrants: Schema.Array(Entrant).check(Schema.isMinLength(3), Schema.isMaxLength(512)),
  /** Public: pairings are derived from it. Random when absent. */
  pairingSeed: Schema.optionalKey(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))),
  /** Per decision in the tournament's games; null (the default): no clock. */
  decisionMs: Schema.optionalKey(Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1000)))),
  /** Who may watch its games; everyone, live, when absent. */
  spectators: Schema.optionalKey(SpectatorPolicy),
  /**
   * Milliseconds each built-in bot's move waits after the game's previous move, so people can follow a
   * tournament of bots (0, the default: at once). With a clock, at most `decisionMs` − 1000.
   */
  paceMs: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 60_000 }))),
}).annotate({ identifier: "CreateTournamentRequest" })
export type CreateTournamentRequest = typeof CreateTournamentRequest.Type

export const Rating = Schema.Struct({ mu: Schema.Number, sigma: Schema.Number, ordinal: Schema.Number })

/** One line of the standings: points are the share of opponents beaten per game (ties half), byes ½. */
export const StandingLine = Schema.Struct({
  rank: Schema.Int,
  entrant: Schema.String,
  plays: Schema.String,
  points: Schema.Number,
  games: Schema.Int,
  wins: Schema.Int,
  byes: Schema.Int,
  opposition: Schema.Number,
  meanScore: Schema.Number,
  rating: Rating,
}).annotate({ identifier: "StandingLine" })

export const TableResult = Schema.Struct({
  ranks: Schema.Array(Schema.Int),
  scores: Schema.Array(Schema.Number),
  reason: Schema.String,
  forfeited: Schema.Array(Seat),
  version: Version,
  head: Schema.String,
})

export const TournamentTable = Schema.Struct({
  table: Schema.Int,
  gameId: GameId,
  entrants: Schema.Array(Schema.String),
  result: Schema.NullOr(TableResult),
})

export const RoundSeal = Schema.Struct({
  merkleRoot: Schema.String,
  signature: Schema.String,
  publicKey: Schema.String,
  keyId: Schema.String,
  leaves: Schema.Array(Schema.Struct({ gameId: GameId, version: Version, head: Schema.String })),
})

export const TournamentRound = Schema.Struct({
  round: Schema.Int,
  tables: Schema.Array(TournamentTable),
  byes: Schema.Array(Schema.String),
  sealed: Schema.NullOr(RoundSeal),
})

/** One organiser action (or the creation), in a tournament's or a game's stream. */
export const TrailEntry = Schema.Struct({
  stream: Schema.String,
  version: Version,
  type: Schema.String,
  actor: Schema.String,
  at: Schema.String,
  reason: Schema.String,
  detail: Schema.optionalKey(Schema.Unknown),
}).annotate({ identifier: "TrailEntry" })

export const TournamentStatus = Schema.Literals(["running", "paused", "ended"])

export const TournamentSummary = Schema.Struct({
  tournamentId: TournamentId,
  name: Schema.String,
  game: Schema.String,
  format: Schema.String,
  rounds: Schema.Int,
  roundsPaired: Schema.Int,
  entrants: Schema.Int,
  status: TournamentStatus,
}).annotate({ identifier: "TournamentSummary" })

export const TournamentList = Schema.Struct({ tournaments: Schema.Array(TournamentSummary) })

/** `GET /api/tournaments/:id`: everything an organiser's page shows. */
export const TournamentDetail = Schema.Struct({
  ...TournamentSummary.fields,
  tableSize: Schema.Int,
  pairingSeed: Schema.String,
  decisionMs: Schema.NullOr(Schema.Int),
  spectators: SpectatorPolicy,
  paceMs: Schema.Int,
  createdBy: Schema.String,
  createdAt: Instant,
  entrantList: Schema.Array(Entrant),
  roundList: Schema.Array(TournamentRound),
  standings: Schema.Array(StandingLine),
  /** Each entrant's rating (μ − 3σ) after each round. */
  ratingHistory: Schema.Array(
    Schema.Struct({ round: Schema.Int, ratings: Schema.Record(Schema.String, Schema.Number) }),
  ),
  version: Version,
}).annotate({ identifier: "TournamentDetail" })
export type TournamentDetail = typeof TournamentDetail.Type

/** `POST /api/tournaments/:id/actions` (organisers): pause, resume or annotate, with a reason. */
export const TournamentActionRequest = Schema.Struct({
  action: Schema.Union([
    Schema.Struct({ type: Schema.Literal("PauseTournament") }),
    Schema.Struct({ type: Schema.Literal("ResumeTournament") }),
    Schema.Struct({
      type: Schema.Literal("AnnotateTournament"),
      note: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(2000)),
      version: Schema.optionalKey(Schema.NullOr(Version)),
    }),
  ]),
  reason: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(500)),
}).annotate({ identifier: "TournamentActionRequest" })

/** `POST /api/games/:gameId/actions` (organisers): an organiser action on a game, recorded as an event. */
export const GameActionRequest = Schema.Struct({
  action: Schema.Union([
    Schema.Struct({
      type: Schema.Literal("Adjudicate"),
      ranks: Schema.Array(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      scores: Schema.Array(Schema.Number),
    }),
    Schema.Struct({ type: Schema.Literal("ForfeitSeat"), seat: Seat }),
    Schema.Struct({ type: Schema.Literal("ReplaceSeat"), seat: Seat, holder: SeatHolderOrBuiltin }),
    Schema.Struct({ type: Schema.Literal("PauseGame") }),
    Schema.Struct({ type: Schema.Literal("ResumeGame") }),
    Schema.Struct({
      type: Schema.Literal("AnnotateEvent"),
      version: Version,
      note: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(2000)),
      audience: Schema.optionalKey(Schema.Literals(["all", "organisers"])),
    }),
  ]),
  reason: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(500)),
  /** The same id is the same action (retries are safe). Chosen by the server when absent. */
  commandId: Schema.optionalKey(CommandId),
  expectedVersion: Schema.optionalKey(Version),
}).annotate({ identifier: "GameActionRequest" })
export type GameActionRequest = typeof GameActionRequest.Type

export const ActionAccepted = Schema.Struct({ version: Version, duplicate: Schema.Boolean })

/** `GET /api/games/:gameId/trail` and `/api/tournaments/:id/trail` (organisers). */
export const Trail = Schema.Struct({ entries: Schema.Array(TrailEntry) })

/** `GET /api/signing-key`: the organiser's Ed25519 public key that signs round roots. */
export const SigningKey = Schema.Struct({
  publicKey: Schema.String,
  keyId: Schema.String,
  algorithm: Schema.Literal("Ed25519"),
})

/** `GET /api/tournaments/:id/audit`: the audit report (docs/audit.md); `?format=text` for people. */
export const TournamentAudit = Schema.Struct({
  ok: Schema.Boolean,
  tournamentId: Schema.String,
  name: Schema.String,
  game: Schema.String,
  format: Schema.String,
  roundsPlanned: Schema.Int,
  ended: Schema.Boolean,
  trustedKey: Schema.NullOr(Schema.String),
  rounds: Schema.Array(
    Schema.Struct({
      round: Schema.Int,
      games: Schema.Array(
        Schema.Struct({
          gameId: Schema.String,
          version: Version,
          head: Schema.String,
          sound: Schema.Boolean,
        }),
      ),
      merkleRoot: Schema.NullOr(Schema.String),
      recomputedRoot: Schema.NullOr(Schema.String),
      signatureValid: Schema.NullOr(Schema.Boolean),
      publicKey: Schema.NullOr(Schema.String),
      keyId: Schema.NullOr(Schema.String),
      pairingRederived: Schema.Boolean,
    }),
  ),
  games: Schema.Array(
    Schema.Struct({
      streamId: Schema.String,
      ok: Schema.Boolean,
      events: Schema.Int,
      head: Schema.NullOr(Schema.String),
      ended: Schema.Boolean,
      commandsReplayed: Schema.Int,
      commitmentsChecked: Schema.Int,
    }),
  ),
  standings: Schema.Array(StandingLine),
  problems: Schema.Array(
    Schema.Struct({
      where: Schema.String,
      kind: Schema.String,
      message: Schema.String,
      version: Schema.optionalKey(Schema.Int),
    }),
  ),
}).annotate({ identifier: "TournamentAudit" })
export type TournamentAudit = typeof TournamentAudit.Type

/** `GET /api/admin/games/:gameId` (organisers): the whole game, every secret but the seed, access recorded. */
export const OrganiserGameView = Schema.Struct({
  gameId: GameId,
  game: Schema.String,
  version: Version,
  ended: Schema.Boolean,
  players: Schema.Array(Schema.NullOr(Schema.String)),
  paused: Schema.Boolean,
  forfeited: Schema.Array(Seat),
  view: Schema.Unknown,
  events: Schema.Array(Schema.Unknown),
  /** The audit event that recorded this view (stream `access-<gameId>`). */
  recordedAs: Schema.Struct({ stream: Schema.String, version: Version }),
  at: Instant,
}).annotate({ identifier: "OrganiserGameView" })
