import { describe, expect, it } from "vitest"
import { registry } from "../registry.js"

/**
 * Every game folder has the same files under the same names, so `decide`, the events or the legal commands of
 * any game are where a reader of another game looks for them. A game adds files of its own (data, board
 * geometry, rules several steps share) beside these; it drops none of them.
 */
const COMMON = [
  "advance.ts",
  "bots/heuristic.ts",
  "bots/random.ts",
  "catalogue.ts",
  "commands.ts",
  "decide.ts",
  "determinise.ts",
  "events.ts",
  "evolve.ts",
  "index.ts",
  "legal.ts",
  "options.ts",
  "outcome.ts",
  "pending.ts",
  "properties.test.ts",
  "state.ts",
  "testing.ts",
  "view.ts",
  "visibility.ts",
]

/** The types each game's `index.ts` exports, under the same names in every game. */
const TYPES = ["Catalogue", "Command", "Event", "Options", "State", "View"]

interface Entry {
  readonly name: string
  isDirectory(): boolean
}
interface Fs {
  readdirSync(path: URL, options: { withFileTypes: true }): Entry[]
  readdirSync(path: URL, options: { recursive: true }): string[]
  readFileSync(path: URL, encoding: "utf8"): string
}
// Core is platform-neutral and its tsconfig loads no Node types: the file system is reached through globalThis.
const fs = (
  globalThis as unknown as { process: { getBuiltinModule(id: "node:fs"): Fs } }
).process.getBuiltinModule("node:fs")

const here = new URL("./", import.meta.url)
const folders = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()

const filesOf = (game: string): string[] =>
  fs.readdirSync(new URL(`${game}/`, here), { recursive: true }).map((f) => f.replaceAll("\\", "/"))

/** `urban-sprawl` → `urbanSprawl`: the name of a game's definition in its index. */
const camel = (id: string): string => id.replace(/-(.)/g, (_, c: string) => c.toUpperCase())

/** The type names an index exports (`export type { A, B as C }`, with or without `from`; `export type X =`). */
const exportedTypes = (source: string): string[] => [
  ...[...source.matchAll(/export type \{([^}]*)\}/g)].flatMap((m) =>
    (m[1] as string).split(",").map((n) => (n.split(" as ").pop() as string).trim()),
  ),
  ...[...source.matchAll(/export type (\w+)\b/g)].map((m) => m[1] as string),
]

describe("the layout of a game folder", () => {
  it("has one folder per registered game, named by the game's id", () => {
    expect(folders).toEqual(registry.map((g) => g.game.id).sort())
  })

  for (const game of folders) {
    it(`${game} has every file of the common layout, and its benchmark`, () => {
      const files = filesOf(game)
      expect([...COMMON, `${game}.bench.ts`].filter((f) => !files.includes(f))).toEqual([])
    })

    it(`${game}'s index exports the common names`, async () => {
      // The source path: Vite resolves a dynamic import with a variable part by globbing files as they are named.
      const index = (await import(`./${game}/index.ts`)) as Record<string, unknown>
      const registered = registry.find((g) => g.game.id === game)
      expect(index[camel(game)]).toBe(registered?.game)
      expect(index[`${camel(game)}Bots`]).toBe(registered?.bots)
      expect(index.heuristicBot).toBe(registered?.bots.heuristic)
      expect(index.randomBot).toBe(registered?.bots.random)
      // Types leave nothing at run time: read them off the source.
      const types = exportedTypes(fs.readFileSync(new URL(`${game}/index.ts`, here), "utf8"))
      expect(TYPES.filter((t) => !types.includes(t))).toEqual([])
    })
  }
})
