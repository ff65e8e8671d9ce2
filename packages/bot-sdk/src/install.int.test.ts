import { execFile } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/*
 * The SDK installs outside the workspace (ARCHITECTURE.md §6, "How it ships"): core, protocol and bot-sdk are
 * packed as the registry would serve them (scripts/pack-sdk.mjs: built if stale, then `pnpm pack`), installed
 * with npm into a scratch project in the system's temp folder, and used there as a bot author would: the
 * README's typed bot compiled by `tsc --strict`, then played by the installed `boroughs-bot`.
 * Needs pnpm and npm on PATH and the npm registry (effect, typescript). Slow: minutes on a loaded 2-core machine.
 */

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const readme = readFileSync(join(packageDir, "README.md"), "utf8")

// pnpm's run-script variables are for pnpm; npm in the scratch project should see the user's environment.
// No bot token: the README's play.ts then plays its local game only.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^(npm_(package|lifecycle)_|npm_command$|npm_config_(user_agent|verify_deps_before_run)$|pnpm_|BOROUGHS_)/i.test(
        key,
      ),
  ),
)

interface Ran {
  readonly stdout: string
  readonly stderr: string
}

/** Runs a command; on failure, an error that says which command, where, and what it printed. */
const sh = (command: string, args: ReadonlyArray<string>, cwd: string, timeoutMs = 300_000) =>
  new Promise<Ran>((resolvePromise, reject) => {
    execFile(
      command,
      [...args],
      { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, shell: process.platform === "win32" },
      (error, stdout, stderr) => {
        if (error === null) return resolvePromise({ stdout, stderr })
        const tail = (text: string) => text.trim().split("\n").slice(-40).join("\n")
        reject(
          new Error(
            `\`${command} ${args.join(" ")}\` in ${cwd} failed (${error.killed ? "timed out" : `exit ${error.code}`})\n` +
              `--- stdout\n${tail(stdout)}\n--- stderr\n${tail(stderr)}`,
          ),
        )
      },
    )
  })

/** A file the README shows: its TypeScript block that starts with `// <name>`. */
const readmeFile = (name: string): string => {
  const block = readme.split("```ts\n").find((b) => b.startsWith(`// ${name}\n`))
  if (block === undefined) throw new Error(`README.md has no \`\`\`ts block starting with \`// ${name}\``)
  return block.slice(0, block.indexOf("```"))
}

// What the README tells a bot author to type, checked to be there word for word and run here.
const COMPILE = "npx tsc --strict --module nodenext my-bot.ts"
const COMPILE_PLAY = "npx tsc --strict --module nodenext --types node play.ts && node play.js"
const PLAY = "npx boroughs-bot local --game downtown --bots ./my-bot.js,heuristic,heuristic"

/** A workspace package's version: what its tarball is named after. */
const version = (pkg: string): string =>
  (JSON.parse(readFileSync(join(packageDir, "..", pkg, "package.json"), "utf8")) as { version: string })
    .version

