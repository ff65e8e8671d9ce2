import {
  type AnyGame,
  type Bot,
  botCommand,
  type EventEnvelope,
  Random,
  setupProblem,
  type Typed,
  toData,
  toEvent,
} from "@boroughs/core"
import { EventStore, type NewEvent } from "@boroughs/store"
import {
  foldTournament,
  isSpecProblem,
  merkleRoot,
  pairNextRound,
  type RoundState,
  ranksWithForfeits,
  roundComplete,
  roundMessage,
  type TournamentCreated,
  type TournamentSpec,
  type TournamentState,
  tournamentCreated,
} from "@boroughs/tournament"
import { Context, Effect, Layer, Schedule } from "effect"
import { GameEngine } from "../GameEngine.js"
import { type GameSettings, settingsOf } from "../GameSettings.js"
import { houseBotKey, houseTurnOf, type SearchingBot } from "../houseBots/SearchingBot.js"
import { seatControlOf } from "../organiser.js"
import * as Streams from "../Streams.js"
import { TournamentExists, TournamentNotFound, TournamentRejected } from "./errors.js"
import type { RoundSigner } from "./signing.js"

/** A game as a tournament needs it: its rules and the reference bots entrants may be played by. */
export interface TournamentGame {
  readonly game: AnyGame
  readonly bots: Readonly<Record<string, Bot>>
}

export interface TournamentDeps {
  readonly findGame: (id: string) => TournamentGame | undefined
  readonly signer: RoundSigner
  /** The secret seed of a tournament game (the CLI derives it for repeatable runs; the server draws it). */
  readonly seedFor: (gameId: string) => string
  readonly now?: () => string
  /** Called with every envelope the scheduler appends (the server hands them to its live tail). */
  readonly onAppended?: (envelopes: ReadonlyArray<EventEnvelope>) => void
  /**
   * The house bots that search (`ismcts:<budget>`) by name, for a `builtin:` seat no bot of the game's
   * answers to; undefined for a name that is none. Absent: no searching bots.
   */
  readonly searchingBot?: ((name: string) => SearchingBot | undefined) | undefined
}

/** An organiser's action on a tournament itself. */
export type TournamentAction =
  | { readonly type: "PauseTournament" }
  | { readonly type: "ResumeTournament" }
  | { readonly type: "AnnotateTournament"; readonly note: string; readonly version?: number | null }

/** What one scheduler step did. */
export type Step =
  | { readonly did: "paired"; readonly round: number }
  | { readonly did: "recorded"; readonly gameId: string }
  | { readonly did: "sealed"; readonly round: number; readonly merkleRoot: string }
  | { readonly did: "ended" }
  | { readonly did: "nothing"; readonly why: "paused" | "ended" | "playing" | "raced" }

/**
 * Tournaments on the event store (issue 6): each a `tournament-<id>` stream; the scheduler pairs a round,
 * creates its games through the GameEngine, plays the built-in bots' seats, records each result when its game
 * ends, and seals the round with a signed Merkle root of its game heads before pairing the next.
 * Every step re-reads the stream and appends at the version it read, so two schedulers never double a step.
 */
