import {
  type AnyGame,
  adjudicate,
  apply,
  canonicalJson,
  type EventEnvelope,
  type GameStarted,
  type Match,
  play,
  type Seat,
  start,
  type Typed,
  toData,
  toEvent,
} from "@boroughs/core"
import {
  EventStore,
  IdempotencyConflict,
  type NewEvent,
  type StoreError,
  WrongExpectedVersion,
} from "@boroughs/store"
import { Context, Duration, Effect, Layer, Random, Result, Schema } from "effect"
import { CommandRejected, ContentionExhausted, GameExists, GameNotFound, UnknownGame } from "./errors.js"
import { settingsOf } from "./GameSettings.js"
import { type AppendMetadata, metadataFor } from "./internal/appends.js"
import { BoundedMap } from "./internal/BoundedMap.js"
import { type OrganiserAction, organiserEventFor, seatControlOf } from "./organiser.js"
import { StaleVersion } from "./StaleVersion.js"
import * as Streams from "./Streams.js"

/**
 * A game as the engine holds it: the folded match and its envelopes. `envelopes` always gives exactly
 * `match.events` envelopes, yet the array it gives may be the cache's own, which later commands grow in
 * place (copying it on every command cost the whole game's length each time): copy it to keep it.
 */
export interface LoadedGame {
  readonly gameId: string
  readonly streamId: string
  readonly match: Match
  readonly envelopes: ReadonlyArray<EventEnvelope>
}

export interface CreateGame {
  readonly gameId: string
  readonly game: string
  readonly options?: unknown
  readonly seats: number
  /** Secret; committed in GameStarted, revealed in GameEnded. */
  readonly seed: string
  readonly commandId?: string
  readonly actor?: string
  readonly time?: string
  /** More fields for the first event's metadata (the server records a game's settings here). */
  readonly metadata?: Readonly<Record<string, unknown>>
}

export interface HandleCommand {
  readonly gameId: string
  readonly seat: Seat
  readonly command: unknown
  readonly commandId: string
  readonly actor?: string
  readonly time?: string
  /** When set, the command only applies at this stream version: otherwise StaleVersion, never retried. */
  readonly expectedVersion?: number
  /** More fields for the first event's metadata (a clock records the deadline it enforced). */
  readonly metadata?: Readonly<Record<string, unknown>>
}

/** An organiser's action on a game (issue 6): recorded with actor, time and reason, never edited in place. */
export interface OrganiserActInput {
  readonly gameId: string
  readonly action: OrganiserAction
  /** `organiser:<name>`. */
  readonly actor: string
  readonly reason: string
  readonly time: string
  readonly commandId: string
  readonly expectedVersion?: number
}

export interface Handled {
  readonly game: LoadedGame
  /** The envelopes this command appended (or had appended, for a retried command). */
  readonly appended: ReadonlyArray<EventEnvelope>
  readonly duplicate: boolean
}

/** A value's canonical JSON as the store keeps it (a JSON round trip drops what JSON cannot hold). */
const storedForm = (value: unknown): string => canonicalJson(JSON.parse(JSON.stringify(value ?? null)))

/**
 * Whether a stored append was caused by the same seat and command (compared canonically: key order does not
 * matter). A command id names one command: sent again it is that command's answer; sent with another
 * payload it is refused, never answered with the first command's events as if the second had been played.
 */
const sameCause = (
  stored: ReadonlyArray<EventEnvelope>,
  seat: number | undefined,
  command: unknown,
): boolean => {
  const cause = stored[0]?.metadata
  return cause !== undefined && cause.seat === seat && storedForm(cause.command) === storedForm(command)
}

const commandIdReused = (commandId: string) =>
  new CommandRejected({
    rule: "kernel.command.id-reused",
    message: `command id ${commandId} was already used for another command; a new command needs a new id`,
  })

interface Cached {
  game: LoadedGame
  /** Every envelope read or appended so far, in version order; grown in place (shared with `game`). */
  log: EventEnvelope[]
  /** commandId → [first index, last index] into envelopes. */
  commands: Map<string, [number, number]>
  /** Whether an organiser paused the game (the last GamePaused has no GameResumed after it). */
  paused: boolean
}

const MAX_CACHED_GAMES = 2_000