let temp = ""
let project = ""
const bin = (name: string) => join(project, "node_modules", ".bin", name)

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), "boroughs-sdk-install-"))
  project = join(temp, "my-bot")
  const packs = join(temp, "packs")
  const packed = await sh(
    process.execPath,
    [join(packageDir, "scripts", "pack-sdk.mjs"), "--out", packs],
    temp,
    600_000,
  )
  const tarballs = packed.stdout.trim().split("\n")
  expect(tarballs.map((t) => t.replace(/^.*[/\\]/, "")).sort()).toEqual(
    ["bot-sdk", "core", "protocol"].map((pkg) => `boroughs-${pkg}-${version(pkg)}.tgz`),
  )
  // A fresh project of the bot author's: ES modules, nothing else.
  mkdirSync(project)
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "my-bot", version: "1.0.0", private: true, type: "module" }, null, 2)}\n`,
  )
  await sh(
    "npm",
    ["install", "--no-audit", "--no-fund", ...tarballs, "typescript@5.9.3", "@types/node@^20.19.0"],
    project,
    600_000,
  )
}, 900_000)

afterAll(() => {
  if (temp !== "") rmSync(temp, { recursive: true, force: true })
})

describe("the SDK installed from its tarballs in a project outside the workspace", () => {
  it("ships built JavaScript: every export, type and bin it names exists, and no test, bench or fixture", () => {
    for (const pkg of ["core", "protocol", "bot-sdk"]) {
      const dir = join(project, "node_modules", "@boroughs", pkg)
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        exports: Record<string, { types: string; default: string }>
        bin?: Record<string, string>
        dependencies?: Record<string, string>
      }
      const targets = Object.values(manifest.exports).flatMap((e) => [e.types, e.default])
      const paths = targets.flatMap((target) =>
        // A subpath pattern (`./games/*`) names one file per game folder.
        target.includes("*")
          ? readdirSync(join(dir, target.slice(0, target.indexOf("*")))).map((name) =>
              target.replace("*", name),
            )
          : [target],
      )
      expect(paths.length, `${pkg}: exports`).toBeGreaterThan(1)
      for (const path of [...paths, ...Object.values(manifest.bin ?? {})]) {
        expect(path, `${pkg}: ${path} must be built JavaScript`).toMatch(/^\.\/dist\/.*\.(js|d\.ts)$/)
        expect(existsSync(join(dir, path)), `${pkg}: ${path} is missing`).toBe(true)
      }
      for (const range of Object.values(manifest.dependencies ?? {}))
        expect(range, `${pkg}: a workspace or catalog version was left unresolved`).not.toMatch(
          /^(workspace|catalog):/,
        )
      const files = (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.replaceAll("\\", "/"))
      expect(
        files.filter((f) => /\.(test|bench)\.|(^|\/)(testing|fixture)(\/|\.|$)|(^|\/)tsWorker\.mjs$/.test(f)),
        `${pkg} ships test, bench or fixture files`,
      ).toEqual([])
    }
  })

  it("compiles the README's typed bot and play.ts with tsc --strict, and types a bot by its game", async () => {
    expect(readme).toContain(COMPILE)
    expect(readme).toContain(COMPILE_PLAY)
    writeFileSync(join(project, "my-bot.ts"), readmeFile("my-bot.ts"))
    writeFileSync(join(project, "play.ts"), readmeFile("play.ts"))
    // Were `view` and `legal` untyped, these expected errors would be missing, itself an error.
    writeFileSync(
      join(project, "typed.ts"),
      [
        'import { defineBot } from "@boroughs/bot-sdk"',
        'import type { Command } from "@boroughs/core/games/downtown"',
        "export const typed = defineBot({",
        '  game: "downtown",',
        '  name: "typed",',
        "  decide: (view, legal): Command | null => {",
        "    // @ts-expect-error Downtown has no such command",
        '    legal.find((c) => c.type === "MovePawn")',
        "    // @ts-expect-error Downtown's view has no such field",
        "    view.pawns",
        "    return legal[0] ?? null",
        "  },",
        "})",
        "",
      ].join("\n"),
    )
    await sh(
      bin("tsc"),
      ["--strict", "--module", "nodenext", "--types", "node", "my-bot.ts", "play.ts", "typed.ts"],
      project,
    )
    expect(existsSync(join(project, "my-bot.js"))).toBe(true)
  })

  it("plays the compiled bot with the installed boroughs-bot local, to the end of the game", async () => {
    expect(readme).toContain(PLAY)
    const shown = await sh(
      bin("boroughs-bot"),
      ["local", "--game", "downtown", "--bots", "./my-bot.js,heuristic,heuristic"],
      project,
    )
    expect(shown.stdout).toMatch(/^downtown, seed 1: \d+ commands/)
    const { stdout } = await sh(
      bin("boroughs-bot"),
      ["local", "--game", "downtown", "--bots", "./my-bot.js,heuristic,heuristic", "--json"],
      project,
    )
    const summary = JSON.parse(stdout) as {
      seats: Array<{ bot: string }>
      outcome: { ranks: number[]; scores: number[]; reason: string }
      commands: Array<{ seat: number; defaulted: string | null }>
    }
    expect(summary.seats.map((s) => s.bot)).toEqual(["commerce-lover", "heuristic", "heuristic"])
    expect(summary.outcome.ranks).toHaveLength(3)
    expect(summary.outcome.scores).toHaveLength(3)
    expect(summary.commands.filter((c) => c.seat === 0 && c.defaulted === null).length).toBeGreaterThan(0)
  })

  it("plays the bot from code with the installed library (the README's play.ts)", async () => {
    const { stdout } = await sh(process.execPath, ["play.js"], project)
    // `console.log(ranks, scores)`: two arrays of three.
    expect(stdout.trim()).toMatch(/^\[ [1-3], [1-3], [1-3] \] \[ -?\d+, -?\d+, -?\d+ \]$/)
  })

  it("searches on worker threads from the installed build: the command's bundle and the library's modules", async () => {
    // The bundled command: under an iteration budget a helper that fails to load fails the game.
    const cli = await sh(
      bin("boroughs-bot"),
      ["local", "--game", "downtown", "--bots", "ismcts:40ix2,heuristic,heuristic", "--seed", "threads"],
      project,
    )
    expect(cli.stdout).toContain("ismcts:40ix2")
    // The library (tsc's output), with a game's subpath export at run time.
    writeFileSync(
      join(project, "threads.mjs"),
      [
        'import { heuristicBot, isMctsBot, playLocal } from "@boroughs/bot-sdk"',
        'import { downtown } from "@boroughs/core/games/downtown"',
        "const threads = new Set()",
        // A decision with one legal command is answered on this thread alone, by design: count the others.
        "const bot = isMctsBot({ iterations: 40, threads: 2, onSearch: (r) => { if (r.stats.length > 1) threads.add(r.threads ?? 1) } })",
        'const result = await playLocal({ game: downtown, bots: [bot, heuristicBot, heuristicBot], seed: "threads" })',
        "await bot.close()",
        "console.log(JSON.stringify({ ended: result.match.ended !== null, threads: [...threads] }))",
        "",
      ].join("\n"),
    )
    const lib = await sh(process.execPath, ["threads.mjs"], project)
    expect(JSON.parse(lib.stdout)).toEqual({ ended: true, threads: [2] })
  })
})
