import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { strangerEnv } from "./testing.js"

// The README's "Your first remote game", as a stranger pastes it: its commands run verbatim, one shell after
// the other (the game's id goes from line to line in a shell variable), from the repository's root, with pnpm
// off the PATH and a fresh .boroughs home, while the server the section asks for runs beside them. As in
// readme.int.test.ts, only the fixed port becomes a free one: $BOROUGHS_URL says which.
const root = join(import.meta.dirname, "../../..")
const readme = readFileSync(join(root, "README.md"), "utf8")
const section = /^## Your first remote game\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? ""
const script = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]).join("")

const { env, remove: removeStrangerDirs } = strangerEnv()
// The section writes its token file into the checkout: one a person made following it is put back afterwards.
const tokenFile = join(root, ".boroughs", "mybot.token")
const before = existsSync(tokenFile) ? readFileSync(tokenFile) : null

/** A process's exit code and what it wrote, once every process holding its output has exited. */
const collect = (child: ChildProcess) => {
  const out = { stdout: "", stderr: "" }
  child.stdout?.on("data", (c: Buffer) => {
    out.stdout += c.toString()
  })
  child.stderr?.on("data", (c: Buffer) => {
    out.stderr += c.toString()
  })
  const closed = new Promise<number | null>((done) => child.on("close", (code) => done(code)))
  return { out, closed }
}

let server: ReturnType<typeof collect> & { child: ChildProcess }
let api = ""

beforeAll(async () => {
  // `npm start`'s main job without the web apps and its own house bots' games, which the section does not use.
  const child = spawn("sh", ["-c", "exec npx boroughs start --api-port 0 --no-site --no-bots"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  server = { child, ...collect(child) }
  api = await new Promise<string>((found, failed) => {
    const poll = setInterval(() => {
      const m = /Game server API: +(http:\/\/\S+?)\/api\/openapi\.json/.exec(server.out.stdout)
      if (m) {
        clearInterval(poll)
        found(m[1] as string)
      }
    }, 100)
    void server.closed.then(() => {
      clearInterval(poll)
      failed(new Error(`the server ended before serving:\n${server.out.stdout}\n${server.out.stderr}`))
    })
  })
})

afterAll(async () => {
  if (server !== undefined) {
    server.child.kill("SIGTERM")
    await server.closed
  }
  if (before === null) rmSync(tokenFile, { force: true })
  else writeFileSync(tokenFile, before, { mode: 0o600 })
  removeStrangerDirs()
})

describe("the README's first remote game", () => {
  it("is commands a person can paste, after `npm start`", () => {
    expect(section).toMatch(/With `npm start` running in another terminal/)
    const lines = script.split("\n").filter((l) => l.trim() !== "")
    expect(lines.length).toBeGreaterThanOrEqual(4)
    expect(
      lines.filter((l) => !/^(npx |\w+=\$\(npx )/.test(l)),
      "only npx commands",
    ).toEqual([])
  })

  it("runs verbatim: a bot token, a game against house bots, the bot plays it, the watch tells it to the end, a rated game on the ladder", async () => {
    const run = spawn("sh", ["-e", "-c", script], {
      cwd: root,
      env: { ...env, BOROUGHS_URL: api },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const { out, closed } = collect(run)
    const code = await closed
    expect(out.stderr).not.toMatch(/command not found/)
    expect(code, `${script}\n${out.stderr}`).toBe(0)

    // The token's secret went to its file, readable by its owner only, and nowhere else.
    const secret = readFileSync(tokenFile, "utf8").trim()
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600)
    expect(out.stdout).not.toContain(secret)

    // What the person reads: the watch's lines, then the ladder's table, nothing else on stdout.
    const all = out.stdout.trimEnd().split("\n")
    const ladderAt = all.findIndex((l) => /^rank +bot +score/.test(l))
    expect(ladderAt, out.stdout).toBeGreaterThan(0)
    const lines = all.slice(0, ladderAt)
    // The bot's one rated game put it on the table, ranked; only entrants are listed.
    expect(all.slice(ladderAt + 1)).toHaveLength(1)
    expect(all[ladderAt + 1]).toMatch(/^1 +bot:mybot +-?\d+\.\d\d +\d+\.\d\d +\d+\.\d\d +1 +[01] +/)
    expect(lines[0]).toMatch(
      /^uptown game g[0-9a-f]+: seat 0 bot:mybot, seat 1 builtin:heuristic, seat 2 builtin:random$/,
    )
    const events = lines.slice(1, -4)
    expect(events.map((l) => Number(/^#(\d+) /.exec(l)?.[1]))).toEqual(events.map((_, i) => i + 1))
    expect(events[0]).toMatch(/^#1 Uptown started for 3 players/)
    expect(events.at(-1)).toMatch(/^#\d+ Game over: seat \d wins with \d+/)
    // bot:mybot made its own moves: none of them the clock's.
    expect(events.some((l) => /^#\d+ seat 0: /.test(l))).toBe(true)
    expect(events.filter((l) => l.includes("the clock's default move"))).toEqual([])
    expect(lines.at(-4)).toBe("Final ranks:")
    expect(
      lines
        .slice(-3)
        .map((l) => /seat \d (\S+)/.exec(l)?.[1])
        .sort(),
    ).toEqual(["bot:mybot", "builtin:heuristic", "builtin:random"])
    expect(out.stderr).toMatch(/boroughs-bot: .*1 game\(s\) ended/)
    expect(out.stderr).toMatch(/boroughs-bot: entered the uptown ladder as bot:mybot/)
  })
})
