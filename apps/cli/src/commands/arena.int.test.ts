import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { cli } from "../testing.js"

const dir = mkdtempSync(join(tmpdir(), "boroughs-arena-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const pythonBot = join(import.meta.dirname, "../../../../examples/python-bot/bot.py")

interface Standing {
  bot: string
  games: number
  decisionsPerSecond: number | null
  rating: { ordinal: number }
}
const arenaJson = (...args: string[]) => {
  const r = cli(["arena", ...args, "--json"])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout) as { jobs: number; standings: Standing[] }
}

describe("boroughs arena (built)", () => {
  it("gives the same standings whatever --jobs is", () => {
    const args = ["--game", "downtown", "--bots", "heuristic,random", "--games", "16", "--seed", "jobs"]
    const one = arenaJson(...args, "--jobs", "1")
    const two = arenaJson(...args, "--jobs", "2")
    expect([one.jobs, two.jobs]).toEqual([1, 2])
    // Everything but the speed, which is the machine's.
    const results = (r: { standings: Standing[] }) => r.standings.map(({ decisionsPerSecond, ...s }) => s)
    expect(results(two)).toEqual(results(one))
    expect(one.standings[0]?.decisionsPerSecond).toBeGreaterThan(0)
  })

  it("plays a module bot, a stdio program and IS-MCTS, and --out writes games verify finds sound", () => {
    const module = join(dir, "first-legal.mjs")
    writeFileSync(module, `export default { name: "first-legal", decide: (view, legal) => legal[0] }\n`)
    const out = join(dir, "games.ndjson")
    const r = arenaJson(
      "--game",
      "downtown",
      "--bots",
      `ismcts:20i,${module},stdio:python3 ${pythonBot},random`,
      "--games",
      "4",
      "--jobs",
      "2",
      "--out",
      out,
    )
    expect(r.standings.map((s) => s.bot)).toEqual([
      "ismcts:20i",
      "first-legal",
      `stdio:python3 ${pythonBot}`,
      "random",
    ])
    for (const s of r.standings) expect(s.games).toBe(4)
    const verified = cli(["verify", out])
    expect(verified.code, verified.stderr).toBe(0)
    const lines = verified.stdout.trim().split("\n")
    expect(lines.filter((l) => l.startsWith("SOUND"))).toHaveLength(4)
    expect(lines.at(-1)).toBe("all 4 streams SOUND")

    // One altered event in one game: that game is broken, the file fails.
    const events = readFileSync(out, "utf8").trim().split("\n")
    events[3] = (events[3] as string).replace(/"version":4/, '"version":5')
    const tampered = join(dir, "tampered.ndjson")
    writeFileSync(tampered, `${events.join("\n")}\n`)
    const broken = cli(["verify", tampered])
    expect(broken.code).toBe(1)
    expect(broken.stdout).toMatch(/^BROKEN {2}game-downtown-arena-\w+-0 /m)
    expect(broken.stdout).toMatch(/1 of 4 streams BROKEN/)
  })

  it("documents its bot syntax in --help", () => {
    const r = cli(["arena", "--help"])
    expect(r.stdout).toContain("stdio:python3 examples/python-bot/bot.py")
    expect(r.stdout).toContain("ismcts:1s")
    expect(r.stdout).toMatch(/not reproducible/)
  })
})
