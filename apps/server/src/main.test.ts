import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"

/** Runs the server's entry point from source with these arguments; it must stop before listening. */
const main = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts", ...args], {
      cwd: `${import.meta.dirname}/..`,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
      // Loading the server's sources under tsx takes seconds alone and far longer on a loaded CI machine;
      // a killed child (code null) would fail the test for the machine's load, not for the options.
      timeout: 110_000,
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stderr }))
  })

describe("boroughs server's options", () => {
  // Each case starts a process under tsx (seconds): they run side by side.
  it("refuses a bad stream cap, trusted proxy or log format, naming the value, before it listens", async () => {
    const [hex, negative, proxy, logs] = await Promise.all([
      main(["--max-streams-per-address", "0x10"]),
      main([], { BOROUGHS_MAX_STREAMS_PER_ADDRESS: "-1" }),
      main(["--trust-proxy", "loopback,site"]),
      main([], { BOROUGHS_LOG_FORMAT: "xml" }),
    ])
    expect(hex.code).toBe(2)
    expect(hex.stderr).toMatch(/--max-streams-per-address must be a whole number \(0 for no cap\), not 0x10/)
    expect(negative.code).toBe(2)
    expect(negative.stderr).toMatch(
      /--max-streams-per-address must be a whole number \(0 for no cap\), not -1/,
    )
    expect(proxy.code).toBe(2)
    expect(proxy.stderr).toMatch(/--trust-proxy: "site" is not an IP address or subnet/)
    expect(logs.code).toBe(2)
    expect(logs.stderr).toMatch(/--log-format must be "json" or "pretty", not "xml"/)
  })

  it("refuses bad ladder settings, naming the value, before it listens", async () => {
    const [onOff, clock, table, house] = await Promise.all([
      main([], { BOROUGHS_LADDER: "maybe" }),
      main([], { BOROUGHS_LADDER_DECISION_MS: "10s" }),
      main([], { BOROUGHS_LADDER_TABLE_SIZE: "1" }),
      main([], { BOROUGHS_LADDER_HOUSE: "heuristic" }),
    ])
    expect(onOff.code).toBe(2)
    expect(onOff.stderr).toMatch(/BOROUGHS_LADDER must be "on" or "off", not maybe/)
    expect(clock.code).toBe(2)
    expect(clock.stderr).toMatch(/BOROUGHS_LADDER_DECISION_MS must be a whole number ≥ 100, not 10s/)
    expect(table.code).toBe(2)
    expect(table.stderr).toMatch(/BOROUGHS_LADDER_TABLE_SIZE must be a whole number ≥ 2, not 1/)
    expect(house.code).toBe(2)
    expect(house.stderr).toMatch(/BOROUGHS_LADDER_HOUSE lists house bots as builtin:<bot>/)
  })

  it("refuses bad analysis and guest-game settings, naming the value, before it listens", async () => {
    const [onOff, rollouts, guests] = await Promise.all([
      main([], { BOROUGHS_ANALYSIS: "sometimes" }),
      main([], { BOROUGHS_ANALYSIS_ROLLOUTS: "lots" }),
      main([], { BOROUGHS_GUEST_GAMES: "no" }),
    ])
    expect(guests.code).toBe(2)
    expect(guests.stderr).toMatch(/BOROUGHS_GUEST_GAMES must be "on" or "off", not "no"/)
    expect(onOff.code).toBe(2)
    expect(onOff.stderr).toMatch(/BOROUGHS_ANALYSIS must be "on" or "off", not "sometimes"/)
    expect(rollouts.code).toBe(2)
    expect(rollouts.stderr).toMatch(/BOROUGHS_ANALYSIS_ROLLOUTS must be a whole number from 1 to 10000/)
  })
})
