/** One side of a comparison: a fresh operation per repetition, called as `(writer, index)`. */
export interface Side {
  readonly label: string
  readonly prepare: () => Promise<(writer: number, index: number) => Promise<unknown>>
}

/** How a scenario loads the database: `writers` concurrent loops of `opsPerWriter` operations each. */
export interface Load {
  readonly writers: number
  readonly opsPerWriter: number
  readonly eventsPerOp: number
}

export interface Timing {
  readonly opsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** CPU time of this process (user + system) per operation: the client-side cost, in µs. */
  readonly cpuUs: number
}

/** The nearest-rank quantile of sorted samples. */
export const quantile = (sorted: ReadonlyArray<number>, q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN

export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Runs the load once: wall time over every writer's loop, and each operation's latency. */
export const timeLoad = async (
  load: Load,
  op: (writer: number, index: number) => Promise<unknown>,
): Promise<Timing> => {
  const latencies: number[] = []
  const cpuBefore = process.cpuUsage()
  const start = performance.now()
  await Promise.all(
    Array.from({ length: load.writers }, async (_, writer) => {
      for (let index = 0; index < load.opsPerWriter; index++) {
        const began = performance.now()
        await op(writer, index)
        latencies.push(performance.now() - began)
      }
    }),
  )
  const seconds = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  latencies.sort((a, b) => a - b)
  return {
    opsPerSecond: latencies.length / seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    cpuUs: (cpu.user + cpu.system) / latencies.length,
  }
}

export interface SideResult {
  readonly label: string
  /** Medians over the repetitions. */
  readonly timing: Timing
  /** Per repetition: this side's ops/s over each baseline's in the same repetition, then the median. */
  readonly ratios: ReadonlyArray<number>
}

export interface Comparison {
  readonly title: string
  readonly load: Load
  readonly repetitions: number
  readonly sides: ReadonlyArray<SideResult>
  readonly baselines: ReadonlyArray<string>
}

/**
 * Times every side under the same load, `repetitions` times, the order rotated each repetition so no side
 * always runs first (after a checkpoint) or last. `baselines` are the sides every other one is divided by;
 * a ratio is taken within one repetition (same machine state), and the median of them is reported.
 */
export const compareSides = async (input: {
  readonly title: string
  readonly load: Load
  readonly baselines: ReadonlyArray<Side>
  readonly sides: ReadonlyArray<Side>
  readonly repetitions?: number
  readonly warmup?: Load
}): Promise<Comparison> => {
  const repetitions = input.repetitions ?? 3
  const all = [...input.baselines, ...input.sides]
  if (input.warmup !== undefined) for (const side of all) await timeLoad(input.warmup, await side.prepare())
  const runs: Timing[][] = all.map(() => [])
  for (let rep = 0; rep < repetitions; rep++)
    for (let k = 0; k < all.length; k++) {
      const i = (k + rep) % all.length
      runs[i]!.push(await timeLoad(input.load, await all[i]!.prepare()))
    }
  const sides = all.map((side, i): SideResult => {
    const mine = runs[i]!
    return {
      label: side.label,
      timing: {
        opsPerSecond: median(mine.map((t) => t.opsPerSecond)),
        p50Ms: median(mine.map((t) => t.p50Ms)),
        p99Ms: median(mine.map((t) => t.p99Ms)),
        cpuUs: median(mine.map((t) => t.cpuUs)),
      },
      ratios: input.baselines.map((_, b) =>
        median(mine.map((t, rep) => t.opsPerSecond / runs[b]![rep]!.opsPerSecond)),
      ),
    }
  })
  return {
    title: input.title,
    load: input.load,
    repetitions,
    sides,
    baselines: input.baselines.map((b) => b.label),
  }
}

const pad = (text: string, width: number) => text.padStart(width)

/** A comparison as a plain-text table: ops/s, events/s, p50/p99 and the ratio to each baseline. */
export const formatComparison = (c: Comparison): string => {
  const { writers, opsPerWriter, eventsPerOp } = c.load
  const head = `${c.title} — ${writers} writer${writers === 1 ? "" : "s"} × ${opsPerWriter} ops × ${eventsPerOp} event${eventsPerOp === 1 ? "" : "s"}, median of ${c.repetitions}`
  const width = Math.max(...c.sides.map((s) => s.label.length))
  const rows = c.sides.map((s) => {
    const t = s.timing
    const ratios = s.ratios.map((r, b) => `${r.toFixed(2)}× ${c.baselines[b]}`).join("  ")
    return `  ${s.label.padEnd(width)} ${pad(t.opsPerSecond.toFixed(0), 7)} ops/s ${pad((t.opsPerSecond * eventsPerOp).toFixed(0), 8)} ev/s  p50 ${pad(t.p50Ms.toFixed(2), 6)} ms  p99 ${pad(t.p99Ms.toFixed(2), 6)} ms  cpu ${pad(t.cpuUs.toFixed(0), 5)} µs/op   ${ratios}`
  })
  return [head, ...rows].join("\n")
}
