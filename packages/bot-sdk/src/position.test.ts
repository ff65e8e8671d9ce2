import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { findGame, replay, seatDecision } from "@boroughs/core"
import { POSITION_FORMAT, type Position } from "@boroughs/protocol"
import { describe, expect, it } from "vitest"
import { defineBot } from "./bot.js"
import { heuristicBot, randomBot } from "./bots/reference.js"
import { playLocal } from "./local.js"
import { readPosition, testPosition } from "./position.js"

/** A played game and the position of one seat's first decision in it, as `boroughs position` would print it. */
const firstDecisionOf = async (seat: number) => {
  const played = await playLocal({ game: "uptown", bots: [heuristicBot], seats: 3, seed: "positions" })
  const first = played.commands.find((c) => c.seat === seat)
  if (first === undefined) throw new Error(`seat ${seat} never played`)
  const game = findGame("uptown")?.game
  if (game === undefined) throw new Error("uptown is not registered")
  const match = replay(game, played.events.slice(0, first.version))
  const position: Position = {
    format: POSITION_FORMAT,
    game: "uptown",
    gameId: "local",
    version: first.version,
    players: 3,
    options: {},
    seat,
    ...seatDecision(match, seat),
    pending: game.pending(match.state).map((d) => d.seat),
  }
  return { position, played: first.command }
}

describe("testPosition", () => {
  it("asks the bot exactly as the game did: its first decision gets the same answer", async () => {
    const { position, played } = await firstDecisionOf(1)
    const result = await testPosition({ position, bot: heuristicBot, seed: "positions" })
    expect(result).toMatchObject({ ok: true, problem: null, command: played, bot: heuristicBot.name })
  })

  it("fails a bot that plays something other than the expected command, or an illegal one", async () => {
    const { position } = await firstDecisionOf(2)
    const other = position.legal[position.legal.length - 1] as { type: string }
    const firstOnly = defineBot({ name: "first", decide: (_view, legal) => legal[0] ?? null })
    const expectLast = await testPosition({ position, bot: firstOnly, expected: other })
    expect(expectLast).toMatchObject({ ok: false, problem: "unexpected", expected: other })
    const cheat = defineBot({ name: "cheat", decide: () => ({ type: "TakeEverything" }) })
    expect(await testPosition({ position, bot: cheat })).toMatchObject({ ok: false, problem: "illegal" })
    const silent = defineBot({ name: "silent", decide: () => null })
    expect(await testPosition({ position, bot: silent })).toMatchObject({ ok: false, problem: "no-answer" })
  })

  it("holds a bot to the clock when given one", async () => {
    const { position } = await firstDecisionOf(0)
    const slow = defineBot({
      name: "slow",
      decide: (_view, legal, ctx) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => resolve(legal[0] ?? null), 5_000)
          ctx.signal.addEventListener("abort", () => clearTimeout(timer))
        }),
    })
    expect(await testPosition({ position, bot: slow, decisionMs: 20 })).toMatchObject({
      ok: false,
      problem: "timeout",
    })
  })

  it("refuses a position where the seat owes nothing", async () => {
    const { position } = await firstDecisionOf(0)
    const idle = { ...position, decision: null, legal: [] }
    await expect(testPosition({ position: idle, bot: randomBot })).rejects.toThrow(/owes no decision/)
  })
})

describe("readPosition", () => {
  it("reads what it is given back, and names the field that is wrong", async () => {
    const { position } = await firstDecisionOf(1)
    expect(readPosition(JSON.stringify(position))).toEqual(position)
    expect(() => readPosition("{")).toThrow(/a position is JSON/)
    expect(() => readPosition(JSON.stringify({ ...position, format: "other" }))).toThrow(/format/)
    const { seat: _, ...seatless } = position
    expect(() => readPosition(JSON.stringify(seatless))).toThrow(/seat/)
  })
})

describe("boroughs-bot test --position", () => {
  const packageDir = resolve(import.meta.dirname, "..")
  const run = (args: string[]) =>
    promisify(execFile)(
      resolve(packageDir, "node_modules/.bin/tsx"),
      [resolve(packageDir, "src/cli.ts"), ...args],
      {
        cwd: resolve(packageDir, "../.."),
      },
    ).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    )

  it("runs a stdio program or a named bot on a position file; exit 1 when the answer is not the expected one", async () => {
    const { position, played } = await firstDecisionOf(1)
    const file = join(mkdtempSync(join(tmpdir(), "boroughs-position-")), "p.json")
    writeFileSync(file, JSON.stringify(position))
    const python = await run(["test", "--position", file, "--", "python3", "examples/python-bot/bot.py"])
    expect(python.code).toBe(0)
    const answer = JSON.parse(python.stdout)
    expect(answer).toMatchObject({ ok: true, bot: "stdio:python-example" })
    expect(position.legal).toContainEqual(answer.command)
    const heuristicExpecting = (command: unknown) =>
      run([
        "test",
        "--position",
        file,
        "--bot",
        "heuristic",
        "--seed",
        "positions",
        "--expect",
        JSON.stringify(command),
      ])
    const pinned = await heuristicExpecting(played)
    expect(pinned.code).toBe(0)
    const wrong = position.legal.find((c) => JSON.stringify(c) !== JSON.stringify(played))
    const missed = await heuristicExpecting(wrong)
    expect(missed.code).toBe(1)
    expect(JSON.parse(missed.stdout)).toMatchObject({ ok: false, problem: "unexpected" })
    const neither = await run(["test", "--position", file])
    expect(neither.code).toBe(2)
    expect(neither.stderr).toMatch(/either --bot <name> or a bot program/)
  }, 60_000)
})
