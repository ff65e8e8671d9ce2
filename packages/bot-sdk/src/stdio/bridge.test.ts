import { execFile } from "node:child_process"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { canonicalJson, type Match, play, start, type Typed } from "@boroughs/core"
import { downtown } from "@boroughs/core/games/downtown"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { randomBot } from "../bots/reference.js"
import { playLocal } from "../local.js"
import { childBot } from "./child.js"

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
const packageDir = resolve(here, "../..")
const repoRoot = resolve(packageDir, "../..")
const tsx = resolve(packageDir, "node_modules/.bin/tsx")
const cli = resolve(packageDir, "src/cli.ts")

interface Summary {
  readonly seed: string
  readonly seats: ReadonlyArray<{ seat: number; bot: string }>
  readonly outcome: { ranks: number[]; scores: number[] }
  readonly commands: ReadonlyArray<{
    seat: number
    version: number
    command: Typed
    defaulted: string | null
  }>
  readonly child: { name: string; stats: Record<string, number> }
}

describe("boroughs-bot run --local -- python3 examples/python-bot/bot.py", () => {
  it("plays a whole Downtown game with the Python example bot, every one of its commands legal", async () => {
    const { stdout } = await run(
      tsx,
      [
        cli,
        "run",
        "--local",
        "--game",
        "downtown",
        "--seats",
        "4",
        "--bots",
        "child,heuristic,heuristic,random",
        "--seed",
        "python-ci",
        "--json",
        "--",
        "python3",
        "examples/python-bot/bot.py",
      ],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
    )
    const summary = JSON.parse(stdout) as Summary
    expect(summary.child.name).toBe("python-example")
    expect(summary.child.stats).toMatchObject({ illegal: 0, malformed: 0, timeouts: 0 })
    // Replayed here, independently of the bridge: each command of the Python seat is among the legal ones
    // at its position, and the game ends with the outcome the command printed.
    const started = start(downtown, undefined, 4, summary.seed)
    if (Result.isFailure(started)) throw new Error(started.failure.message)
    let match: Match = started.success.match
    let pythonCommands = 0
    for (const { seat, version, command, defaulted } of summary.commands) {
      expect(version).toBe(match.events)
      if (seat === 0) {
        expect(defaulted).toBeNull()
        const legal = downtown.legalCommands(match.state as never, seat).map((c) => canonicalJson(c))
        expect(legal).toContain(canonicalJson(command))
        pythonCommands++
      }
      const played = play(match, seat, command)
      if (Result.isFailure(played)) throw new Error(played.failure.message)
      match = played.success.match
    }
    expect(pythonCommands).toBeGreaterThan(20)
    expect(match.ended?.ranks).toEqual(summary.outcome.ranks)
    expect(match.ended?.scores).toEqual(summary.outcome.scores)
  })
})

/** A bot in Python that answers the first yourTurn wrongly three ways, then by index; later turns by index 0. */
const FUSSY = `
import json, sys
def send(m):
    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
first = True
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        send({"type": "hello", "protocol": 1, "name": "fussy"})
    elif m["type"] == "yourTurn":
        if first:
            first = False
            sys.stdout.write("this is not json\\n")
            send({"type": "command", "requestId": m["requestId"], "command": {"type": "Nonsense"}})
            send({"type": "command", "requestId": "nope:0:1", "index": 0})
        send({"type": "command", "requestId": m["requestId"], "index": len(m["legal"]) - 1})
    elif m["type"] == "error":
        send({"type": "log", "message": "error " + m["reason"]})
    elif m["type"] == "quit":
        break
`

