import { execFile } from "node:child_process"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { canonicalJson, type Typed } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { type AnyBot, defineBot } from "./bot.js"
import { botsByName } from "./botModule.js"
import { type DecisionObservation, type EnvReply, makeEnv, serveEnv, winShares } from "./env.js"
import { playLocal } from "./local.js"

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
const packageDir = resolve(here, "..")
const tsx = resolve(packageDir, "node_modules/.bin/tsx")
const cli = resolve(packageDir, "src/cli.ts")

const decision = (reply: EnvReply): DecisionObservation => {
  if (reply.type !== "observation" || reply.done) throw new Error(`not a decision: ${JSON.stringify(reply)}`)
  return reply
}

describe("boroughs-bot env", () => {
  it("plays the game playLocal plays: the same seed and commands give the same outcome", async () => {
    const env = makeEnv()
    let reply = await env.handle({
      type: "reset",
      game: "downtown",
      seed: "env-1",
      seats: 4,
      agents: [0],
      opponents: "heuristic,random",
    })
    const played: Array<{ version: number; command: Typed }> = []
    while (reply.type === "observation" && !reply.done) {
      expect(reply.seat).toBe(0)
      // Only the agent's own view: never another seat's secrets.
      expect((reply.view as { viewer: unknown }).viewer).toEqual({ kind: "seat", seat: 0 })
      const index = played.length % reply.legal.length
      played.push({ version: reply.version, command: reply.legal[index] as Typed })
      reply = await env.handle({ type: "step", index })
    }
    if (reply.type !== "observation" || !reply.done) throw new Error(JSON.stringify(reply))
    expect(reply.rewards.reduce((a, b) => a + b, 0)).toBeCloseTo(1)
    expect(reply.rewards).toEqual(winShares(reply.ranks))

    // The same game through playLocal: seat 0 replays the env agent's commands, the others are the same bots.
    const replay = [...played]
    const agent: AnyBot = defineBot({
      name: "replay",
      decide: (_view, legal, ctx) => {
        const next = replay.shift()
        expect(next?.version).toBe(ctx.version)
        expect(legal.map(canonicalJson)).toContain(canonicalJson(next?.command))
        return next?.command ?? null
      },
    })
    const [heuristic, random] = await botsByName(["heuristic", "random"], "downtown")
    const local = await playLocal({
      game: "downtown",
      seats: 4,
      seed: "env-1",
      bots: [agent, heuristic as AnyBot, random as AnyBot, heuristic as AnyBot],
    })
    expect(replay).toEqual([])
    expect(local.outcome.ranks).toEqual(reply.ranks)
    expect(local.outcome.scores).toEqual(reply.scores)
    expect(local.match.events).toBe(reply.version)
  })

  it("refuses an illegal command and changes nothing; asks simultaneous decisions one seat at a time", async () => {
    const env = makeEnv()
    const first = decision(
      await env.handle({ type: "reset", game: "downtown", seed: "2", seats: 3, agents: [0, 1, 2] }),
    )
    const refused = await env.handle({ type: "step", command: { type: "NotACommand" } })
    expect(refused).toMatchObject({ type: "error", reason: "illegal-command" })
    expect(await env.handle({ type: "step", index: first.legal.length })).toMatchObject({
      reason: "illegal-command",
    })
    let reply = decision(await env.handle({ type: "step", command: first.legal[0] }))
    expect(reply.version).toBe(first.version + 1)
    // Every seat is an agent: the votes of a round come seat after seat, each with its own view.
    const seen = new Set<number>()
    for (let i = 0; i < 30; i++) {
      seen.add(reply.seat)
      reply = decision(await env.handle({ type: "step", index: 0 }))
    }
    expect([...seen].sort()).toEqual([0, 1, 2])
  })

  it("answers what it cannot do with an error", async () => {
    const env = makeEnv()
    expect(await env.handle({ type: "step", index: 0 })).toMatchObject({ reason: "no-decision" })
    expect(await env.handle({ type: "reset", game: "chess" })).toMatchObject({ reason: "bad-reset" })
    expect(await env.handle({ type: "reset", game: "downtown", agents: [7] })).toMatchObject({
      reason: "bad-reset",
    })
    expect(await env.handle({ type: "jump" })).toMatchObject({ reason: "malformed" })
  })

  it("serves JSON lines: a hello, one reply per request, until quit", async () => {
    const { Readable } = await import("node:stream")
    const lines: string[] = []
    await serveEnv(
      Readable.from([
        `${JSON.stringify({ type: "reset", game: "uptown", seed: "s", seats: 2 })}\n`,
        "not json\n",
        `${JSON.stringify({ type: "step", index: 0 })}\n`,
        `${JSON.stringify({ type: "quit" })}\n`,
        `${JSON.stringify({ type: "step", index: 0 })}\n`,
      ]),
      (line) => lines.push(line),
    )
    const replies = lines.map((l) => JSON.parse(l) as { type: string; reason?: string })
    expect(replies.map((r) => r.reason ?? r.type)).toEqual([
      "hello",
      "observation",
      "malformed",
      "observation",
    ])
  })

  it("runs as `boroughs-bot env` over stdio", async () => {
    const child = run(tsx, [cli, "env"], { cwd: packageDir, maxBuffer: 64 * 1024 * 1024 })
    child.child.stdin?.end(
      [
        { type: "reset", game: "manhattan", seed: "7", seats: 2, opponents: "random" },
        { type: "step", index: 0 },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(""),
    )
    const { stdout } = await child
    const replies = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as EnvReply | { type: "hello" })
    expect(replies).toHaveLength(3)
    expect(replies[0]).toMatchObject({ type: "hello", bridge: "boroughs-bot env" })
    expect(replies[1]).toMatchObject({ type: "observation", done: false, seat: 0 })
    expect(replies[2]).toMatchObject({ type: "observation" })
  })
})