/**
 * A game whose `envelopes` are the first `events` of a log the cache grows in place (see LoadedGame). A class,
 * so a command allocates one plain instance: an object literal with its own getter is built the slow way.
 */
class CachedGame implements LoadedGame {
  readonly #log: ReadonlyArray<EventEnvelope>
  readonly #events: number
  constructor(
    readonly gameId: string,
    readonly streamId: string,
    readonly match: Match,
    log: ReadonlyArray<EventEnvelope>,
  ) {
    this.#log = log
    this.#events = log.length
  }
  // Cut to this value's length only once a later command has grown the shared log.
  get envelopes(): ReadonlyArray<EventEnvelope> {
    return this.#log.length === this.#events ? this.#log : this.#log.slice(0, this.#events)
  }
}

/** Each game's command decoder, built once: building it costs more than decoding a command. */
const decoders = new WeakMap<AnyGame, (input: unknown) => Result.Result<unknown, Schema.SchemaError>>()
const commandDecoder = (game: AnyGame) => {
  let decode = decoders.get(game)
  if (decode === undefined) {
    decode = Schema.decodeUnknownResult(game.schemas.command)
    decoders.set(game, decode)
  }
  return decode
}

/** How many times a command is decided before a lasting version conflict is reported as contention. */
const ATTEMPTS = 8

/** The wait before the n-th retry after a version conflict: 2 ms doubling each time, jittered ±20%. */
const conflictBackoff = (retry: number) =>
  Effect.flatMap(Random.nextBetween(0.8, 1.2), (jitter) =>
    Effect.sleep(Duration.millis(2 * 2 ** (retry - 1) * jitter)),
  )

/** Runs games on the store: create, command handling with retry and idempotency, loading (ARCHITECTURE.md §3–4). */
export class GameEngine extends Context.Service<
  GameEngine,
  {
    readonly create: (
      input: CreateGame,
    ) => Effect.Effect<Handled, UnknownGame | CommandRejected | GameExists | StoreError>
    readonly handle: (
      input: HandleCommand,
    ) => Effect.Effect<
      Handled,
      GameNotFound | UnknownGame | CommandRejected | ContentionExhausted | StaleVersion | StoreError
    >
    readonly load: (gameId: string) => Effect.Effect<LoadedGame, GameNotFound | UnknownGame | StoreError>
    /** An organiser's action (adjudicate, forfeit, replace, pause, resume, annotate) as an event. */
    readonly act: (
      input: OrganiserActInput,
    ) => Effect.Effect<
      Handled,
      GameNotFound | UnknownGame | CommandRejected | ContentionExhausted | StaleVersion | StoreError
    >
  }
