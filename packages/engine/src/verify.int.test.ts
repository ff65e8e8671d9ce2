import { type AnyGame, type Bot, botCommand, botRandom, type EventEnvelope } from "@boroughs/core"
import { type BluffDiceState, bluffDice, bluffDiceBots } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { freshPglite } from "@boroughs/store/testing"
import { Effect, Layer } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { GameEngine, type LoadedGame } from "./GameEngine.js"
import * as Streams from "./Streams.js"
import { rechain } from "./testing.js"
import { verifyStream } from "./verify.js"

const games: Record<string, AnyGame> = { "bluff-dice": bluffDice }
const find = (id: string) => games[id]
let stream: EventEnvelope[] = []

// One real game, stored by the engine on PGlite; every case below edits a copy of its export.
beforeAll(async () => {
  const bots: Bot[] = [bluffDiceBots.random, bluffDiceBots.middle, bluffDiceBots.random]
  stream = await Effect.runPromise(
    Effect.gen(function* () {
      const engine = yield* GameEngine
      let { game } = yield* engine.create({
        gameId: "v",
        game: "bluff-dice",
        seats: 3,
        seed: "audit",
        options: { rounds: 2, sides: 6 },
      })
      let n = 0
      const pending = (g: LoadedGame) => bluffDice.pending(g.match.state as BluffDiceState)
      while (!game.match.ended)
        for (const { seat } of pending(game)) {
          if (game.match.ended || !pending(game).some((d) => d.seat === seat)) continue
          const command = botCommand(game.match, seat, bots[seat] as Bot, botRandom("audit", seat))
          game = (yield* engine.handle({ gameId: "v", seat, command, commandId: `v/${n++}` })).game
        }
      return [...(yield* (yield* EventStore).readStream(Streams.game("v")))]
    }).pipe(
      Effect.provide(GameEngine.layer(find, () => ["bluff-dice"]).pipe(Layer.provideMerge(freshPglite()))),
      Effect.scoped,
    ),
  )
})

const edit = (version: number, change: (e: EventEnvelope) => EventEnvelope) =>
  stream.map((e) => (e.version === version ? change(e) : e))
const versionOf = (type: string) => (stream.find((e) => e.type === type) as EventEnvelope).version
const first = (envelopes: EventEnvelope[]) => verifyStream(envelopes, find).problems[0]

describe("verifyStream", () => {
  it("proves an untouched game", () => {
    const r = verifyStream(stream, find)
    expect(r).toMatchObject({ ok: true, ended: true, problems: [], commitmentsChecked: 6 })
    expect(r.commandsReplayed).toBeGreaterThan(6)
  })

  it("a tampered event breaks the chain at its version", () => {
    const v = versionOf("DieRolled")
    expect(first(edit(v, (e) => ({ ...e, data: { ...e.data, roll: 6 } })))).toMatchObject({
      version: v,
      kind: "chain",
    })
  })

  it("a dropped event is named", () => {
    expect(first(stream.filter((e) => e.version !== 5))).toMatchObject({ version: 6, kind: "chain" })
  })

  it("reordered events are named", () => {
    const swapped = [...stream]
    ;[swapped[3], swapped[4]] = [swapped[4] as EventEnvelope, swapped[3] as EventEnvelope]
    expect(first(swapped)).toMatchObject({ version: 5, kind: "chain" })
  })

  it("a forged die roll, re-chained, diverges from the rules at its version", () => {
    const v = versionOf("DieRolled")
    const forged = rechain(
      edit(v, (e) => ({ ...e, data: { ...e.data, roll: ((e.data.roll as number) % 6) + 1 } })),
    )
    expect(first(forged)).toMatchObject({ version: v, kind: "diverged" })
  })

  it("a swapped seed is caught by its commitment", () => {
    const forged = rechain(edit(1, (e) => ({ ...e, data: { ...e.data, seed: "another" } })))
    const problems = verifyStream(forged, find).problems
    expect(problems[0]).toMatchObject({ version: 1, kind: "seed-commitment" })
    expect(problems.some((p) => p.kind === "seed-reveal")).toBe(true)
  })

  it("a vote changed after its commitment is caught: the reveal no longer opens it", () => {
    const v = versionOf("BidsRevealed")
    const forged = rechain(
      edit(v, (e) => {
        const reveals = (e.data.reveals as Array<{ key: string; value: number; salt: string }>).map((r, i) =>
          i === 0 ? { ...r, value: (r.value % 6) + 1 } : r,
        )
        return { ...e, data: { ...e.data, reveals } }
      }),
    )
    const problems = verifyStream(forged, find).problems
    expect(problems).toContainEqual(expect.objectContaining({ version: v, kind: "commitment" }))
    expect(problems).toContainEqual(expect.objectContaining({ version: v, kind: "diverged" }))
  })

  it("a rewritten command in the metadata is refused or diverges at its append", () => {
    const v = stream.find(
      (e) => (e.metadata.command as { type?: string } | undefined)?.type === "CommitBid",
    )!.version
    const forged = rechain(
      edit(v, (e) => ({ ...e, metadata: { ...e.metadata, command: { type: "CommitBid", bid: 99 } } })),
    )
    expect(first(forged)).toMatchObject({ version: v, kind: "refused" })
  })

  it("an event appended by hand after the end is not the rules'", () => {
    const last = stream[stream.length - 1] as EventEnvelope
    const forged = rechain([
      ...stream,
      { ...last, eventId: "x", type: "DieRolled", data: { round: 9, roll: 6 } },
    ])
    expect(first(forged)).toMatchObject({ version: stream.length + 1, kind: "diverged" })
  })
})
