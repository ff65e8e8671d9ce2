import { Schema } from "effect"
import { HolderName, Instant, InstantInput } from "./Ids.js"

/**
 * What a token may do: `organiser` everything; `bot` and `player` act for the seats held by `<kind>:<name>`;
 * `seat` for the one seat of one game its holder (`seat:<name>`) was given as the game was created.
 */
export const TokenKind = Schema.Literals(["organiser", "bot", "player", "seat"])
export type TokenKind = typeof TokenKind.Type

/**
 * The kinds `POST /api/tokens` issues. Seat tokens are minted by the server only, with the seats they act for
 * (`"invite"` seats of `POST /api/games`, and `POST /api/play`).
 */
export const IssuableTokenKind = Schema.Literals(["organiser", "bot", "player"])

/**
 * `POST /api/tokens` (organisers). A bot or player token acts for the seats held by `<kind>:<name>`.
 * `expiresAt`, when given, must be in the future (400 otherwise).
 */
export const CreateTokenRequest = Schema.Struct({
  kind: IssuableTokenKind,
  name: HolderName,
  expiresAt: Schema.optionalKey(InstantInput),
}).annotate({ identifier: "CreateTokenRequest" })
export type CreateTokenRequest = typeof CreateTokenRequest.Type

export const TokenInfo = Schema.Struct({
  tokenId: Schema.String,
  kind: TokenKind,
  name: Schema.String,
  createdAt: Instant,
  expiresAt: Schema.NullOr(Instant),
  revokedAt: Schema.NullOr(Instant),
}).annotate({ identifier: "TokenInfo" })
export type TokenInfo = typeof TokenInfo.Type

/** 201: the token, whose secret is shown this once (the server keeps only its SHA-256). */
export const IssuedToken = Schema.Struct({
  ...TokenInfo.fields,
  token: Schema.String,
}).annotate({ identifier: "IssuedToken" })
export type IssuedToken = typeof IssuedToken.Type

export const TokenList = Schema.Struct({ tokens: Schema.Array(TokenInfo) })

/** `GET /api/tokens?kind=&name=`: only the tokens of one kind, of one holder name (`?kind=seat&name=…`). */
export const TokenListQuery = Schema.Struct({
  kind: Schema.optionalKey(TokenKind),
  name: Schema.optionalKey(HolderName),
})

/** `GET /api/me`: who the caller's token speaks for (spectator without one). */
export const Me = Schema.Struct({
  kind: Schema.Literals(["organiser", "bot", "player", "seat", "spectator"]),
  name: Schema.NullOr(Schema.String),
  tokenId: Schema.NullOr(Schema.String),
}).annotate({ identifier: "Me" })
export type Me = typeof Me.Type