export const makeTournaments = (
  store: EventStore["Service"],
  engine: GameEngine["Service"],
  deps: TournamentDeps,
) => {
  const now = deps.now ?? (() => new Date().toISOString())

  const read = (tournamentId: string) =>
    Effect.gen(function* () {
      const envelopes = yield* store.readStream(Streams.tournament(tournamentId))
      if (envelopes.length === 0) return yield* new TournamentNotFound({ tournamentId })
      return { envelopes, state: foldTournament(envelopes.map(toEvent)) }
    })

  const append = (
    state: TournamentState,
    commandId: string,
    events: ReadonlyArray<Typed>,
    meta: Record<string, unknown>,
  ) =>
    store
      .append({
        streamId: Streams.tournament(state.created.tournamentId),
        streamType: "tournament",
        expectedVersion: state.version,
        commandId,
        events: events.map(
          (e, i): NewEvent => ({ ...toData(e), metadata: i === 0 ? { commandId, ...meta } : { commandId } }),
        ),
      })
      .pipe(Effect.tap((r) => Effect.sync(() => deps.onAppended?.(r.envelopes))))

  const gameOf = (id: string) => {
    const g = deps.findGame(id)
    return g
      ? Effect.succeed(g)
      : Effect.fail(
          new TournamentRejected({ rule: "tournament.game", message: `no game "${id}" is hosted here` }),
        )
  }

  /** Creates a tournament (TournamentCreated); the same request again returns the tournament. */
  const create = (spec: TournamentSpec, stamp: { actor: string; reason?: string }) =>
    Effect.gen(function* () {
      const g = yield* gameOf(spec.game)
      const made = tournamentCreated(
        spec,
        { seats: g.game.seats, bots: Object.keys(g.bots) },
        { ...stamp, at: now() },
      )
      if (isSpecProblem(made)) return yield* new TournamentRejected(made)
      // Every table is `tableSize` (the rest sit out): its games must be able to start with these options.
      const unplayable = setupProblem(g.game, spec.options, spec.tableSize)
      if (unplayable !== null)
        return yield* new TournamentRejected({ rule: unplayable.rule, message: unplayable.message })
      const commandId = `create:${spec.tournamentId}`
      const result = yield* store
        .append({
          streamId: Streams.tournament(spec.tournamentId),
          streamType: "tournament",
          expectedVersion: 0,
          commandId,
          events: [{ ...toData(made), metadata: { commandId, actor: stamp.actor, time: made.at } }],
        })
        .pipe(
          Effect.catchTag("WrongExpectedVersion", () =>
            Effect.fail(new TournamentExists({ tournamentId: spec.tournamentId })),
          ),
          Effect.catchTag("IdempotencyConflict", () =>
            Effect.fail(new TournamentExists({ tournamentId: spec.tournamentId })),
          ),
        )
      deps.onAppended?.(result.envelopes)
      return (yield* read(spec.tournamentId)).state
    })

  const settingsFor = (c: TournamentCreated, entrants: ReadonlyArray<string>): GameSettings => ({
    players: entrants.map((id) => c.entrants.find((e) => e.id === id)?.plays ?? null),
    spectators: c.spectators ?? { mode: "live" },
    decisionMs: c.decisionMs,
    createdBy: `tournament:${c.tournamentId}`,
    // Each seat goes by its entrant's id: the same entrant is followed from game to game under one name.
    names: entrants,
  })

  /** Creates the round's games that do not exist yet (after a crash between pairing and creating). */
  const ensureGames = (s: TournamentState, r: RoundState) =>
    Effect.forEach(
      r.tables,
      (t) =>
        Effect.gen(function* () {
          const exists = yield* store.head(Streams.game(t.gameId))
          if (exists !== null) return
          const created = yield* engine
            .create({
              gameId: t.gameId,
              game: s.created.game,
              ...(s.created.options === null ? {} : { options: s.created.options }),
              seats: t.entrants.length,
              seed: deps.seedFor(t.gameId),
              commandId: `create:${t.gameId}`,
              actor: `tournament:${s.created.tournamentId}`,
              time: now(),
              metadata: {
                settings: settingsFor(s.created, t.entrants),
                tournament: {
                  tournamentId: s.created.tournamentId,
                  round: r.round,
                  table: t.table,
                  entrants: t.entrants,
                },
              },
            })
            .pipe(Effect.catchTag("GameExists", () => Effect.succeed(null)))
          if (created) deps.onAppended?.(created.appended)
        }),
      { discard: true },
    )

  /** One step of the scheduler: the next thing the tournament needs, if anything. */
  const step = (tournamentId: string) =>
    Effect.gen(function* () {
      const { state: s } = yield* read(tournamentId)
      if (s.ended) return { did: "nothing", why: "ended" } satisfies Step
      if (s.paused) return { did: "nothing", why: "paused" } satisfies Step
      const r = s.rounds[s.rounds.length - 1]
      const raced = { did: "nothing", why: "raced" } satisfies Step
      if (r === undefined || (r.sealed !== null && r.round < s.created.rounds)) {
        const p = pairNextRound(s)
        const ok = yield* append(s, `pair:${tournamentId}:${p.round}`, [{ type: "RoundPaired", ...p }], {
          actor: "scheduler",
          time: now(),
        }).pipe(
          Effect.as(true),
          Effect.catchTag("WrongExpectedVersion", () => Effect.succeed(false)),
        )
        if (!ok) return raced
        const after = yield* read(tournamentId)
        yield* ensureGames(after.state, after.state.rounds[after.state.rounds.length - 1] as RoundState)
        return { did: "paired", round: p.round } satisfies Step
      }
      if (r.sealed !== null) {
        const ok = yield* append(
          s,
          `end:${tournamentId}`,
          [{ type: "TournamentEnded", rounds: s.rounds.length } as Typed],
          {
            actor: "scheduler",
            time: now(),
          },
        ).pipe(
          Effect.as(true),
          Effect.catchTag("WrongExpectedVersion", () => Effect.succeed(false)),
        )
        return ok ? ({ did: "ended" } satisfies Step) : raced
      }
      yield* ensureGames(s, r)
      for (const t of r.tables) {
        if (r.results.some((x) => x.gameId === t.gameId)) continue
        const game = yield* engine.load(t.gameId)
        const ended = game.match.ended
        if (ended === null) continue
        const control = seatControlOf(game.envelopes, settingsOf(game.envelopes[0] as EventEnvelope).players)
        const last = game.envelopes[game.envelopes.length - 1] as EventEnvelope
        const ok = yield* append(
          s,
          `result:${t.gameId}`,
          [
            {
              type: "GameResultRecorded",
              round: r.round,
              table: t.table,
              gameId: t.gameId,
              ranks: ranksWithForfeits(ended.ranks, control.forfeited),
              scores: ended.scores,
              reason: ended.reason,
              forfeited: control.forfeited,
              version: last.version,
              head: last.hash,
            } as Typed,
          ],
          { actor: "scheduler", time: now() },
        ).pipe(
          Effect.as(true),
          Effect.catchTag("WrongExpectedVersion", () => Effect.succeed(false)),
        )
        return ok ? ({ did: "recorded", gameId: t.gameId } satisfies Step) : raced
      }
      if (!roundComplete(r)) return { did: "nothing", why: "playing" } satisfies Step
      const leaves = [...r.results]
        .sort((a, b) => a.table - b.table)
        .map((x) => ({ gameId: x.gameId, version: x.version, head: x.head }))
      const root = merkleRoot(leaves)
      const sealed: Typed = {
        type: "RoundSealed",
        round: r.round,
        leaves,
        merkleRoot: root,
        signature: deps.signer.sign(roundMessage(tournamentId, r.round, root)),
        publicKey: deps.signer.publicKey,
        keyId: deps.signer.keyId,
      } as Typed
      const ok = yield* append(s, `seal:${tournamentId}:${r.round}`, [sealed], {
        actor: "scheduler",
        time: now(),
      }).pipe(
        Effect.as(true),
        Effect.catchTag("WrongExpectedVersion", () => Effect.succeed(false)),
      )
      return ok ? ({ did: "sealed", round: r.round, merkleRoot: root } satisfies Step) : raced
    })

  /** Each tournament's pace (it never changes once created), by the `tournament:<id>` that created a game. */
  const paces = new Map<string, number>()
  const paceOf = (createdBy: string) => {
    const tournamentId = createdBy.startsWith("tournament:") ? createdBy.slice("tournament:".length) : null
    if (tournamentId === null) return Effect.succeed(0)
    const known = paces.get(tournamentId)
    if (known !== undefined) return Effect.succeed(known)
    return read(tournamentId).pipe(
      Effect.map(({ state }) => {
        const pace = state.created.paceMs ?? 0
        paces.set(tournamentId, pace)
        return pace
      }),
      Effect.catchTag("TournamentNotFound", () => Effect.succeed(0)),
    )
  }

  /**
   * Plays every seat of a game that the scheduler owns — a built-in bot's, or a forfeited seat's (its default
   * command) — until a seat of a remote holder owes the decision or the game ends. Each move applies only
   * at the version it was chosen for. Returns the number of moves played.
   */
  const playBuiltins = (gameId: string, options: { readonly wait?: boolean } = {}) =>
    Effect.gen(function* () {
      const registered = new Map<string, TournamentGame>()
      let played = 0
      for (;;) {
        const game = yield* engine.load(gameId)
        const { match } = game
        if (match.ended) return played
        const first = game.envelopes[0] as EventEnvelope
        const control = seatControlOf(game.envelopes, settingsOf(first).players)
        if (control.paused) return played
        const def = match.game
        const g = registered.get(def.id) ?? deps.findGame(def.id)
        if (g) registered.set(def.id, g)
        const owed = def.pending(match.state).find(({ seat }) => {
          const holder = control.holders[seat]
          return (
            control.forfeited.includes(seat) || (typeof holder === "string" && holder.startsWith("builtin:"))
          )
        })
        if (owed === undefined) return played
        // A paced tournament's moves wait their turn after the game's previous move, so people can follow it.
        const pace = yield* paceOf(settingsOf(first).createdBy)
        if (pace > 0) {
          // The previous move's time: on the first event of its command (the rest carry only its id).
          let since = 0
          for (let i = game.envelopes.length - 1; i >= 0 && since === 0; i--)
            since = Date.parse(String((game.envelopes[i] as EventEnvelope).metadata.time ?? "")) || 0
          const wait = since + pace - Date.parse(now())
          if (wait > 0) {
            // The scheduler's sweep leaves the wait to the automatic seats, which play each game on its own.
            if (options.wait === false) return played
            yield* Effect.sleep(wait)
            continue
          }
        }
        const { seat } = owed
        const forfeited = control.forfeited.includes(seat)
        const name = (control.holders[seat] ?? "").slice("builtin:".length)
        const bot = g?.bots[name]
        const searcher = forfeited || bot !== undefined ? undefined : deps.searchingBot?.(name)
        const turn = searcher === undefined ? null : houseTurnOf(game, seat, settingsOf(first).decisionMs)
        const command =
          searcher !== undefined && turn !== null
            ? yield* searcher.choose(turn).pipe(
                // A search that fails (its thread died or still loads, the clock ran out first) leaves the
                // seat as a silent holder would: its clock plays the default command, recorded as the
                // clock's. Without a clock the default is played now, or the game would wait for ever.
                Effect.map((chosen): Typed | null => chosen),
                Effect.catch((error) =>
                  Effect.as(
                    Effect.logWarning(`builtin:${name} in ${gameId}, seat ${seat}: ${error.message}`),
                    turn.deadline === null ? def.defaultCommand(match.state, seat) : null,
                  ),
                ),
              )
            : forfeited || bot === undefined
              ? def.defaultCommand(match.state, seat)
              : botCommand(match, seat, bot, Random.fromKey(houseBotKey(gameId, seat, match.events)))
        if (command === null) return played
        const handled = yield* engine
          .handle({
            gameId,
            seat,
            command,
            commandId: `auto:${gameId}:${seat}:${match.events}`,
            actor: forfeited ? "forfeit" : `builtin:${name}`,
            time: now(),
            expectedVersion: match.events,
          })
          .pipe(
            Effect.map((h) => h as { appended: ReadonlyArray<EventEnvelope> } | null),
            Effect.catchTag("StaleVersion", () => Effect.succeed(null)),
          )
        if (handled) {
          deps.onAppended?.(handled.appended)
          played++
        }
      }
    })

  /** One try at an organiser action: decided on the tournament as read, appended at its version. */
  const actAt = (tournamentId: string, action: TournamentAction, stamp: { actor: string; reason: string }) =>
    Effect.gen(function* () {
      const { state: s } = yield* read(tournamentId)
      if (stamp.reason.trim() === "")
        return yield* new TournamentRejected({
          rule: "organiser.reason",
          message: "an organiser action needs a reason",
        })
      const at = now()
      let event: Typed
      if (action.type === "PauseTournament") {
        if (s.ended)
          return yield* new TournamentRejected({
            rule: "tournament.ended",
            message: "the tournament has ended",
          })
        if (s.paused)
          return yield* new TournamentRejected({
            rule: "organiser.already-paused",
            message: "the tournament is already paused",
          })
        event = { type: "TournamentPaused", actor: stamp.actor, at, reason: stamp.reason } as Typed
      } else if (action.type === "ResumeTournament") {
        if (!s.paused)
          return yield* new TournamentRejected({
            rule: "organiser.not-paused",
            message: "the tournament is not paused",
          })
        event = { type: "TournamentResumed", actor: stamp.actor, at, reason: stamp.reason } as Typed
      } else if (action.type === "AnnotateTournament") {
        const version = action.version ?? null
        if (version !== null && (!Number.isInteger(version) || version < 1 || version > s.version))
          return yield* new TournamentRejected({
            rule: "organiser.annotate.version",
            message: `the tournament has versions 1–${s.version}, not ${version}`,
          })
        if (action.note.trim() === "" || action.note.length > 2000)
          return yield* new TournamentRejected({
            rule: "organiser.annotate.note",
            message: "a note is 1–2000 characters",
          })
        event = {
          type: "TournamentAnnotated",
          note: action.note,
          version,
          actor: stamp.actor,
          at,
          reason: stamp.reason,
        } as Typed
      } else
        return yield* new TournamentRejected({
          rule: "organiser.action",
          message: "unknown tournament action",
        })
      yield* append(s, `org:${tournamentId}:${s.version + 1}`, [event], {
        actor: stamp.actor,
        time: at,
        command: { ...action, reason: stamp.reason },
      })
      return (yield* read(tournamentId)).state
    })

  /**
   * Organiser actions on the tournament itself: pause, resume, annotate (events with actor, time, reason).
   * Another writer may append first (the scheduler, another organiser: its event then holds this action's
   * command id, named by version), so the action is read and decided again a bounded number of times.
   */
  const act = (tournamentId: string, action: TournamentAction, stamp: { actor: string; reason: string }) => {
    const raced = () =>
      Effect.fail(
        new TournamentRejected({ rule: "tournament.raced", message: "the tournament moved on; try again" }),
      )
    return actAt(tournamentId, action, stamp).pipe(
      Effect.retry({
        schedule: Schedule.exponential("2 millis").pipe(Schedule.jittered),
        times: 7,
        while: (e) => e._tag === "WrongExpectedVersion" || e._tag === "IdempotencyConflict",
      }),
      Effect.catchTag("WrongExpectedVersion", raced),
      Effect.catchTag("IdempotencyConflict", raced),
    )
  }

  /** Every stream a tournament audit needs (see `tournamentExport`). */
  const exportEnvelopes = (tournamentId: string) => tournamentExport(store, tournamentId)

  /** Ids of every tournament, in id order. */
  const list = Effect.gen(function* () {
    const heads = yield* store.listStreams("tournament", { limit: 1000 })
    return heads.flatMap((h) => Streams.tournamentIdOf(h.streamId) ?? [])
  })

  /**
   * Runs a tournament whose every entrant is a built-in bot to its end, in process: step, play the round's
   * games, step again. `onProgress` hears of each game and round as they finish.
   */
  const runToEnd = (tournamentId: string, onProgress?: (s: Step) => void) =>
    Effect.gen(function* () {
      for (;;) {
        const done = yield* step(tournamentId)
        onProgress?.(done)
        if (done.did === "ended" || (done.did === "nothing" && done.why === "ended")) break
        if (done.did === "nothing" && done.why === "paused")
          return yield* new TournamentRejected({
            rule: "tournament.paused",
            message: "the tournament is paused",
          })
        if (done.did === "nothing" && done.why === "playing") {
          const { state } = yield* read(tournamentId)
          const r = state.rounds[state.rounds.length - 1] as RoundState
          let moves = 0
          for (const t of r.tables) moves += yield* playBuiltins(t.gameId)
          if (moves === 0)
            return yield* new TournamentRejected({
              rule: "tournament.remote-seats",
              message: "the round waits for seats no built-in bot plays",
            })
        }
      }
      return (yield* read(tournamentId)).state
    })

  return { create, read, step, playBuiltins, act, exportEnvelopes, list, runToEnd }
}

