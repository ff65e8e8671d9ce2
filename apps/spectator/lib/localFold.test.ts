import {
  type AnyGame,
  botCommand,
  botRandom,
  findGame,
  type Match,
  play,
  seatDecision,
  start,
  type Typed,
  toData,
  viewOf,
} from "@boroughs/core"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type FoldableEnvelope, foldEndedGame, type LocalPositions } from "./localFold"

/**
 * A whole game played command by command with the shipped bots, as the server plays it: the events as
 * envelopes (through JSON, as they arrive in a browser), and the match the rules reached after each command.
 */
const playedGame = (id: string, seats: number, seed: string) => {
  const registered = findGame(id)
  if (registered === undefined) throw new Error(`no game ${id}`)
  const game: AnyGame = registered.game
  const bot = Object.values(registered.bots)[0]
  if (bot === undefined) throw new Error(`${id} ships no bot`)
  const started = start(game, undefined, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  let match: Match = started.success.match
  const events: Typed[] = [...started.success.events]
  const reached = new Map<number, Match>([[match.events, match]])
  const randoms = Array.from({ length: seats }, (_, seat) => botRandom(seed, seat))
  for (let n = 0; match.ended === null; n++) {
    if (n > 20_000) throw new Error(`${id} did not end`)
    const seat = (game.pending(match.state)[0] as { seat: number }).seat
    const played = play(match, seat, botCommand(match, seat, bot, randoms[seat] as never))
    if (Result.isFailure(played)) throw new Error(played.failure.message)
    match = played.success.match
    events.push(...played.success.events)
    reached.set(match.events, match)
  }
  const envelopes: FoldableEnvelope[] = JSON.parse(
    JSON.stringify(events.map((e, i) => ({ version: i + 1, ...toData(e), redacted: false }))),
  )
  return { game, envelopes, reached }
}

/** What the server's `view?at=` answers for an ended game (apps/server/src/routes/viewAt.ts), as JSON. */
const serverView = (match: Match, seat: number | null): unknown =>
  JSON.parse(
    JSON.stringify(
      seat === null ? match.game.view(match.state, { kind: "organiser" }) : seatDecision(match, seat).view,
    ),
  )

/** The rules of a game by id, as the page of that game holds them. */
const rulesOf = (id: string): AnyGame => (findGame(id) as { game: AnyGame }).game

const folded = (envelopes: ReadonlyArray<FoldableEnvelope>, seats: number, id: string): LocalPositions => {
  const result = foldEndedGame(envelopes, seats, rulesOf(id))
  if (!result.ok) throw new Error(result.problem)
  return result.positions
}

describe("folding an ended game in the browser", () => {
  for (const [id, seats] of [
    ["downtown", 4],
    ["suburbia", 3],
    ["manhattan", 2],
  ] as const) {
    it(`${id}: every position, whole and as each seat, equals the server's view?at=`, () => {
      const { envelopes, reached } = playedGame(id, seats, `local-fold-${id}`)
      const positions = folded(envelopes, seats, id)
      expect(positions.last).toBe(envelopes.length)
      // Out of order, as a scrubber jumps: a fold that leaked state between positions would show here.
      const versions = [...reached.keys()].sort((a, b) => ((a * 7919) % 101) - ((b * 7919) % 101))
      for (const version of versions) {
        const match = reached.get(version) as Match
        expect(positions.viewAt(version, null)).toEqual(serverView(match, null))
        for (let seat = 0; seat < seats; seat++)
          expect(positions.viewAt(version, seat)).toEqual(serverView(match, seat))
      }
      // Byte for byte, as the board receives it.
      const mid = versions[Math.floor(versions.length / 2)] as number
      expect(JSON.stringify(positions.viewAt(mid, 1))).toBe(
        JSON.stringify(serverView(reached.get(mid) as Match, 1)),
      )
    })
  }

  it("a seat sees only its own secrets before the end, and everything at the end", () => {
    const { envelopes, reached } = playedGame("downtown", 4, "local-fold-secrets")
    const positions = folded(envelopes, 4, "downtown")
    const mid = [...reached.keys()][Math.floor(reached.size / 2)] as number
    const match = reached.get(mid) as Match
    expect(positions.viewAt(mid, 0)).toEqual(
      JSON.parse(JSON.stringify(viewOf(match, { kind: "seat", seat: 0 }))),
    )
    expect(positions.viewAt(mid, 0)).not.toEqual(positions.viewAt(mid, null))
    expect(positions.viewAt(positions.last, 2)).toEqual(positions.viewAt(positions.last, null))
  })

  it("refuses what it cannot fold faithfully, saying why", () => {
    const { envelopes } = playedGame("downtown", 4, "local-fold-refusals")
    const problem = (es: ReadonlyArray<FoldableEnvelope>) => {
      const r = foldEndedGame(es, 4, rulesOf("downtown"))
      return r.ok ? null : r.problem
    }
    expect(problem(envelopes.slice(0, -1))).toMatch(/not over/)
    expect(problem(envelopes.slice(1))).toMatch(/GameStarted/)
    expect(problem([])).toMatch(/GameStarted/)
    expect(problem(envelopes.filter((e) => e.version !== 5))).toMatch(/gap/)
    expect(problem(envelopes.map((e) => (e.version === 7 ? { ...e, redacted: true } : e)))).toMatch(
      /event 7 is redacted/,
    )
    const started = envelopes[0] as FoldableEnvelope
    const unknown = [{ ...started, data: { ...started.data, game: "chess" } }, ...envelopes.slice(1)]
    expect(problem(unknown)).toMatch(/"chess"/)
    const positions = folded(envelopes, 4, "downtown")
    expect(() => positions.viewAt(0, null)).toThrow(/not one of/)
    expect(() => positions.viewAt(positions.last + 1, null)).toThrow(/not one of/)
    expect(() => positions.viewAt(1, 4)).toThrow(/seat 4/)
  })
})
