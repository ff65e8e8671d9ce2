import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { strangerEnv } from "./testing.js"

// The README is a contract with a stranger who has Node and npm only: every command line in its `sh` blocks
// runs here verbatim from the repository's root, with pnpm taken off the PATH, a fresh .boroughs home and
// PGlite. Only sizes shrink (games, rounds, think time) and fixed ports become free ones; `<id>` becomes the id
// the previous command printed. A README line that does not work fails CI.
const root = join(import.meta.dirname, "../../..")
// Its "Your first remote game" needs a server beside it and shell variables from line to line: it runs as one
// script, as pasted, in readmeRemote.int.test.ts.
const readme = readFileSync(join(root, "README.md"), "utf8").replace(
  /^## Your first remote game\n[\s\S]*?(?=^## )/m,
  "",
)

/** Every command line of the README's `sh` blocks, without its trailing comment. */
const commandLines = (): string[] =>
  [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    (block[1] as string)
      .split("\n")
      .map((line) => line.replace(/\s+#\s.*$/, "").trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  )

/**
 * Smaller sizes, free ports: the same commands, quick enough for CI. `start` leaves the web apps out here: their
 * Next.js builds take minutes and would race the spectator and admin suites' own builds of the same folders;
 * those suites and infra's image test serve the apps `start` serves.
 */
const shrink = (line: string): string =>
  line
    .replace("--games 1000", "--games 6")
    .replace("--rounds 5", "--rounds 2")
    .replace("ismcts:200", "ismcts:20")
    .replace("--analysis >", "--analysis --rollouts 4 >")
    .replace("--port 3000 --api-port 8080", "--api-port 0 --no-site")
    .replace(/^npx boroughs server$/, "npx boroughs server --port 0")
    .replace(/^npm start$/, "npm start -- --api-port 0 --no-site")

// Commands this run cannot repeat, and why: CI itself runs them.
const runByCi: Record<string, string> = {
  "npm test": "the command running this test",
  "npm run bench": "minutes of benchmarks; `pnpm bench` in CONTRIBUTING.md, and each bench's code is tested",
}

const { env, remove: removeStrangerDirs } = strangerEnv()
const made = ["game.ndjson", "analysed.ndjson", "downtown.json", "cup.ndjson", "position.json"].filter(
  (f) => !existsSync(join(root, f)),
)

afterAll(() => {
  for (const f of made) rmSync(join(root, f), { force: true })
  removeStrangerDirs()
})

const sh = (line: string) => {
  const r = spawnSync("sh", ["-c", line], { cwd: root, env, encoding: "utf8", timeout: 300_000 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** A command that serves until stopped: its ready line on stdout, the API answering, then a SIGTERM. */
const serveThenStop = async (line: string, ready: RegExp) => {
  const child: ChildProcess = spawn("sh", ["-c", `exec ${line}`], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let out = ""
  let err = ""
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString()
  })
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString()
  })
  // Every process holding the output has exited once it closes (npm, the bootstrap, the CLI, the server).
  const closed = new Promise<number | null>((done) => child.on("close", (code) => done(code)))
  const api = await new Promise<string>((found, failed) => {
    const poll = setInterval(() => {
      const m = ready.exec(out)
      if (m) {
        clearInterval(poll)
        found(m[1] as string)
      }
    }, 100)
    void closed.then(() => {
      clearInterval(poll)
      failed(new Error(`\`${line}\` ended before serving:\n${out}\n${err}`))
    })
  })
  expect((await fetch(`${api}/api/health`)).status).toBe(200)
  const signalled = Date.now()
  child.kill("SIGTERM")
  await closed
  expect(
    Date.now() - signalled,
    `stopped within 10 s of a SIGTERM; its last lines:\n${err.split("\n").slice(-15).join("\n")}`,
  ).toBeLessThan(10_000)
  await expect(fetch(`${api}/api/health`), "nothing serves after the stop").rejects.toThrow()
  return out
}

describe("every command of the README works verbatim without pnpm", () => {
  const lines = commandLines()
  const last: { gameId?: string; tournamentId?: string } = {}

  it("has the commands a person needs", () => {
    expect(lines).toEqual(
      expect.arrayContaining(["npm run setup", "npm start", "npm test", "npx boroughs --help"]),
    )
    expect(
      lines.filter((l) => /^pnpm\b/.test(l)),
      "no bare pnpm",
    ).toEqual([])
  })

  for (const original of lines) {
    const line = shrink(original)
    if (original in runByCi) {
      it.skip(`${original} (${runByCi[original]})`, () => {})
      continue
    }
    it(original, async () => {
      if (/^(npm start|npx boroughs start|npx boroughs server)\b/.test(line)) {
        const ready = line.includes("server")
          ? /listening on (http:\/\/\S+)/
          : /Game server API: +(http:\/\/\S+?)\/api\/openapi\.json/
        const out = await serveThenStop(line, ready)
        if (!line.includes("server")) expect(out).toMatch(/Organiser token: +in .*organiser-token/)
        return
      }
      const resolved = line
        .replace("--game-id <id>", `--game-id ${last.gameId}`)
        .replace("--tournament <id>", `--tournament ${last.tournamentId}`)
      // The selfplay's own --out file, before `export > game.ndjson` writes over it: the two must be the same bytes.
      const selfplayOut =
        line.startsWith("npx boroughs export") && !line.includes("--analysis")
          ? readFileSync(join(root, "game.ndjson"), "utf8")
          : null
      const r = sh(resolved)
      expect(r.stderr).not.toMatch(/command not found/)
      expect(r.code, `${resolved}\n${r.stderr}`).toBe(0)
      // npx prints no banner: its commands' stdout is data only (`npm run …` prints npm's, not data)
      if (line.startsWith("npx ")) expect(r.stdout).not.toMatch(/^> /m)
      if (/ > \S+$/.test(resolved)) expect(r.stdout).toBe("")
      else if (line !== "npm run setup") expect(r.stdout.trim().length).toBeGreaterThan(0)

      if (line.startsWith("npx boroughs selfplay")) last.gameId = JSON.parse(r.stdout).gameId
      if (line.startsWith("npx boroughs tournament"))
        last.tournamentId = /\(([\w-]+)\): /.exec(r.stdout)?.[1] as string
      if (selfplayOut !== null) {
        const exported = readFileSync(join(root, "game.ndjson"), "utf8")
        expect(exported.length).toBeGreaterThan(0)
        expect(exported, "export gives selfplay's bytes: data only, no banner").toBe(selfplayOut)
      }
      if (line.startsWith("npx boroughs verify")) expect(r.stdout).toMatch(/^SOUND/)
      if (line.includes("--analysis")) {
        const analysed = readFileSync(join(root, "analysed.ndjson"), "utf8")
        expect(analysed.startsWith(readFileSync(join(root, "game.ndjson"), "utf8"))).toBe(true)
        expect(analysed.trimEnd().split("\n").pop()).toMatch(/^\{"analysis":\{/)
      }
      if (line.startsWith("npx boroughs analyse")) expect(r.stdout).toMatch(/^downtown game \S+: 4 seats, /)
      if (line.startsWith("npx boroughs describe"))
        expect(JSON.parse(readFileSync(join(root, "downtown.json"), "utf8")).id).toBe("downtown")
      if (line.startsWith("npx boroughs position"))
        expect(JSON.parse(readFileSync(join(root, "position.json"), "utf8")).legal.length).toBeGreaterThan(0)
      if (line.startsWith("npx boroughs-bot test")) expect(JSON.parse(r.stdout)).toMatchObject({ ok: true })
      if (line === "npx boroughs --help") expect(r.stdout).toMatch(/^Usage: boroughs/)
    })
  }
})
