import { Schema } from "effect"
import { DecimalInt, GameId, Instant, RegisteredGameId } from "./Ids.js"

/** `POST /api/ladder/entries` (a bot token): opt in to a game's ladder, or back in after a pause. */
export const LadderEntryRequest = Schema.Struct({
  game: RegisteredGameId,
}).annotate({ identifier: "LadderEntryRequest" })
export type LadderEntryRequest = typeof LadderEntryRequest.Type

const Holder = Schema.String.annotate({
  description: "`bot:<name>` for an entrant, `builtin:<bot>` for a house bot",
})

export const LadderRating = Schema.Struct({
  mu: Schema.Number,
  sigma: Schema.Number,
  score: Schema.Number.annotate({ description: "μ − 3σ (openskill's ordinal): what the table ranks by" }),
}).annotate({ identifier: "LadderRating" })

export const LadderStanding = Schema.Struct({
  rank: Schema.NullOr(Schema.Int).annotate({
    description: "1-based by score; null until a first rated game",
  }),
  holder: Holder,
  status: Schema.Literals(["active", "paused", "left"]).annotate({
    description:
      "active: paired while connected; paused: the clock moved for it several times in a row (enter again to resume); left: opted out",
  }),
  rating: LadderRating,
  games: Schema.Int,
  wins: Schema.Int,
  timeoutsInRow: Schema.Int,
  connected: Schema.Boolean.annotate({
    description: "whether it has a bot stream open now (only those are paired)",
  }),
  enteredAt: Instant,
}).annotate({ identifier: "LadderStanding" })
export type LadderStanding = typeof LadderStanding.Type

export const LadderGame = Schema.Struct({
  gameId: GameId,
  holders: Schema.Array(Holder),
  status: Schema.Literals(["live", "ended"]),
  startedAt: Instant,
  endedAt: Schema.NullOr(Instant),
  ranks: Schema.NullOr(Schema.Array(Schema.Int)).annotate({ description: "per seat, 1 = first; ties share" }),
  before: Schema.Array(Schema.Number).annotate({ description: "each seat's score when paired" }),
  after: Schema.NullOr(Schema.Array(Schema.Number)).annotate({
    description: "each seat's score after the game",
  }),
}).annotate({ identifier: "LadderGame" })
export type LadderGame = typeof LadderGame.Type

/** `GET /api/ladder/:game`: the table, the most recent rated games, and how the ladder runs. */
export const LadderDetail = Schema.Struct({
  game: Schema.String,
  decisionMs: Schema.Int.annotate({ description: "each seat's time for a decision in rated games" }),
  tableSize: Schema.Int,
  house: Schema.Array(Schema.String).annotate({
    description: "the house bots that fill seats (fixed ratings)",
  }),
  standings: Schema.Array(LadderStanding),
  games: Schema.Array(LadderGame),
}).annotate({ identifier: "LadderDetail" })
export type LadderDetail = typeof LadderDetail.Type

export const LadderGamesQuery = Schema.Struct({
  holder: Schema.optionalKey(Schema.String),
  limit: Schema.optionalKey(DecimalInt.check(Schema.isBetween({ minimum: 1, maximum: 200 }))),
})

export const LadderGames = Schema.Struct({ games: Schema.Array(LadderGame) }).annotate({
  identifier: "LadderGames",
})

export const LadderSummary = Schema.Struct({
  game: Schema.String,
  entrants: Schema.Int,
  active: Schema.Int,
  connected: Schema.Int,
  gamesPlayed: Schema.Int,
  gamesLive: Schema.Int,
}).annotate({ identifier: "LadderSummary" })
export type LadderSummary = typeof LadderSummary.Type

export const LadderList = Schema.Struct({ ladders: Schema.Array(LadderSummary) }).annotate({
  identifier: "LadderList",
})
export type LadderList = typeof LadderList.Type

/** 201: the entry as it stands after the request. */
export const LadderEntry = Schema.Struct({
  game: Schema.String,
  holder: Schema.String,
  status: Schema.Literals(["active", "left"]),
}).annotate({ identifier: "LadderEntry" })
export type LadderEntry = typeof LadderEntry.Type