>()("@boroughs/engine/GameEngine") {
  /** The engine over an EventStore, with games looked up by id. */
  static layer(findGame: (id: string) => AnyGame | undefined, known: () => ReadonlyArray<string>) {
    return Layer.effect(
      GameEngine,
      Effect.gen(function* () {
        const store = yield* EventStore
        const cache = new BoundedMap<string, Cached>(MAX_CACHED_GAMES)
        const gameOf = (id: string) => {
          const g = findGame(id)
          return g ? Effect.succeed(g) : Effect.fail(new UnknownGame({ game: id, known: known() }))
        }

        const remember = (gameId: string, c: Cached) => void cache.set(gameId, c)

        /** Indexes commands from `from` on; returns whether the game is paused after them. */
        const index = (
          commands: Map<string, [number, number]>,
          envelopes: ReadonlyArray<EventEnvelope>,
          from: number,
          paused: boolean,
        ): boolean => {
          for (let i = from; i < envelopes.length; i++) {
            const type = (envelopes[i] as EventEnvelope).type
            if (type === "GamePaused") paused = true
            else if (type === "GameResumed") paused = false
            const id = (envelopes[i] as EventEnvelope).metadata.commandId
            if (typeof id !== "string") continue
            const range = commands.get(id)
            if (range) range[1] = i
            else commands.set(id, [i, i])
          }
          return paused
        }

        /** The cached game with the events read after it folded in, or the game folded from its first event. */
        const folded = (
          gameId: string,
          hit: Cached | undefined,
          fresh: ReadonlyArray<EventEnvelope>,
        ): Cached | GameNotFound | UnknownGame => {
          if (fresh.length === 0) return hit ?? new GameNotFound({ gameId })
          let match: Match
          let envelopes: EventEnvelope[]
          let from = 0
          const base = hit ? hit.game.match.events : 0
          if (hit) {
            match = hit.game.match
            // Grown in place only if no other load or append grew it while this one read: loads of one game
            // may run side by side, and each would push the same events onto the shared log.
            envelopes = hit.log.length === base ? hit.log : hit.log.slice(0, base)
          } else {
            const first = toEvent(fresh[0] as EventEnvelope) as GameStarted
            const def = findGame(first.game)
            if (def === undefined) return new UnknownGame({ game: first.game, known: known() })
            match = { game: def, state: def.initial(first), seed: first.seed, ended: null, events: 1 }
            envelopes = [fresh[0] as EventEnvelope]
            from = 1
          }
          for (let i = from; i < fresh.length; i++) {
            const e = fresh[i] as EventEnvelope
            match = apply(match, toEvent(e))
            envelopes.push(e)
          }
          const commands = hit ? hit.commands : new Map<string, [number, number]>()
          const paused = index(commands, envelopes, base, hit?.paused ?? false)
          const c: Cached = {
            game: new CachedGame(gameId, Streams.game(gameId), match, envelopes),
            log: envelopes,
            commands,
            paused,
          }
          remember(gameId, c)
          return c
        }

        // The command path is plain effect chains, untraced: a traced step, or a generator per step, costs
        // about as much as the rules' whole command.
        /**
         * Loads a game, reading only the events after what the cache already holds, and goes on with `then`:
         * one store call and one step, however the game was found.
         */
        const withLoaded = <A, E>(
          gameId: string,
          then: (c: Cached) => Effect.Effect<A, E>,
        ): Effect.Effect<A, E | GameNotFound | UnknownGame | StoreError> =>
          // Looked up when run, not when built: an effect run again, or later, sees the cache as it is then.
          Effect.suspend(() => {
            const hit = cache.get(gameId)
            return Effect.flatMap(
              store.readStream(hit ? hit.game.streamId : Streams.game(gameId), {
                from: (hit ? hit.game.match.events : 0) + 1,
              }),
              (fresh): Effect.Effect<A, E | GameNotFound | UnknownGame> => {
                const c = folded(gameId, hit, fresh)
                return c instanceof GameNotFound || c instanceof UnknownGame ? Effect.fail(c) : then(c)
              },
            )
          })

        const loadCached = (gameId: string) => withLoaded(gameId, (c) => Effect.succeed(c))

        const stored = (c: Cached, commandId: string): EventEnvelope[] | null => {
          const range = c.commands.get(commandId)
          return range ? c.log.slice(range[0], range[1] + 1) : null
        }

        const toNew = (
          events: ReadonlyArray<Typed>,
          cause: AppendMetadata,
          extra?: Readonly<Record<string, unknown>>,
        ): NewEvent[] =>
          events.map((e, i) => {
            const { type, data } = toData(e)
            // Extra fields never override what the engine records about the cause.
            const metadata = i === 0 && extra ? { ...extra, ...metadataFor(cause, i) } : metadataFor(cause, i)
            return { type, data, metadata }
          })

        const afterAppend = (
          c: Cached | undefined,
          gameId: string,
          streamId: string,
          match: Match,
          appended: ReadonlyArray<EventEnvelope>,
        ) => {
          // The append was accepted at the version `c` was folded to, so its log ends there: grow it in place.
          const envelopes =
            c === undefined
              ? [...appended]
              : c.log.length === c.game.match.events
                ? c.log
                : c.log.slice(0, c.game.match.events)
          if (c !== undefined) for (const e of appended) envelopes.push(e)
          const commands = c?.commands ?? new Map<string, [number, number]>()
          const paused = index(commands, envelopes, envelopes.length - appended.length, c?.paused ?? false)
          const next: Cached = {
            game: new CachedGame(gameId, streamId, match, envelopes),
            log: envelopes,
            commands,
            paused,
          }
          remember(gameId, next)
          return next.game
        }

        const create = Effect.fnUntraced(function* (input: CreateGame) {
          const def = yield* gameOf(input.game)
          // The kernel decodes the options with the game's schema and checks the seat count.
          const started = start(def, input.options, input.seats, input.seed)
          if (Result.isFailure(started))
            return yield* Effect.fail(
              new CommandRejected({ rule: started.failure.rule, message: started.failure.message }),
            )
          const options = (started.success.events[0] as GameStarted).options
          const streamId = Streams.game(input.gameId)
          const commandId = input.commandId ?? `${input.gameId}/create`
          const cause: AppendMetadata = {
            commandId,
            command: { type: "CreateGame", game: def.id, options, seats: input.seats } as Typed,
            actor: input.actor ?? "system",
            ...(input.time ? { time: input.time } : {}),
          }
          const result = yield* store
            .append({
              streamId,
              streamType: "game",
              expectedVersion: 0,
              commandId,
              events: toNew(started.success.events, cause, input.metadata),
            })
            .pipe(
              Effect.catchTag("WrongExpectedVersion", () =>
                Effect.fail(new GameExists({ gameId: input.gameId })),
              ),
            )
          if (result.duplicate) {
            const c = yield* loadCached(input.gameId).pipe(
              Effect.catchTag("GameNotFound", (e) => Effect.die(e)),
            )
            return { game: c.game, appended: result.envelopes, duplicate: true }
          }
          cache.delete(input.gameId)
          const game = afterAppend(undefined, input.gameId, streamId, started.success.match, result.envelopes)
          return { game, appended: result.envelopes, duplicate: false }
        })

        type Attempted = Effect.Effect<
          Handled,
          | GameNotFound
          | UnknownGame
          | CommandRejected
          | StaleVersion
          | StoreError
          | WrongExpectedVersion
          | IdempotencyConflict
        >

        /** Decides a command on the loaded game and appends its events: one store call past the checks. */
        const decideAndAppend = (c: Cached, input: HandleCommand): Attempted => {
          const def = c.game.match.game
          const decoded = commandDecoder(def)(input.command)
          const done = stored(c, input.commandId)
          if (done) {
            if (Result.isFailure(decoded) || !sameCause(done, input.seat, decoded.success))
              return Effect.fail(commandIdReused(input.commandId))
            return Effect.succeed({ game: c.game, appended: done, duplicate: true })
          }
          if (input.expectedVersion !== undefined && input.expectedVersion !== c.game.match.events)
            return Effect.fail(
              new StaleVersion({
                gameId: input.gameId,
                expectedVersion: input.expectedVersion,
                actualVersion: c.game.match.events,
              }),
            )
          if (c.paused && !c.game.match.ended)
            return Effect.fail(
              new CommandRejected({ rule: "organiser.game-paused", message: "an organiser paused the game" }),
            )
          if (Result.isFailure(decoded))
            return Effect.fail(
              new CommandRejected({
                rule: "kernel.command.malformed",
                message: `not a ${def.id} command: ${decoded.failure.message}`,
              }),
            )
          const played = play(c.game.match, input.seat, decoded.success as Typed)
          if (Result.isFailure(played))
            return Effect.fail(
              new CommandRejected({ rule: played.failure.rule, message: played.failure.message }),
            )
          const cause: AppendMetadata = {
            commandId: input.commandId,
            seat: input.seat,
            command: decoded.success as Typed,
            actor: input.actor ?? `seat:${input.seat}`,
            ...(input.time ? { time: input.time } : {}),
          }
          const appending = store.append({
            streamId: c.game.streamId,
            streamType: "game",
            expectedVersion: c.game.match.events,
            commandId: input.commandId,
            events: toNew(played.success.events, cause, input.metadata),
          })
          return Effect.flatMap(appending, (result): Attempted => {
            if (result.duplicate) {
              // A racing request with the same id appended first: the same events, yet maybe not the same command.
              if (!sameCause(result.envelopes, input.seat, cause.command))
                return Effect.fail(commandIdReused(input.commandId))
              return Effect.succeed({ game: c.game, appended: result.envelopes, duplicate: true })
            }
            const game = afterAppend(c, input.gameId, c.game.streamId, played.success.match, result.envelopes)
            return Effect.succeed({ game, appended: result.envelopes, duplicate: false })
          })
        }

        const attempt = (input: HandleCommand) => withLoaded(input.gameId, (c) => decideAndAppend(c, input))

        const actAttempt = Effect.fnUntraced(function* (input: OrganiserActInput) {
          const c = yield* loadCached(input.gameId)
          const command: Typed & { readonly reason: string } = { ...input.action, reason: input.reason }
          const done = stored(c, input.commandId)
          if (done) {
            if (!sameCause(done, undefined, command))
              return yield* Effect.fail(commandIdReused(input.commandId))
            return { game: c.game, appended: done, duplicate: true } satisfies Handled
          }
          const { match } = c.game
          if (input.expectedVersion !== undefined && input.expectedVersion !== match.events)
            return yield* Effect.fail(
              new StaleVersion({
                gameId: input.gameId,
                expectedVersion: input.expectedVersion,
                actualVersion: match.events,
              }),
            )
          const stamp = { actor: input.actor, at: input.time, reason: input.reason }
          let events: Typed[]
          let next: Match
          if (input.action.type === "Adjudicate") {
            const seats = ((c.log[0] as EventEnvelope).data as { seats: number }).seats
            const adj = adjudicate(match, { ranks: input.action.ranks, scores: input.action.scores }, seats)
            if (Result.isFailure(adj))
              return yield* Effect.fail(
                new CommandRejected({ rule: adj.failure.rule, message: adj.failure.message }),
              )
            events = [adj.success.event]
            next = adj.success.match
          } else {
            const holders = settingsOf(c.log[0] as EventEnvelope).players
            const made = organiserEventFor(
              match,
              seatControlOf(c.game.envelopes, holders),
              input.action,
              stamp,
            )
            if (Result.isFailure(made))
              return yield* Effect.fail(
                new CommandRejected({ rule: made.failure.rule, message: made.failure.message }),
              )
            events = [made.success]
            next = apply(match, made.success)
          }
          const cause: AppendMetadata = {
            commandId: input.commandId,
            command,
            actor: input.actor,
            time: input.time,
          }
          const result = yield* store.append({
            streamId: c.game.streamId,
            streamType: "game",
            expectedVersion: match.events,
            commandId: input.commandId,
            events: toNew(events, cause),
          })
          if (result.duplicate) {
            if (!sameCause(result.envelopes, undefined, command))
              return yield* Effect.fail(commandIdReused(input.commandId))
            return { game: c.game, appended: result.envelopes, duplicate: true } satisfies Handled
          }
          const game = afterAppend(c, input.gameId, c.game.streamId, next, result.envelopes)
          return { game, appended: result.envelopes, duplicate: false } satisfies Handled
        })

        /**
         * Runs a command's attempts. A version conflict (another writer won the race) forgets the cached game
         * and decides again after a backoff, up to ATTEMPTS in all, then is contention. A command id the store
         * holds for other events is refused as reused, whichever request got there first. One catch per
         * attempt: nothing is built for a retry until a conflict happens.
         */
        const settled = <A, E, R>(
          gameId: string,
          commandId: string,
          run: () => Effect.Effect<A, E | WrongExpectedVersion | IdempotencyConflict, R>,
        ) => {
          type Settled = Effect.Effect<
            A,
            Exclude<E, WrongExpectedVersion | IdempotencyConflict> | ContentionExhausted | CommandRejected,
            R
          >
          const from = (attempt: number): Settled =>
            Effect.catch(run(), (e): Settled => {
              if (e instanceof WrongExpectedVersion) {
                cache.delete(gameId)
                return attempt >= ATTEMPTS
                  ? Effect.fail(new ContentionExhausted({ gameId, attempts: ATTEMPTS }))
                  : Effect.andThen(conflictBackoff(attempt), () => from(attempt + 1))
              }
              if (e instanceof IdempotencyConflict) return Effect.fail(commandIdReused(commandId))
              return Effect.fail(e as Exclude<E, WrongExpectedVersion | IdempotencyConflict>)
            })
          return from(1)
        }

        const act = (input: OrganiserActInput) =>
          settled(input.gameId, input.commandId, () => actAttempt(input)).pipe(
            Effect.withSpan("GameEngine.act"),
          )

        // No span: with no tracer installed one still costs more than the rules' whole command (~4 µs).
        const handle = (input: HandleCommand) => settled(input.gameId, input.commandId, () => attempt(input))

        return {
          create: (input) =>
            create(input).pipe(
              Effect.catchTag("IdempotencyConflict", (e) =>
                Effect.fail(new CommandRejected({ rule: "kernel.command.id-reused", message: e.message })),
              ),
            ),
          handle,
          act,
          load: (gameId) => loadCached(gameId).pipe(Effect.map((c) => c.game)),
        }
      }),
    )
  }
}
