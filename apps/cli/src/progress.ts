import cliProgress from "cli-progress"

/** True when a person is watching: progress goes to stderr only then, so pipes and CI logs stay clean. */
export const interactive = (): boolean => Boolean(process.stderr.isTTY) && !process.env.CI

/** A one-line live status on stderr (cli-progress), or nothing when not interactive. */
export const statusLine = (format: string) => {
  if (!interactive()) return { update: (_: Record<string, unknown>) => {}, stop: () => {} }
  const bar = new cliProgress.SingleBar(
    { format, hideCursor: true, clearOnComplete: true, stream: process.stderr, fps: 10 },
    cliProgress.Presets.shades_classic,
  )
  bar.start(1, 0)
  return { update: (values: Record<string, unknown>) => bar.update(0, values), stop: () => bar.stop() }
}

/** A progress bar with a known total on stderr, or nothing when not interactive. */
export const progressBar = (label: string, total: number) => {
  if (!interactive()) return { increment: (_?: Record<string, unknown>) => {}, stop: () => {} }
  const bar = new cliProgress.SingleBar(
    { format: `${label} |{bar}| {value}/{total} {info}`, hideCursor: true, stream: process.stderr, fps: 10 },
    cliProgress.Presets.shades_classic,
  )
  bar.start(total, 0, { info: "" })
  return { increment: (values?: Record<string, unknown>) => bar.increment(1, values), stop: () => bar.stop() }
}

/**
 * A progress bar whose total is learnt as it goes (an analysis tells its positions with its first report), on
 * stderr, or nothing when not interactive. `update` sets where it stands; a null total leaves the bar empty.
 */
export const progressTo = (label: string) => {
  if (!interactive()) return { update: (_done: number, _total: number | null) => {}, stop: () => {} }
  let bar: cliProgress.SingleBar | undefined
  return {
    update: (done: number, total: number | null) => {
      if (bar === undefined) {
        bar = new cliProgress.SingleBar(
          { format: `${label} |{bar}| {value}/{total}`, hideCursor: true, stream: process.stderr, fps: 10 },
          cliProgress.Presets.shades_classic,
        )
        bar.start(Math.max(1, total ?? 1), 0)
      }
      if (total !== null) bar.setTotal(Math.max(1, total))
      bar.update(done)
    },
    stop: () => bar?.stop(),
  }
}
