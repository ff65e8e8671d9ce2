import { type EventEnvelope, Random } from "@boroughs/core"
import { EventStore, StoreError } from "@boroughs/store"
import {
  HOUSE_RATING,
  isHouse,
  type LadderEvent,
  ladderScore,
  newRating,
  pairLadder,
} from "@boroughs/tournament"
import { Context, Data, Effect, Layer } from "effect"
import { appendAtHead } from "../internal/appends.js"
import * as Streams from "../Streams.js"
import { isoOf, jsonOf, withServerTables } from "../serverTables.js"

/** One entrant's line in a ladder table. */
export interface LadderStanding {
  /** 1-based, by score; entrants with no rated game yet are listed last, unranked (null). */
  readonly rank: number | null
  readonly holder: string
  readonly status: "active" | "paused" | "left"
  readonly rating: { readonly mu: number; readonly sigma: number; readonly score: number }
  readonly games: number
  readonly wins: number
  readonly timeoutsInRow: number
  /** Whether the bot has a bot stream open now (only those are paired). */
  readonly connected: boolean
  readonly enteredAt: string
}

/** One rated game of a ladder. */
export interface LadderGame {
  readonly gameId: string
  readonly holders: ReadonlyArray<string>
  readonly status: "live" | "ended"
  readonly startedAt: string
  readonly endedAt: string | null
  readonly ranks: ReadonlyArray<number> | null
  /** Each seat's score (μ − 3σ) when paired, and after the game once it ended. */
  readonly before: ReadonlyArray<number>
  readonly after: ReadonlyArray<number> | null
}

export interface LadderSummary {
  readonly game: string
  readonly entrants: number
  readonly active: number
  readonly connected: number
  readonly gamesPlayed: number
  readonly gamesLive: number
}

/** Why the ladder refused a request (a 4xx on the wire). */
export class LadderRejected extends Data.TaggedError("LadderRejected")<{
  readonly reason: "unknown-game" | "not-entered"
  readonly message: string
}> {}

/** How a ladder runs (server settings). */
export interface LadderSettings {
  /** The games that have a ladder; entering another is refused. */
  readonly games: ReadonlyArray<string>
  /** Seats at each table, per game (clamped to what the game allows). */
  readonly tableSize: (game: string) => number
  /** The house bots that fill empty seats (`builtin:<bot>`), in the order they are taken. */
  readonly house: ReadonlyArray<string>
  /** Each seat's time for a decision in rated games (the clock plays the default move after it). */
  readonly decisionMs: number
  /** How long a bot stream's last sign of life counts as connected. */
  readonly presenceMs: number
}

/** What the ladder needs from the rest of the engine to start a rated game. */
export type StartRatedGame = (table: {
  readonly game: string
  readonly gameId: string
  readonly holders: ReadonlyArray<string>
  readonly decisionMs: number
}) => Effect.Effect<unknown, { readonly message: string }>

const randomHex = (bytes: number): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("")

const toData = (e: LadderEvent) => {
  const { type, ...data } = e
  return { type, data }
}

/** How many of a ladder stream's last events `leave` reads before it trusts the entries table. */
const LATEST = 256

