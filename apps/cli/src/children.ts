import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"

/** A child process `start` runs (the server, the site), with what it printed when it became ready. */
export interface Child {
  readonly name: string
  readonly process: ChildProcess
  /** Resolves with the match of `ready` in its output; rejects when it exits or times out first. */
  readonly ready: Promise<RegExpMatchArray>
  /** Resolves with its exit code once it has exited. */
  readonly exited: Promise<number>
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  readonly stop: (graceMs?: number) => Promise<number>
}

/**
 * Starts a child process and watches its stdout and stderr for the line that says it is ready. Lines go to
 * `log` (start shows them only when they matter). The last lines are kept for the error of a failed start.
 */
export const startChild = (o: {
  readonly name: string
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly cwd: string
  readonly env?: NodeJS.ProcessEnv
  readonly ready: RegExp
  readonly timeoutMs: number
  readonly log: (line: string) => void
}): Child => {
  const child = spawn(o.command, [...o.args], {
    cwd: o.cwd,
    env: o.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  const tail: string[] = []
  let resolveReady: (m: RegExpMatchArray) => void = () => {}
  let rejectReady: (e: Error) => void = () => {}
  let isReady = false
  const ready = new Promise<RegExpMatchArray>((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  ready.catch(() => {})
  const onLine = (line: string) => {
    tail.push(line)
    if (tail.length > 30) tail.shift()
    o.log(line)
    const m = isReady ? null : line.match(o.ready)
    if (m) {
      isReady = true
      resolveReady(m)
    }
  }
  for (const stream of [child.stdout, child.stderr])
    if (stream) createInterface({ input: stream }).on("line", onLine)
  const timer = setTimeout(() => {
    if (!isReady)
      rejectReady(new Error(`${o.name} did not start within ${o.timeoutMs / 1000} s:\n${tail.join("\n")}`))
  }, o.timeoutMs)
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code, signal) => {
      clearTimeout(timer)
      if (!isReady)
        rejectReady(
          new Error(
            `${o.name} stopped (${signal ?? `exit ${code}`}) before it was ready:\n${tail.join("\n")}`,
          ),
        )
      resolve(code ?? (signal ? 0 : 1))
    }),
  )
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      const kill = setTimeout(() => child.kill("SIGKILL"), graceMs)
      kill.unref()
    }
    return exited
  }
  return { name: o.name, process: child, ready, exited, stop }
}
