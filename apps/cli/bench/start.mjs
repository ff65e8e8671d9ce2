#!/usr/bin/env node
// CLI start-up, measured against `node -e 0` in the same run (interleaved, so both see the same machine):
// every `boroughs` call pays it, and a bundle that loads each command's modules only when it runs keeps
// `--help` near bare Node. Budgets: `--help` ≤ 3× `node -e 0`, `describe downtown` ≤ 1 s.
import { spawnSync } from "node:child_process"
import { join } from "node:path"

const cli = join(import.meta.dirname, "../dist/boroughs.js")
const runs = Number(process.env.BENCH_RUNS ?? 15)
const cases = {
  "node -e 0 (baseline)": ["-e", "0"],
  "boroughs --help": [cli, "--help"],
  "boroughs describe downtown": [cli, "describe", "downtown"],
  "boroughs describe downtown --json": [cli, "describe", "downtown", "--json"],
}
const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]))
for (let i = 0; i < runs + 2; i++)
  for (const [name, args] of Object.entries(cases)) {
    const t0 = process.hrtime.bigint()
    const r = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] })
    const ms = Number(process.hrtime.bigint() - t0) / 1e6
    if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`)
    if (i >= 2) times[name].push(ms) // the first two warm the file cache
  }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const base = median(times["node -e 0 (baseline)"])
console.log(`CLI start-up, median of ${runs} runs each (interleaved)`)
for (const [name, xs] of Object.entries(times)) {
  const m = median(xs)
  console.log(`  ${name.padEnd(36)} ${m.toFixed(0).padStart(5)} ms  ${(m / base).toFixed(2)}× baseline`)
}
const help = median(times["boroughs --help"]) / base
const describe = median(times["boroughs describe downtown"])
console.log(`  --help: ${help.toFixed(2)}× node -e 0 (budget 3×) ${help <= 3 ? "ok" : "OVER BUDGET"}`)
console.log(
  `  describe downtown: ${describe.toFixed(0)} ms (budget 1,000 ms) ${describe <= 1000 ? "ok" : "OVER BUDGET"}`,
)