describe("the stdio bridge", () => {
  it("answers bad lines with errors naming the reason, keeps the request open, and takes the next good answer", async () => {
    const logs: string[] = []
    const bot = await childBot({ command: ["python3", "-c", FUSSY], log: (line) => logs.push(line) })
    try {
      const result = await playLocal({ game: "downtown", bots: [bot, randomBot, randomBot], seed: "fussy" })
      expect(result.match.ended).not.toBeNull()
      expect(bot.stats).toMatchObject({ malformed: 1, illegal: 1, timeouts: 0 })
      expect(result.commands.filter((c) => c.seat === 0).every((c) => c.defaulted === null)).toBe(true)
    } finally {
      await bot.close?.()
    }
    expect(logs).toEqual(
      expect.arrayContaining([
        "[bot] error malformed",
        "[bot] error illegal-command",
        "[bot] error unknown-request",
      ]),
    )
  })

  it("speaks the bot gateway's messages in protocol 2, and version 1's gameStarted to a bot that says 1", async () => {
    const echo = (protocol: number) => `
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": ${protocol}, "name": "echo"}), flush=True)
    elif m["type"] in ("gameStarted", "gameEnded") or (m["type"] == "yourTurn" and m["version"] < 4):
        print(json.dumps({"type": "log", "message": json.dumps({k: v for k, v in m.items() if k != "view"})}), flush=True)
        if m["type"] == "yourTurn":
            print(json.dumps({"type": "command", "requestId": m["requestId"], "index": 0}), flush=True)
    elif m["type"] == "yourTurn":
        print(json.dumps({"type": "command", "requestId": m["requestId"], "index": 0}), flush=True)
    elif m["type"] == "quit":
        break
`
    const heard = async (protocol: number) => {
      const logs: string[] = []
      const bot = await childBot({
        command: ["python3", "-c", echo(protocol)],
        log: (line) => logs.push(line),
      })
      try {
        await playLocal({ game: "uptown", bots: [bot, randomBot], seed: "echo", decisionMs: 20_000 })
      } finally {
        await bot.close?.()
      }
      return logs.filter((l) => l.startsWith("[bot] {")).map((l) => JSON.parse(l.slice("[bot] ".length)))
    }
    const [started, turn] = await heard(2)
    expect(started).toEqual({
      type: "gameStarted",
      gameId: "local",
      game: "uptown",
      seats: [0],
      players: ["stdio:echo", "random"],
      decisionMs: 20_000,
      version: expect.any(Number),
    })
    expect(started.version).toBeLessThanOrEqual(turn.version)
    expect(Object.keys(turn).sort()).toEqual(
      [
        "type",
        "requestId",
        "gameId",
        "game",
        "seat",
        "version",
        "kind",
        "legal",
        "deadline",
        "timeLeftMs",
      ].sort(),
    )
    expect(turn.requestId).toBe(`local:0:${turn.version}`)
    const ended = (await heard(2)).find((m) => m.type === "gameEnded")
    expect(ended.version).toBeGreaterThan(10)
    const [old] = await heard(1)
    expect(old).toEqual({ type: "gameStarted", gameId: "local", game: "uptown", seats: [0], players: 2 })
  })

  it("times out a bot that does not answer: the game goes on with the default command", async () => {
    const silent = `
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "silent"}), flush=True)
    elif m["type"] == "quit":
        break
`
    const bot = await childBot({ command: ["python3", "-c", silent], log: () => {} })
    try {
      const result = await playLocal({
        game: "downtown",
        bots: [bot, randomBot, randomBot],
        seed: "silent",
        decisionMs: 20,
      })
      expect(result.match.ended).not.toBeNull()
      expect(result.commands.filter((c) => c.seat === 0).every((c) => c.defaulted === "timeout")).toBe(true)
      expect(bot.stats.timeouts).toBeGreaterThan(10)
    } finally {
      await bot.close?.()
    }
  })

  it("starts the bot program without the runner's tokens in its environment", async () => {
    const nosy = `
import json, os, sys
sys.stdin.readline()
seen = [n for n in ("BOROUGHS_TOKEN", "BOROUGHS_TOKEN_FILE", "BOROUGHS_ORGANISER_TOKEN") if n in os.environ]
print(json.dumps({"type": "hello", "protocol": 1, "name": "saw:" + ",".join(seen) + ";path:" + str("PATH" in os.environ)}), flush=True)
sys.stdin.readline()
`
    const saved = { token: process.env.BOROUGHS_TOKEN, organiser: process.env.BOROUGHS_ORGANISER_TOKEN }
    process.env.BOROUGHS_TOKEN = "brs_secret-of-the-runner"
    process.env.BOROUGHS_ORGANISER_TOKEN = "brs_organiser-secret"
    try {
      const bot = await childBot({ command: ["python3", "-c", nosy], log: () => {} })
      expect(bot.name).toBe("stdio:saw:;path:True")
      await bot.close?.()
    } finally {
      for (const [name, value] of [
        ["BOROUGHS_TOKEN", saved.token],
        ["BOROUGHS_ORGANISER_TOKEN", saved.organiser],
      ] as const)
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
    }
  })

  it("refuses a bot that speaks another protocol version", async () => {
    const future = `
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "hello", "protocol": 99, "name": "future"}), flush=True)
sys.stdin.readline()
`
    await expect(childBot({ command: ["python3", "-c", future], log: () => {} })).rejects.toThrow(
      /protocol 99/,
    )
  })
})
