import type { GlobalEvent } from "@boroughs/store"
import {
  HOUSE_RATING,
  isHouse,
  type LadderEvent,
  ladderScore,
  newRating,
  PAUSE_AFTER_TIMEOUTS,
  type Rating,
  rateLadderGame,
} from "@boroughs/tournament"
import { byStream, type Projection } from "../internal/Projection.js"
import * as Streams from "../Streams.js"
import { jsonOf, type ServerDb } from "../serverTables.js"

const timeOf = (e: GlobalEvent): string =>
  typeof e.metadata.time === "string" ? e.metadata.time : new Date(e.recordedAt).toISOString()

/** The seat a clock move was made for (recorded on its first event), or null for any other event. */
const timedOutSeat = (e: GlobalEvent): number | null => {
  const timeout = e.metadata.timeout as { seat?: unknown } | undefined
  return typeof timeout?.seat === "number" ? timeout.seat : null
}

const applyLadderEvent = async (db: ServerDb, game: string, e: GlobalEvent) => {
  const event = { ...e.data, type: e.type } as LadderEvent
  const at = timeOf(e)
  switch (event.type) {
    case "LadderEntered": {
      const fresh = newRating()
      await db
        .insertInto("proj_ladder_entries")
        .values({
          game,
          holder: event.holder,
          status: "active",
          mu: fresh.mu,
          sigma: fresh.sigma,
          games: 0,
          wins: 0,
          timeouts_in_row: 0,
          entered_at: at,
          updated_at: at,
        })
        // Entering again resumes a paused or departed bot with the rating it had.
        .onConflict((oc) =>
          oc
            .columns(["game", "holder"])
            .doUpdateSet({ status: "active", timeouts_in_row: 0, updated_at: at }),
        )
        .execute()
      return
    }
    case "LadderLeft":
      await db
        .updateTable("proj_ladder_entries")
        .set({ status: "left", updated_at: at })
        .where("game", "=", game)
        .where("holder", "=", event.holder)
        .execute()
      return
    case "LadderTableStarted":
      await db
        .insertInto("proj_ladder_games")
        .values({
          game_id: event.gameId,
          game,
          holders: JSON.stringify(event.holders),
          status: "live",
          started_at: at,
          ended_at: null,
          ranks: null,
          before: JSON.stringify(event.ratings),
          after: null,
        })
        .onConflict((oc) => oc.column("game_id").doNothing())
        .execute()
      return
  }
}

/**
 * Whether an event can change the ladder: a clock move, a move by a bot token (only bots enter), or the result.
 * Every append of every game passes through here; the house games' moves, most of them, need no lookup.
 */
const mayMoveLadder = (e: GlobalEvent): boolean =>
  e.type === "GameEnded" ||
  timedOutSeat(e) !== null ||
  (typeof e.metadata.actor === "string" && e.metadata.actor.startsWith("bot:"))

/** Folds one run of a ladder game's events: clock moves and the bot's own moves, then the result. */
const applyGameRun = async (db: ServerDb, gameId: string, run: ReadonlyArray<GlobalEvent>) => {
  if (!run.some(mayMoveLadder)) return
  const row = await db
    .selectFrom("proj_ladder_games")
    .select(["game", "holders", "status"])
    .where("game_id", "=", gameId)
    .executeTakeFirst()
  if (row === undefined || row.status !== "live") return
  const holders = jsonOf<ReadonlyArray<string>>(row.holders)
  const entrants = new Set(holders.filter((h) => !isHouse(h)))
  const entry = (holder: string) =>
    db.updateTable("proj_ladder_entries").where("game", "=", row.game).where("holder", "=", holder)
  for (const e of run) {
    const at = timeOf(e)
    const seat = timedOutSeat(e)
    const timedOut = seat === null ? undefined : holders[seat]
    if (timedOut !== undefined && entrants.has(timedOut)) {
      await entry(timedOut)
        .set((eb) => ({ timeouts_in_row: eb("timeouts_in_row", "+", 1), updated_at: at }))
        .execute()
      await entry(timedOut)
        .set({ status: "paused" })
        .where("status", "=", "active")
        .where("timeouts_in_row", ">=", PAUSE_AFTER_TIMEOUTS)
        .execute()
    } else if (typeof e.metadata.actor === "string" && entrants.has(e.metadata.actor))
      // The bot answered in time: its run of timeouts is over.
      await entry(e.metadata.actor).set({ timeouts_in_row: 0 }).where("timeouts_in_row", ">", 0).execute()
    if (e.type !== "GameEnded") continue
    const ranks = e.data.ranks as ReadonlyArray<number>
    const rows =
      entrants.size === 0
        ? []
        : await db
            .selectFrom("proj_ladder_entries")
            .select(["holder", "mu", "sigma"])
            .where("game", "=", row.game)
            .where("holder", "in", [...entrants])
            .execute()
    const known = new Map(rows.map((r) => [r.holder, { mu: r.mu, sigma: r.sigma } as Rating]))
    const before = holders.map((h) => (isHouse(h) ? HOUSE_RATING : (known.get(h) ?? newRating())))
    const after = rateLadderGame(holders, before, ranks)
    for (const [s, holder] of holders.entries()) {
      if (!entrants.has(holder)) continue
      const r = after[s] as Rating
      await entry(holder)
        .set((eb) => ({
          mu: r.mu,
          sigma: r.sigma,
          games: eb("games", "+", 1),
          wins: eb("wins", "+", ranks[s] === 1 ? 1 : 0),
          updated_at: at,
        }))
        .execute()
    }
    await db
      .updateTable("proj_ladder_games")
      .set({
        status: "ended",
        ended_at: at,
        ranks: JSON.stringify(ranks),
        after: JSON.stringify(after.map(ladderScore)),
      })
      .where("game_id", "=", gameId)
      .execute()
  }
}

/**
 * The ladder (ARCHITECTURE.md §4): every entrant's openskill rating, record and pairing status per game, and
 * every rated game with its ranks and the ratings before and after. Folded from the ladder streams (who
 * entered, left, which tables started) and from those tables' own game streams (results; clock moves, which
 * pause a bot after `PAUSE_AFTER_TIMEOUTS` in a row). The log's order fixes the order games are rated in, so a
 * rebuild gives the same table.
 */
export const ladderProjection: Projection = {
  id: "projection:ladder:v1",
  reset: async (db) => {
    await db.deleteFrom("proj_ladder_games").execute()
    await db.deleteFrom("proj_ladder_entries").execute()
  },
  apply: async (db, events) => {
    for (const run of byStream(events)) {
      const first = run[0] as GlobalEvent
      const game = Streams.ladderGameOf(first.streamId)
      if (game !== null) {
        for (const e of run) await applyLadderEvent(db, game, e)
        continue
      }
      const gameId = Streams.gameIdOf(first.streamId)
      if (gameId !== null) await applyGameRun(db, gameId, run)
    }
  },
}