export const makeLadder = (store: EventStore["Service"], settings: LadderSettings) => {
  const db = withServerTables(store.db)
  const query = <A>(doing: string, f: () => Promise<A>) =>
    Effect.tryPromise({
      try: f,
      catch: (cause) =>
        new StoreError({
          reason: "query",
          message: `${doing}: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        }),
    })

  const known = (game: string) =>
    settings.games.includes(game)
      ? Effect.void
      : Effect.fail(
          new LadderRejected({
            reason: "unknown-game",
            message: `there is no ladder for "${game}"; ladders: ${settings.games.join(", ") || "none"}`,
          }),
        )

  /** Appends to a ladder stream at its current head, again if another append got there first. */
  const append = (game: string, commandId: string, event: LadderEvent, actor: string) =>
    appendAtHead(store, {
      streamId: Streams.ladder(game),
      streamType: "ladder",
      commandId,
      events: [{ ...toData(event), metadata: { commandId, actor, time: event.at } }],
    }).pipe(Effect.map((envelopes) => envelopes as ReadonlyArray<EventEnvelope>))

  const presentHolders = (holders: ReadonlyArray<string>) =>
    holders.length === 0
      ? Effect.succeed(new Set<string>())
      : query("reading bot presence", () =>
          db
            .selectFrom("srv_bot_presence")
            .select("holder")
            .where("holder", "in", [...holders])
            .where("seen_at", ">", new Date(Date.now() - settings.presenceMs).toISOString())
            .execute(),
        ).pipe(Effect.map((rows) => new Set(rows.map((r) => r.holder))))

  const entryRows = (game: string) =>
    query("reading the ladder", () =>
      db.selectFrom("proj_ladder_entries").selectAll().where("game", "=", game).execute(),
    )

  /**
   * Whether `holder` is on the ladder now. The entries table is a projection and may not have folded an
   * entry made a moment ago, so the stream's latest events (more than any projection lags by) speak first.
   */
  const isEntered = (game: string, holder: string) =>
    Effect.gen(function* () {
      const streamId = Streams.ladder(game)
      const head = yield* store.head(streamId)
      if (head === null) return false
      const latest = yield* store.readStream(streamId, { from: Math.max(1, head.version - LATEST + 1) })
      for (let i = latest.length - 1; i >= 0; i--) {
        const e = latest[i] as EventEnvelope
        if ((e.type === "LadderEntered" || e.type === "LadderLeft") && e.data.holder === holder)
          return e.type === "LadderEntered"
      }
      const row = yield* query("reading the ladder", () =>
        db
          .selectFrom("proj_ladder_entries")
          .select("status")
          .where("game", "=", game)
          .where("holder", "=", holder)
          .executeTakeFirst(),
      )
      return row !== undefined && row.status !== "left"
    })

  return {
    settings,

    /** A bot opts in to a game's ladder (again: a pause or departure is lifted, its rating kept). */
    enter: (game: string, holder: string) =>
      Effect.gen(function* () {
        yield* known(game)
        const at = new Date().toISOString()
        return yield* append(game, `enter:${holder}:${at}`, { type: "LadderEntered", holder, at }, holder)
      }),

    /** A bot opts out: no more pairings; its games in progress finish and are rated. */
    leave: (game: string, holder: string) =>
      Effect.gen(function* () {
        yield* known(game)
        if (!(yield* isEntered(game, holder)))
          return yield* new LadderRejected({
            reason: "not-entered",
            message: `${holder} is not on the ${game} ladder`,
          })
        const at = new Date().toISOString()
        return yield* append(game, `leave:${holder}:${at}`, { type: "LadderLeft", holder, at }, holder)
      }),

    /** The table: entrants by score, each with its record and whether it is connected now. */
    standings: (game: string) =>
      Effect.gen(function* () {
        yield* known(game)
        const rows = yield* entryRows(game)
        const present = yield* presentHolders(rows.map((r) => r.holder))
        const lines = rows
          .map((r) => ({
            holder: r.holder,
            status: r.status as LadderStanding["status"],
            rating: { mu: r.mu, sigma: r.sigma, score: ladderScore({ mu: r.mu, sigma: r.sigma }) },
            games: r.games,
            wins: r.wins,
            timeoutsInRow: r.timeouts_in_row,
            connected: present.has(r.holder),
            enteredAt: isoOf(r.entered_at),
          }))
          .sort(
            (a, b) =>
              Number(b.games > 0) - Number(a.games > 0) ||
              b.rating.score - a.rating.score ||
              (a.holder < b.holder ? -1 : 1),
          )
        let rank = 0
        return lines.map((l): LadderStanding => ({ ...l, rank: l.games > 0 ? ++rank : null }))
      }),

    /** Rated games, newest first; of one holder when asked. */
    games: (game: string, q: { readonly holder?: string; readonly limit?: number } = {}) =>
      Effect.gen(function* () {
        yield* known(game)
        const rows = yield* query("reading the ladder's games", () => {
          let sel = db
            .selectFrom("proj_ladder_games")
            .selectAll()
            .where("game", "=", game)
            .orderBy("started_at", "desc")
            .orderBy("game_id", "desc")
            .limit(q.limit ?? 50)
          if (q.holder !== undefined) sel = sel.where("holders", "@>", JSON.stringify([q.holder]))
          return sel.execute()
        })
        return rows.map(
          (r): LadderGame => ({
            gameId: r.game_id,
            holders: jsonOf(r.holders),
            status: r.status as LadderGame["status"],
            startedAt: isoOf(r.started_at),
            endedAt: r.ended_at === null ? null : isoOf(r.ended_at),
            ranks: r.ranks === null ? null : jsonOf(r.ranks),
            before: jsonOf(r.before),
            after: r.after === null ? null : jsonOf(r.after),
          }),
        )
      }),

    /** Every ladder: its entrants and games. */
    summaries: Effect.gen(function* () {
      const out: LadderSummary[] = []
      for (const game of settings.games) {
        const rows = yield* entryRows(game)
        const present = yield* presentHolders(rows.filter((r) => r.status === "active").map((r) => r.holder))
        const counts = yield* query("counting the ladder's games", () =>
          db
            .selectFrom("proj_ladder_games")
            .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
            .where("game", "=", game)
            .groupBy("status")
            .execute(),
        )
        const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0)
        out.push({
          game,
          entrants: rows.filter((r) => r.status !== "left").length,
          active: rows.filter((r) => r.status === "active").length,
          connected: present.size,
          gamesPlayed: count("ended"),
          gamesLive: count("live"),
        })
      }
      return out
    }),

    /**
     * Marks a bot's stream as open on `node` now (each sign of life), and returns the mark. `markGone` with
     * that mark clears it when the stream closes, unless a newer stream of the bot has marked since.
     */
    markPresent: (holder: string, node: string) =>
      Effect.suspend(() => {
        const seenAt = new Date().toISOString()
        return query("recording bot presence", () =>
          db
            .insertInto("srv_bot_presence")
            .values({ holder, node, seen_at: seenAt })
            .onConflict((oc) => oc.column("holder").doUpdateSet({ node, seen_at: seenAt }))
            .execute(),
        ).pipe(Effect.as(seenAt))
      }),
    markGone: (holder: string, node: string, seenAt: string) =>
      query("clearing bot presence", () =>
        db
          .deleteFrom("srv_bot_presence")
          .where("holder", "=", holder)
          .where("node", "=", node)
          .where("seen_at", "=", seenAt)
          .execute(),
      ).pipe(Effect.asVoid),

    /**
     * One round of pairing for one game: the active, connected entrants not already at a live rated table,
     * by score, at tables filled with house bots; each table's game is started, then recorded in the ladder
     * stream. `busy` maps the entrants of tables started by this process to their game until the projection
     * shows that game, so they are not paired twice meanwhile. Returns the number of tables started.
     */
    pair: (game: string, start: StartRatedGame, busy: Map<string, string>) =>
      Effect.gen(function* () {
        if (busy.size > 0) {
          const shown = yield* query("reading rated games", () =>
            db
              .selectFrom("proj_ladder_games")
              .select("game_id")
              .where("game_id", "in", [...new Set(busy.values())])
              .execute(),
          )
          const ids = new Set(shown.map((r) => r.game_id))
          for (const [holder, gameId] of busy) if (ids.has(gameId)) busy.delete(holder)
        }
        const rows = yield* entryRows(game)
        const live = yield* query("reading live rated games", () =>
          db
            .selectFrom("proj_ladder_games")
            .select("holders")
            .where("game", "=", game)
            .where("status", "=", "live")
            .execute(),
        )
        const seated = new Set(live.flatMap((r) => jsonOf<ReadonlyArray<string>>(r.holders)))
        const active = rows.filter(
          (r) => r.status === "active" && !seated.has(r.holder) && !busy.has(r.holder),
        )
        const present = yield* presentHolders(active.map((r) => r.holder))
        const free = active
          .filter((r) => present.has(r.holder))
          .map((r) => ({ holder: r.holder, score: ladderScore({ mu: r.mu, sigma: r.sigma }) }))
        if (free.length === 0) return 0
        const at = new Date().toISOString()
        const random = Random.fromKey(`boroughs/ladder/${game}/${at}`)
        const tables = pairLadder(free, settings.tableSize(game), settings.house, (h) => random.shuffle(h))
        const scores = new Map(free.map((f) => [f.holder, f.score]))
        for (const holders of tables) {
          const gameId = `l${randomHex(8)}`
          for (const h of holders) if (!isHouse(h)) busy.set(h, gameId)
          yield* start({ game, gameId, holders, decisionMs: settings.decisionMs })
          yield* append(
            game,
            `table:${gameId}`,
            {
              type: "LadderTableStarted",
              gameId,
              holders,
              ratings: holders.map((h) =>
                isHouse(h) ? ladderScore(HOUSE_RATING) : (scores.get(h) ?? ladderScore(newRating())),
              ),
              at,
            },
            "ladder",
          )
        }
        return tables.length
      }),
  }
}

export class Ladder extends Context.Service<Ladder, ReturnType<typeof makeLadder>>()(
  "@boroughs/engine/Ladder",
) {
  static layer(settings: LadderSettings) {
    return Layer.effect(
      Ladder,
      Effect.map(EventStore, (store) => makeLadder(store, settings)),
    )
  }
}
