import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { createConnection } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
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

/** Whether something answers on the machine's Redis port (the happy path below needs a Redis). */
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: "127.0.0.1", port: 6379 })
  socket.setTimeout(1_000)
  socket.once("connect", () => resolve(true)).once("error", () => resolve(false))
  socket.once("timeout", () => resolve(false))
  socket.once("close", () => socket.destroy())
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

  it("names BOROUGHS_REDIS_URL_FILE's file when it is unreadable or holds no Redis URL, never its text", async () => {
    const folder = mkdtempSync(join(tmpdir(), "boroughs-redis-url-"))
    const notRedis = join(folder, "not-redis")
    writeFileSync(notRedis, "http://127.0.0.1:6379\n")
    const missing = join(folder, "missing")
    const [bad, gone] = await Promise.all([
      main([], { BOROUGHS_REDIS_URL_FILE: notRedis, BOROUGHS_REDIS_URL: "" }),
      main([], { BOROUGHS_REDIS_URL_FILE: missing, BOROUGHS_REDIS_URL: "" }),
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(`the Redis URL in ${notRedis} must be a redis:// or rediss:// URL`)
    expect(bad.stderr).not.toContain("http://127.0.0.1:6379")
    expect(gone.code).toBe(2)
    expect(gone.stderr).toContain(`cannot read the Redis URL from ${missing}: ENOENT`)
  })

  it("refuses a metrics token too short to guard anything, or a file it cannot read", async () => {
    const missing = join(mkdtempSync(join(tmpdir(), "boroughs-metrics-")), "missing")
    const [short, gone] = await Promise.all([
      main([], { BOROUGHS_METRICS_TOKEN: "secret" }),
      main([], { BOROUGHS_METRICS_TOKEN: "", BOROUGHS_METRICS_TOKEN_FILE: missing }),
    ])
    expect(short.code).toBe(2)
    expect(short.stderr).toMatch(/the metrics token must be at least 16 characters, without spaces/)
    expect(short.stderr).not.toContain("secret\n")
    expect(gone.code).toBe(2)
    expect(gone.stderr).toContain(`cannot read the metrics token from ${missing}: ENOENT`)
  })

  it.skipIf(!process.env.DATABASE_URL || !redisAnswers)(
    "starts with the Redis URL from BOROUGHS_REDIS_URL_FILE: its rate limits live in that Redis",
    async () => {
      const folder = mkdtempSync(join(tmpdir(), "boroughs-redis-url-"))
      const file = join(folder, "redis-url")
      writeFileSync(file, "redis://127.0.0.1:6379\n", { mode: 0o600 })
      // An API replica on CI's database: no background work (leadership, projections) beside other suites'.
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "src/main.ts", "--port", "0", "--no-background"],
        {
          cwd: `${import.meta.dirname}/..`,
          env: {
            ...process.env,
            BOROUGHS_HOME: folder,
            BOROUGHS_REDIS_URL: "",
            BOROUGHS_REDIS_URL_FILE: file,
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      )
      try {
        let stdout = ""
        await new Promise<void>((resolve, reject) => {
          child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
            stdout += chunk
            if (stdout.includes("round roots signed")) resolve()
          })
          child.on("close", (code) => reject(new Error(`the server stopped (${code}) before listening`)))
        })
        expect(stdout).toContain("rate limits: shared in Redis at redis://127.0.0.1:6379")
      } finally {
        const stopped = new Promise((resolve) => child.once("close", resolve))
        child.kill("SIGTERM")
        await stopped
      }
    },
  )
})
