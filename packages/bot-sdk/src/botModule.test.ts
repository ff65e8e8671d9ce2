import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, describe, expect, it } from "vitest"
import { botsByName, importBot, isBotModulePath } from "./botModule.js"

const run = promisify(execFile)
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const tsx = resolve(packageDir, "node_modules/.bin/tsx")
const cli = resolve(packageDir, "src/cli.ts")

// A bot author's modules, outside the workspace: plain objects are bots too (defineBot only checks them).
const dir = mkdtempSync(join(tmpdir(), "boroughs-bot-module-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const moduleFile = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const FIRST = `{ name: "first-legal", game: "downtown", decide: (view, legal) => legal[0] }`
const asDefault = moduleFile("default.mjs", `export default ${FIRST}\n`)
const asNamed = moduleFile("named.mjs", `export const bot = ${FIRST}\n`)
const noBot = moduleFile("none.mjs", `export const notABot = { name: "x" }\n`)
const broken = moduleFile("broken.mjs", `throw new Error("the author's bug")\n`)

describe("bot modules named by path", () => {
  it("tells a module's path from a reference bot's name", () => {
    for (const path of ["./my-bot.js", "../bots/a.mjs", "/abs/bot.js", "bot.js", "dist\\bot.cjs"])
      expect(isBotModulePath(path)).toBe(true)
    for (const name of ["heuristic", "random", "ismcts:1000x2", "ismcts:2000i", "dale"])
      expect(isBotModulePath(name)).toBe(false)
  })

  it("imports a module's default export, else its `bot` export", async () => {
    expect((await importBot(asDefault)).name).toBe("first-legal")
    expect((await importBot(relative(process.cwd(), asNamed))).name).toBe("first-legal")
  })

  it("says what is wrong with a module that exports no bot or fails to load", async () => {
    await expect(importBot(noBot)).rejects.toThrow(/exports no bot: export one as its default/)
    await expect(importBot(broken)).rejects.toThrow(/could not load bot module .*the author's bug/)
    await expect(importBot(join(dir, "missing.js"))).rejects.toThrow(/could not load bot module/)
  })

  it("seats a module and reference bots together, importing the module once", async () => {
    const bots = await botsByName([asDefault, "heuristic", asDefault], "downtown")
    expect(bots.map((b) => b.name)).toEqual(["first-legal", "heuristic", "first-legal"])
    expect(bots[0]).toBe(bots[2])
  })
})

describe("boroughs-bot local --bots <module>,…", () => {
  it("plays a whole game with the author's bot at a seat, shown by its own name", async () => {
    const { stdout } = await run(
      tsx,
      [cli, "local", "--game", "downtown", "--bots", `${asDefault},heuristic,heuristic`, "--json"],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const summary = JSON.parse(stdout) as {
      seats: Array<{ seat: number; bot: string }>
      outcome: { ranks: number[] }
      commands: Array<{ seat: number; defaulted: string | null }>
    }
    expect(summary.seats.map((s) => s.bot)).toEqual(["first-legal", "heuristic", "heuristic"])
    expect(summary.outcome.ranks).toHaveLength(3)
    expect(summary.commands.filter((c) => c.seat === 0).length).toBeGreaterThan(0)
    expect(summary.commands.every((c) => c.defaulted === null)).toBe(true)
  })

  it("reports each seat's decisions per second, and a searching seat's iterations per second", async () => {
    const { stdout } = await run(
      tsx,
      [cli, "local", "--game", "uptown", "--bots", "ismcts:20i,random", "--seed", "rates", "--json"],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const summary = JSON.parse(stdout) as {
      seats: Array<{
        decisions: number
        decisionsPerSecond: number
        iterations?: number
        iterationsPerSecond?: number
      }>
      commands: Array<{ seat: number }>
    }
    const [search, random] = summary.seats as [(typeof summary.seats)[0], (typeof summary.seats)[0]]
    expect(search.decisions).toBe(summary.commands.filter((c) => c.seat === 0).length)
    expect(search.decisionsPerSecond).toBeGreaterThan(0)
    // 20 iterations a search; a decision with one legal command is not searched.
    expect(search.iterations).toBeGreaterThanOrEqual(20)
    expect((search.iterations ?? 0) % 20).toBe(0)
    expect(search.iterationsPerSecond).toBeGreaterThan(search.decisionsPerSecond)
    expect(random.iterations).toBeUndefined()
    const text = await run(tsx, [
      cli,
      "local",
      "--game",
      "uptown",
      "--bots",
      "ismcts:20i,random",
      "--seed",
      "rates",
    ])
    expect(text.stdout).toMatch(/seat 0 ismcts:20i .* \d+ decisions, [\d.]+\/s, [\d.]+ iterations\/s/)
    expect(text.stdout).toMatch(/seat 1 random .* \d+ decisions, [\d.]+\/s\n?$/m)
  })

  it("refuses a module bot written for another game, naming it", async () => {
    await expect(
      run(tsx, [cli, "local", "--game", "manhattan", "--bots", `${asNamed},heuristic`]),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/first-legal is written for downtown, not manhattan/),
    })
  })
})
