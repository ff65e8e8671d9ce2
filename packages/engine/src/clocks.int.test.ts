import { replay, toEvent } from "@boroughs/core"
import { bluffDice } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { testBackends } from "@boroughs/store/testing"
import { Effect, Fiber, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runClocks } from "./ClockRunner.js"
import { GameEngine } from "./GameEngine.js"
import { whileLeader } from "./Leadership.js"
import type { LiveGames } from "./LiveGames.js"
import type { LiveTail } from "./LiveTail.js"
import * as Streams from "./Streams.js"
import { eventually, liveStack } from "./testkit/liveStack.js"

for (const backend of testBackends({ pollInterval: "100 millis" })) {
  describe(`turn clocks on ${backend.name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<GameEngine | EventStore | LiveGames | LiveTail, unknown>
    beforeAll(() => {
      runtime = ManagedRuntime.make(liveStack(backend.layer))
    })
    afterAll(() => runtime.dispose())

    it("plays the default command for a seat that lets its deadline pass, recorded as the clock's", async () => {
      const clocks = runtime.runFork(Effect.scoped(runClocks({ tickMs: 20 })))
      try {
        await runtime.runPromise(
          Effect.flatMap(GameEngine, (engine) =>
            engine.create({
              gameId: "c1",
              game: "bluff-dice",
              seats: 2,
              seed: "c1",
              time: new Date().toISOString(),
              metadata: { settings: { players: ["bot:a", "bot:b"], decisionMs: 300 } },
            }),
          ),
        )
        const read = () =>
          runtime.runPromise(Effect.flatMap(EventStore, (s) => s.readStream(Streams.game("c1"))))
        const created = (await read()).length
        await eventually(async () => (await read()).some((e) => e.metadata.actor === "clock"), 10_000)
        const events = await read()
        const moves = events.filter((e) => e.metadata.actor === "clock")
        expect(events.length).toBeGreaterThan(created)
        const first = moves[0]!
        expect(first.metadata).toMatchObject({
          commandId: expect.stringMatching(/^clock:c1:\d+:\d$/),
          timeout: { seat: first.metadata.seat },
        })
        // Not before the deadline, which is the decision's start plus decisionMs: read off the record itself,
        // so a loaded machine (a slow create, a late read) cannot make the timing look early or late.
        const timeout = first.metadata.timeout as { since: string; deadline: string }
        expect(Date.parse(timeout.deadline) - Date.parse(timeout.since)).toBe(300)
        expect(Date.parse(first.metadata.time as string)).toBeGreaterThanOrEqual(Date.parse(timeout.deadline))
        // The clock played what the game says a timeout plays, at the position it timed out.
        const before = replay(bluffDice, events.slice(0, first.version - 1).map(toEvent))
        expect(first.metadata.command).toEqual(
          bluffDice.defaultCommand(before.state as never, first.metadata.seat as number),
        )
      } finally {
        await runtime.runPromise(Fiber.interrupt(clocks))
      }
    })

    it(`runs background work on one process at a time${backend.name === "pglite" ? " (trivially: one process)" : ""}`, async () => {
      const running: string[] = []
      const job = (name: string) =>
        Effect.andThen(
          Effect.sync(() => running.push(name)),
          Effect.ensuring(
            Effect.never,
            Effect.sync(() => running.splice(running.indexOf(name), 1)),
          ),
        )
      const a = runtime.runFork(Effect.scoped(Effect.flatMap(EventStore, (s) => whileLeader(s, job("a")))))
      await eventually(() => running.length === 1)
      if (backend.name === "postgres") {
        const b = runtime.runFork(Effect.scoped(Effect.flatMap(EventStore, (s) => whileLeader(s, job("b")))))
        await new Promise((r) => setTimeout(r, 500))
        expect(running).toEqual(["a"])
        await runtime.runPromise(Fiber.interrupt(a))
        // b takes over once a lets go of the lock (it retries every 2 s).
        await eventually(() => running.length === 1 && running[0] === "b", 8_000)
        await runtime.runPromise(Fiber.interrupt(b))
      } else await runtime.runPromise(Fiber.interrupt(a))
      expect(running).toEqual([])
    })
  })
}