/** Every stream a tournament audit needs: the tournament's, then each of its games', in round and table order. */
export const tournamentExport = (store: EventStore["Service"], tournamentId: string) =>
  Effect.gen(function* () {
    const envelopes = yield* store.readStream(Streams.tournament(tournamentId))
    if (envelopes.length === 0) return yield* new TournamentNotFound({ tournamentId })
    const state = foldTournament(envelopes.map(toEvent))
    const out: EventEnvelope[] = [...envelopes]
    for (const r of state.rounds)
      for (const t of r.tables) out.push(...(yield* store.readStream(Streams.game(t.gameId))))
    return out
  })

/** The tournament service's shape. */
/** Tournaments over the store and engine in context, as a service (the server's layer). */
export class Tournaments extends Context.Service<Tournaments, ReturnType<typeof makeTournaments>>()(
  "@boroughs/engine/Tournaments",
) {
  static readonly layer = (deps: TournamentDeps) =>
    Layer.effect(
      Tournaments,
      Effect.gen(function* () {
        return makeTournaments(yield* EventStore, yield* GameEngine, deps)
      }),
    )
}

/** The tournaments service over the store and engine in context. */
export const tournamentsFrom = (deps: TournamentDeps) =>
  Effect.gen(function* () {
    return makeTournaments(yield* EventStore, yield* GameEngine, deps)
  })
