import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { type AddressInfo, createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type AnyGame, findGame, gameIds, replay, toEvent } from "@boroughs/core"
import { describe, expect, it } from "vitest"
import { BUILT_CLI, migratedPglite, cli as run } from "./testing.js"

// The CLI as a person runs it: the built command, a real process, real PGlite directories, real files. The
// directories are copies of one migrated folder: creating a database is `migrate`'s test and the README's.
const cli = (...args: string[]) => run(args)

const tmp = () => mkdtempSync(join(tmpdir(), "boroughs-cli-"))

describe("boroughs CLI", () => {
  it("registers at least the foundation's games", () => {
    expect(gameIds()).toEqual(expect.arrayContaining(["downtown", "manhattan"]))
  })

  for (const game of ["downtown", "manhattan"]) {
    describe(game, () => {
      const dir = tmp()
      const first = join(dir, "a.ndjson")
      const second = join(dir, "b.ndjson")
      const args = [
        "selfplay",
        "--game",
        game,
        "--players",
        "4",
        "--seed",
        "cli-test",
        "--bots",
        "heuristic,random",
      ]

      it("selfplay prints a JSON summary and the same seed and bots export byte-identical events", () => {
        const a = cli(...args, "--db", migratedPglite(join(dir, "db1")), "--out", first)
        expect(a.stderr).toBe("")
        expect(a.code).toBe(0)
        const summary = JSON.parse(a.stdout)
        expect(summary).toMatchObject({ game, players: 4, bots: ["heuristic", "random", "random", "random"] })
        expect(summary.ranking).toHaveLength(4)
        expect(summary.scores).toHaveLength(4)
        expect(summary.events).toBeGreaterThan(10)
        const b = cli(...args, "--db", migratedPglite(join(dir, "db2")), "--out", second)
        expect(b.code).toBe(0)
        expect(readFileSync(second, "utf8")).toBe(readFileSync(first, "utf8"))
        // export from the database gives the same bytes as --out
        const exported = cli("export", "--game-id", summary.gameId, "--db", join(dir, "db1"))
        expect(exported.code).toBe(0)
        expect(exported.stdout).toBe(readFileSync(first, "utf8"))
      })

      it("verify accepts the export and names the first bad event of a tampered one", () => {
        const ok = cli("verify", first)
        expect(ok.code).toBe(0)
        expect(ok.stdout).toMatch(/^SOUND/)
        const lines = readFileSync(first, "utf8").trimEnd().split("\n")
        const tampered = [...lines]
        const victim = JSON.parse(tampered[5] as string)
        victim.data = { ...victim.data, forged: true }
        tampered[5] = JSON.stringify(victim)
        const bad = join(dir, "tampered.ndjson")
        writeFileSync(bad, `${tampered.join("\n")}\n`)
        const r = cli("verify", bad)
        expect(r.code).toBe(1)
        expect(r.stdout).toMatch(/first bad event: version 6/)
        const dropped = join(dir, "dropped.ndjson")
        writeFileSync(dropped, `${lines.filter((_, i) => i !== 7).join("\n")}\n`)
        const d = cli("verify", dropped)
        expect(d.code).toBe(1)
        expect(d.stdout).toMatch(/first bad event: version 8 — diverged: /)
      })

      it("position prints a seat's decision at a position, as the rules give it there", () => {
        const events = readFileSync(first, "utf8")
          .trimEnd()
          .split("\n")
          .map((l) => JSON.parse(l))
        const found = findGame(game)?.game as AnyGame
        // The rules' own answer, folded independently from the export's events: from the middle of the game,
        // the first position where some seats owe a decision and some do not.
        const foldTo = (at: number) => replay(found, events.slice(0, at).map(toEvent))
        let at = Math.floor(events.length / 2)
        const owing = (n: number) => found.pending(foldTo(n).state).length
        while (owing(at) === 0 || owing(at) === 4) at++
        const match = foldTo(at)
        const owed = found.pending(match.state)[0] as { seat: number; kind: string }
        const r = cli("position", first, "--at", String(at))
        expect(r.stderr).toBe("")
        expect(r.code).toBe(0)
        const position = JSON.parse(r.stdout)
        expect(position).toMatchObject({
          format: "boroughs-position/1",
          game,
          version: at,
          players: 4,
          seat: owed.seat,
          decision: owed.kind,
        })
        expect(position.legal).toEqual(found.legalCommands(match.state, owed.seat))
        expect(position.view).toEqual(found.view(match.state, { kind: "seat", seat: owed.seat }))
        const waiting = [0, 1, 2, 3].find((s) => !position.pending.includes(s)) as number
        const other = JSON.parse(cli("position", first, "--at", String(at), "--seat", String(waiting)).stdout)
        expect(other).toMatchObject({ seat: waiting, decision: null, legal: [] })
        const past = cli("position", first, "--at", String(events.length + 1))
        expect(past.code).toBe(1)
        expect(past.stderr).toMatch(new RegExp(`positions 1–${events.length}`))
        expect(cli("position", first, "--at", "2", "--seat", "7").stderr).toMatch(/seats 0–3/)
      })

      it("describe --json gives the catalogue and JSON Schemas", () => {
        const r = cli("describe", game, "--json")
        expect(r.code).toBe(0)
        const d = JSON.parse(r.stdout)
        expect(d.id).toBe(game)
        expect(Object.keys(d.catalogue).length).toBeGreaterThan(0)
        for (const k of ["options", "command", "event", "view"])
          expect(d.schemas[k]).toHaveProperty("$schema")
      })
    })
  }

  it("arena compares bots over many in-process games with seats rotating", () => {
    const r = cli("arena", "--game", "downtown", "--bots", "heuristic,random", "--games", "20", "--json")
    expect(r.code).toBe(0)
    const result = JSON.parse(r.stdout)
    expect(result.standings.map((s: { bot: string }) => s.bot)).toEqual([
      "heuristic",
      "random",
      "random",
      "random",
    ])
    expect(result.standings.reduce((n: number, s: { wins: number }) => n + s.wins, 0)).toBeCloseTo(20)
    expect(result.standings[0].winRate95[0]).toBeLessThanOrEqual(result.standings[0].winRate)
  })

  // Two of the games (whole Suburbia and Urban Sprawl games over HTTP take half a minute more of CI); the
  // README's `npx boroughs start` runs with every game (readme.int.test.ts), and the server's own tests play
  // each game through the same routes.
  it("start brings up the server, its house bots play the games asked for through it, and --max-games stops it all", () => {
    const r = cli(
      "start",
      "--db",
      migratedPglite(join(tmp(), "db")),
      "--games",
      "downtown,uptown",
      "--max-games",
      "1",
      "--no-site",
      "--pace",
      "0",
      "--api-port",
      "0",
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/Game server API: +http:\/\/127\.0\.0\.1:\d+\/api\/openapi\.json/)
    const summary = JSON.parse(r.stderr.trim().split("\n").pop() as string)
    expect(Object.keys(summary).sort()).toEqual(["downtown", "uptown"])
    for (const id of ["downtown", "uptown"]) {
      expect(summary[id].games).toBe(1)
      expect(summary[id].commands).toBeGreaterThan(0)
      expect(summary[id].events).toBeGreaterThan(summary[id].commands)
    }
  }, 400_000)

  // A process manager stops `npm start` with a SIGTERM to npm alone; npm does not pass it on to its script, so
  // the bootstrap notices it lost its parent. Signalled itself, the bootstrap passes the signal on.
  const root = join(import.meta.dirname, "../../..")
  const launchers: Array<[string, string, string[], number | null]> = [
    ["npm start", "npm", ["start", "--silent", "--"], null],
    [
      "the bootstrap (npm start's script)",
      process.execPath,
      ["scripts/bootstrap.mjs", "boroughs", "start"],
      0,
    ],
  ]
  for (const [name, command, prefix, exitCode] of launchers)
    it(`${name} signalled alone (a process manager's SIGTERM) stops the CLI and the server it started`, async () => {
      const args = ["--db", migratedPglite(join(tmp(), "db")), "--no-site", "--pace", "0", "--api-port", "0"]
      const started = spawn(command, [...prefix, ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: "", CI: "true" },
        stdio: ["ignore", "pipe", "pipe"],
      })
      let out = ""
      started.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString()
      })
      started.stderr.resume()
      // Every process holding the output has exited once it closes: the bootstrap and the CLI inherit it.
      const closed = new Promise<number | null>((done) => started.on("close", (code) => done(code)))
      const api = await new Promise<string>((found, failed) => {
        const poll = setInterval(() => {
          const m = /Game server API: +(http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          if (m) {
            clearInterval(poll)
            found(m[1] as string)
          }
        }, 100)
        void closed.then(() => failed(new Error(`${name} ended before serving: ${out}`)))
      })
      expect((await fetch(`${api}/api/health`)).status).toBe(200)
      started.kill("SIGTERM")
      const code = await closed
      if (exitCode !== null) expect(code).toBe(exitCode)
      await expect(fetch(`${api}/api/health`)).rejects.toThrow()
    }, 120_000)

  it("start refuses a site port something else holds, before it starts anything", async () => {
    const holder = createServer().listen(0, "127.0.0.1")
    await new Promise((ready) => holder.once("listening", ready))
    const { port } = holder.address() as AddressInfo
    try {
      const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, [BUILT_CLI, "start", "--port", String(port)], {
          env: { ...process.env, DATABASE_URL: "", CI: "true" },
          stdio: ["ignore", "ignore", "pipe"],
        })
        let stderr = ""
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString()
        })
        child.on("close", (code) => done({ code, stderr }))
      })
      expect(r.code).not.toBe(0)
      expect(r.stderr).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is taken`))
      expect(r.stderr).not.toMatch(/starting the game server/)
    } finally {
      holder.close()
    }
  })

  describe("bad input gets one clear line and a non-zero exit", () => {
    const cases: Array<[string, string[], RegExp]> = [
      [
        "unknown game",
        ["selfplay", "--game", "chess", "--players", "2", "--seed", "1"],
        /unknown game "chess"; known games: .*downtown/,
      ],
      [
        "bad seat count",
        ["selfplay", "--game", "downtown", "--players", "9", "--seed", "1"],
        /downtown is played by 3–6 players, not 9/,
      ],
      [
        "unknown bot",
        ["selfplay", "--game", "downtown", "--players", "4", "--seed", "1", "--bots", "deep-blue"],
        /has no bot "deep-blue"/,
      ],
      [
        "not a number",
        ["selfplay", "--game", "downtown", "--players", "four", "--seed", "1"],
        /--players must be a whole number/,
      ],
      [
        "missing file",
        ["verify", "/nonexistent/game.ndjson"],
        /cannot read \/nonexistent\/game.ndjson: ENOENT/,
      ],
      ["unknown command", ["fly"], /unknown command 'fly'/],
      [
        "unreachable database",
        ["export", "--game-id", "x", "--db", "postgres://nobody:secret@127.0.0.1:1/none"],
        /database unreachable: .*127\.0\.0\.1:1/,
      ],
    ]
    for (const [name, args, message] of cases)
      it(name, () => {
        const r = cli(...args)
        expect(r.code).not.toBe(0)
        expect(r.stderr).toMatch(message)
        expect(r.stderr).not.toMatch(/\n\s+at /) // no stack trace
        expect(r.stderr).not.toMatch(/secret/) // no password in messages
      })

    it("malformed NDJSON names its line", () => {
      const f = join(tmp(), "bad.ndjson")
      writeFileSync(f, '{"streamId":"game-x"}\nnot json\n')
      const r = cli("verify", f)
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/malformed export, line 1: field "version" must be a number/)
    })
  })
})
