import { type CreateGame, type GameSettings, holderOf, type IssuedToken } from "@boroughs/engine"
import type { Invite } from "@boroughs/protocol"
import { Effect } from "effect"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"

/** A new game whose seats at `minted` get a new seat holder each, and that holder's seat token. */
export interface GameWithSeatTokens {
  readonly create: Omit<CreateGame, "metadata">
  /** The game's settings; the holders of the minted seats are filled in here (null until then). */
  readonly settings: GameSettings
  /** The seats given to new holders (`seat:<random>`), in seat order. */
  readonly minted: ReadonlyArray<number>
}

/** Revokes tokens nobody will be given (best effort: an unused seat token acts for no seat anyway). */
const discard = (app: App, tokens: ReadonlyArray<IssuedToken>) =>
  Effect.forEach(tokens, (t) => Effect.ignore(app.tokens.revoke(t.tokenId)), { discard: true })

/**
 * Creates a game whose `minted` seats are held by new seat holders, and answers a seat token for each. The
 * tokens are issued first, so a game never holds a seat nobody can act for; when nothing is created (a
 * refusal, or the same creation again: idempotent, its seats long given) they are revoked and none is
 * answered.
 */
export const createWithSeatTokens = (app: App, input: GameWithSeatTokens) =>
  Effect.gen(function* () {
    const tokens = yield* Effect.forEach(input.minted, () => app.tokens.issueSeat()).pipe(apiFailures)
    const holders = new Map(input.minted.map((seat, i) => [seat, holderOf(tokens[i] as IssuedToken)]))
    const players = input.settings.players.map((holder, seat) => holders.get(seat) ?? holder)
    const created = yield* app.engine
      .create({ ...input.create, metadata: { settings: { ...input.settings, players } } })
      .pipe(
        apiFailures,
        Effect.onError(() => discard(app, tokens)),
      )
    if (created.duplicate) {
      yield* discard(app, tokens)
      return { created, seatTokens: [] as ReadonlyArray<Invite> }
    }
    // Local spectators and the lobby hear of it now, not after the tailer reads it back.
    app.tail.publishAppended(created.appended)
    const seatTokens: ReadonlyArray<Invite> = input.minted.map((seat, i) => ({
      seat,
      token: (tokens[i] as IssuedToken).token,
      tokenId: (tokens[i] as IssuedToken).tokenId,
    }))
    return { created, seatTokens }
  })
