import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { cli as run } from "./testing.js"

// The CLI as a person runs it: the built command, a real PGlite directory, a real key file and export.
const cli = (...args: string[]) => run(args, 240_000)

describe("boroughs tournament and verify --tournament", () => {
  const dir = mkdtempSync(join(tmpdir(), "boroughs-cli-tournament-"))
  const out = join(dir, "t.ndjson")
  const key = join(dir, "organiser.pem")

  it("runs a tournament of built-in bots to standings, then audits its export offline", () => {
    const run = cli(
      "tournament",
      ...["--game", "downtown", "--format", "round-robin", "--rounds", "1", "--table-size", "3"],
      ...[
        "--bots",
        "random:3",
        "--seed",
        "cli",
        "--id",
        "cup",
        "--db",
        join(dir, "db"),
        "--key",
        key,
        "--out",
        out,
        "--json",
      ],
    )
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    const result = JSON.parse(run.stdout)
    expect(result.tournamentId).toBe("cup")
    expect(result.standings).toHaveLength(3)
    expect(result.standings.reduce((n: number, s: { games: number }) => n + s.games, 0)).toBe(3)
    expect(
      result.rounds.every((r: { merkleRoot: string | null }) => /^[0-9a-f]{64}$/.test(r.merkleRoot ?? "")),
    ).toBe(true)

    const audit = cli("verify", "--tournament", "cup", out, "--key", key)
    expect(audit.code).toBe(0)
    expect(audit.stdout).toMatch(/^SOUND {2}tournament cup/)
    expect(audit.stdout).toContain(`trusted key: ${result.publicKey}`)
    expect(audit.stdout).toMatch(
      /round 1: pairing re-derived, 1\/1 games sound, root [0-9a-f]{64} recomputed, signature valid/,
    )
  })

  it("names what is wrong in a tampered export and exits 1", () => {
    const lines = readFileSync(out, "utf8").trimEnd().split("\n")
    const i = lines.findIndex((l) => {
      const e = JSON.parse(l)
      return e.streamId === "game-cup-r1-t1" && e.version === 7
    })
    const e = JSON.parse(lines[i] as string)
    lines[i] = JSON.stringify({ ...e, data: { ...e.data, x: 1 } })
    const tampered = join(dir, "tampered.ndjson")
    writeFileSync(tampered, `${lines.join("\n")}\n`)
    const audit = cli("verify", "--tournament", "cup", tampered, "--key", key, "--json")
    expect(audit.code).toBe(1)
    const report = JSON.parse(audit.stdout)
    expect(report.ok).toBe(false)
    expect(report.problems[0]).toMatchObject({ where: "game cup-r1-t1", kind: "chain", version: 7 })
  })

  it("a key other than the organiser's is refused", () => {
    const audit = cli("verify", "--tournament", "cup", out, "--public-key", "ab".repeat(32))
    expect(audit.code).toBe(1)
    expect(audit.stdout).toContain("key: the round is signed by key")
  })
})
