import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"

/** Runs the server's entry point from source with these arguments; it must stop before listening. */
const main = (args: ReadonlyArray<string>, env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts", ...args], {
    cwd: `${import.meta.dirname}/..`,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 30_000,
  })
  return { code: r.status, stderr: r.stderr }
}

describe("boroughs server's options", () => {
  it("refuses a stream cap that is not a whole number, from a flag or the environment", () => {
    for (const [args, env] of [
      [["--max-streams-per-address", "0x10"], {}],
      [[], { BOROUGHS_MAX_STREAMS_PER_ADDRESS: "-1" }],
    ] as const) {
      const r = main(args, env)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(
        /--max-streams-per-address must be a whole number \(0 for no cap\), not (0x10|-1)/,
      )
    }
  })

  it("refuses a trusted proxy that is not an address or subnet, naming it", () => {
    const r = main(["--trust-proxy", "loopback,site"])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--trust-proxy: "site" is not an IP address or subnet/)
  })
})
