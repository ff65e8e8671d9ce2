import { Schema } from "effect"

// Every error body is `{ _tag, message, ...details }`; the status is fixed per tag (docs/api.md).

/** 400: the request is not what the route accepts (malformed JSON, a field that does not decode). */
export class BadRequest extends Schema.TaggedError<BadRequest>()(
  "BadRequest",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}

/** 401: no token, or a token the server refuses; `reason` says which. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  {
    message: Schema.String,
    reason: Schema.Literals(["missing", "malformed", "unknown", "revoked", "expired"]),
  },
  { httpApiStatus: 401 },
) {}

/** 403: the token is valid but may not do this (another seat, another game, organisers only). */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}

/** 404: no such game, route, version or token. */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/**
 * 409: the command lost a race. `stale-version`: it was decided at `expectedVersion` and the game moved
 * on; `contention`: other writers kept winning; `command-id-reused`: the id names another command;
 * `game-exists`: the game id is taken; `tournament-exists`: the tournament id is taken; `game-live`: what was
 * asked for exists only once the game has ended (its analysis); `game-ended`: what was asked for changes a
 * live game only (a seat's name).
 */
export class Conflict extends Schema.TaggedError<Conflict>()(
  "Conflict",
  {
    message: Schema.String,
    reason: Schema.Literals([
      "stale-version",
      "contention",
      "command-id-reused",
      "game-exists",
      "tournament-exists",
      "game-live",
      "game-ended",
    ]),
    expectedVersion: Schema.optionalKey(Schema.Int),
    actualVersion: Schema.optionalKey(Schema.Int),
  },
  { httpApiStatus: 409 },
) {}

/** 413: the body is larger than the server accepts. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  { message: Schema.String, limit: Schema.Int },
  { httpApiStatus: 413 },
) {}

/** 415: the body is not JSON. */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()(
  "UnsupportedMediaType",
  { message: Schema.String },
  { httpApiStatus: 415 },
) {}

/** 422: the rules refuse the command; `rule` names the rule it breaks (`downtown.vote.no-frame-left`). */
export class RuleViolation extends Schema.TaggedError<RuleViolation>()(
  "RuleViolation",
  { rule: Schema.String, message: Schema.String },
  { httpApiStatus: 422 },
) {}

/** 429: too many requests for this token (or address); retry after `retryAfterMs`. */
export class RateLimited extends Schema.TaggedError<RateLimited>()(
  "RateLimited",
  { message: Schema.String, retryAfterMs: Schema.Int },
  { httpApiStatus: 429 },
) {}

/** 500: a fault of the server; the request may or may not have taken effect (retry with the same ids). */
export class ServerError extends Schema.TaggedError<ServerError>()(
  "ServerError",
  { message: Schema.String },
  { httpApiStatus: 500 },
) {}

/**
 * 503: the server cannot answer now because its database is unreachable (a restart, a failover). Retry
 * shortly, with the same ids: like a 500, a write may or may not have taken effect.
 */
export class Unavailable extends Schema.TaggedError<Unavailable>()(
  "Unavailable",
  { message: Schema.String },
  { httpApiStatus: 503 },
) {}

/** Every error the API answers with. */
export const ApiError = Schema.Union([
  BadRequest,
  Unauthorized,
  Forbidden,
  NotFound,
  Conflict,
  PayloadTooLarge,
  UnsupportedMediaType,
  RuleViolation,
  RateLimited,
  ServerError,
  Unavailable,
])
export type ApiError = typeof ApiError.Type

/** The HTTP status of each error tag. */
export const statusOf: Readonly<Record<ApiError["_tag"], number>> = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RuleViolation: 422,
  RateLimited: 429,
  ServerError: 500,
  Unavailable: 503,
}
