import {
  type AnalysisSettings,
  analyseGame,
  analysisSettingsWithRollouts,
  defaultAnalysisSettings,
  type EventEnvelope,
  findGame,
} from "@boroughs/core"
import { Streams } from "@boroughs/engine"
import { AnalysisReady } from "@boroughs/protocol"
import { Effect, Schema } from "effect"
import { callServer, type Remote } from "./commands/remote.js"
import { CliError } from "./fail.js"
import { progressTo } from "./progress.js"

/** Exit code 2: the game has not ended, so it has no analysis (a verdict on the request, not a failure). */
export const NOT_ENDED_EXIT_CODE = 2

export const gameNotEnded = (gameId: string): CliError =>
  new CliError(
    `game ${gameId} has not ended: analysis is made only once a game has ended`,
    NOT_ENDED_EXIT_CODE,
  )

/**
 * The settings of an analysis made here: the defaults (the server's too, so an analysis it stored is the same
 * one), or with `--rollouts n` the whole budget scaled from the defaults' rollouts a position to `n`: the
 * figures get noisier, the analysis quicker.
 */
export const analysisSettingsFor = (rollouts: number | undefined): AnalysisSettings => {
  if (rollouts === undefined) return defaultAnalysisSettings
  if (!Number.isInteger(rollouts) || rollouts < 1)
    throw new CliError(`--rollouts is a whole number of rollouts a position, at least 1, not ${rollouts}`)
  return analysisSettingsWithRollouts(rollouts)
}

/** The game id of a game's stream (`game-<gameId>`). */
export const gameIdOf = (envelopes: ReadonlyArray<EventEnvelope>): string => {
  const streamId = envelopes[0]?.streamId ?? ""
  return Streams.gameIdOf(streamId) ?? streamId
}

export const hasEnded = (envelopes: ReadonlyArray<EventEnvelope>): boolean =>
  envelopes.some((e) => e.type === "GameEnded")

/** An analysis read from a file or a database, checked against the wire schema. */
export const decodeAnalysis = (value: unknown, from: string): AnalysisReady => {
  try {
    return Schema.decodeUnknownSync(AnalysisReady)(value)
  } catch (e) {
    throw new CliError(`${from}: the analysis is not a valid AnalysisReady: ${(e as Error).message}`)
  }
}

/**
 * A finished game's analysis made in this process with core's `analyseGame` (the rollouts are CPU bound: a
 * bar on stderr counts the positions). A live game is refused with exit code 2.
 */
export const analyseHere = (
  envelopes: ReadonlyArray<EventEnvelope>,
  settings: AnalysisSettings,
): AnalysisReady => {
  const gameId = gameIdOf(envelopes)
  if (!hasEnded(envelopes)) throw gameNotEnded(gameId)
  const kind = envelopes[0]?.data.game
  const registered = typeof kind === "string" ? findGame(kind) : undefined
  if (registered === undefined) throw new CliError(`game ${gameId}: unknown game "${String(kind)}"`)
  const bar = progressTo(`analysing ${gameId} (positions)`)
  const started = performance.now()
  let analysis: ReturnType<typeof analyseGame>
  try {
    analysis = analyseGame(registered.game, registered.bots, envelopes, settings, (done, total) =>
      bar.update(done, total),
    )
  } catch (e) {
    throw new CliError(`cannot analyse game ${gameId}: ${(e as Error).message}`)
  } finally {
    bar.stop()
  }
  return decodeAnalysis(
    {
      status: "ready",
      gameId,
      ...analysis,
      computedAt: new Date().toISOString(),
      elapsedMs: Math.round(performance.now() - started),
    },
    `game ${gameId}`,
  )
}

/** How often to ask again while the server's analysis is queued or running. */
const POLL_INTERVAL = "1 second"

/**
 * A finished game's analysis from the server (`GET /api/games/:id/analysis`), waited for while it is queued or
 * running, with the server's count of positions done as a bar on stderr. A live game: exit code 2.
 */
export const analysisFromServer = async (remote: Remote, gameId: string): Promise<AnalysisReady> => {
  const bar = progressTo(`the server is analysing ${gameId} (positions)`)
  let told = false
  try {
    return await callServer(remote, (client) =>
      Effect.gen(function* () {
        while (true) {
          const answer = yield* client.games.analysis({ params: { gameId } })
          if (answer.status === "ready") return answer
          if (!told) {
            process.stderr.write(
              `boroughs: the server's analysis of ${gameId} is ${answer.status}; waiting\n`,
            )
            told = true
          }
          bar.update(answer.done, answer.total)
          yield* Effect.sleep(POLL_INTERVAL)
        }
      }).pipe(
        Effect.catchTag("Conflict", (conflict) =>
          Effect.fail(conflict.reason === "game-live" ? gameNotEnded(gameId) : conflict),
        ),
      ),
    )
  } finally {
    bar.stop()
  }
}

/** The most events the server gives a page (`GET /api/games/:id/events?limit=`). */
const EVENTS_PAGE = 1_000

/**
 * A game's events as the server shows them to this viewer, page by page, and whether it has ended. Once a game
 * has ended nothing is redacted, so they are the stored envelopes, byte for byte.
 */
export const eventsFromServer = (
  remote: Remote,
  gameId: string,
): Promise<{
  readonly envelopes: ReadonlyArray<EventEnvelope & { readonly redacted: boolean }>
  readonly ended: boolean
}> =>
  callServer(remote, (client) =>
    Effect.gen(function* () {
      const envelopes: Array<EventEnvelope & { readonly redacted: boolean }> = []
      while (true) {
        const page = yield* client.games.events({
          params: { gameId },
          query: { after: envelopes.length, limit: EVENTS_PAGE },
        })
        envelopes.push(...page.events)
        if (page.events.length === 0 || envelopes.length >= page.version)
          return { envelopes, ended: page.ended }
      }
    }),
  )
