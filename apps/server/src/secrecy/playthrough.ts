import {
  type AnyGame,
  type Bot,
  botCommand,
  botRandom,
  type EventEnvelope,
  owes,
  play,
  start,
  type Typed,
  toData,
} from "@boroughs/core"
import { foldLive, type LiveGame, Streams, startLive } from "@boroughs/engine"
import { Result } from "effect"

/** One append as the server stores and sends it, and the live game right after it. */
export interface PlayedAppend {
  readonly envelopes: ReadonlyArray<EventEnvelope>
  readonly live: LiveGame
}

/**
 * Plays a game with bots and yields each append as envelopes with the metadata the server records, and
 * the live game the server would hold after it (folded by the engine's own `foldLive`). Test support.
 */
export function* playthrough(
  game: AnyGame,
  bots: ReadonlyArray<Bot>,
  seed: string,
  options?: unknown,
): Generator<PlayedAppend> {
  const started = start(game, options, bots.length, seed)
  if (Result.isFailure(started)) throw new Error(`${started.failure.rule}: ${started.failure.message}`)
  let match = started.success.match
  let version = 0
  const seal = (events: ReadonlyArray<Typed>, cause: Record<string, unknown>): EventEnvelope[] =>
    events.map((event, i) => {
      const { type, data } = toData(event)
      version++
      return {
        streamId: Streams.game("scan"),
        version,
        eventId: `e${version}`,
        type,
        schemaVersion: 1,
        data,
        metadata: i === 0 ? cause : { commandId: cause.commandId },
        prevHash: "-",
        hash: "-",
      }
    })
  const time = "2025-01-01T00:00:00.000Z"
  const opening = seal(started.success.events, { commandId: "create", actor: "organiser:admin", time })
  let live = foldLive(startLive(opening[0] as EventEnvelope, () => game) as LiveGame, opening)
  yield { envelopes: opening, live }
  const randoms = bots.map((_, seat) => botRandom(seed, seat))
  for (let n = 0; !match.ended; n++) {
    if (n > 20_000) throw new Error(`${game.id}: no end after ${n} commands`)
    const seat = game.pending(match.state).find((d: { seat: number }) => owes(match, d.seat))?.seat as number
    const command = botCommand(match, seat, bots[seat] as Bot, randoms[seat] as ReturnType<typeof botRandom>)
    const result = play(match, seat, command)
    if (Result.isFailure(result)) throw new Error(`${result.failure.rule}: ${result.failure.message}`)
    match = result.success.match
    const envelopes = seal(result.success.events, {
      commandId: `cmd:scan:${seat}:${n}`,
      seat,
      command,
      actor: `bot:${bots[seat]?.name}`,
      time,
    })
    live = foldLive(live, envelopes)
    yield { envelopes, live }
  }
}
