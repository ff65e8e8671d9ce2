import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { chownSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from "node:fs"
import { createServer } from "node:net"
import { dirname, join, posix } from "node:path"
import { argvOf, type Dockerfile, flags, type ImageName, readDockerfile, repoRoot } from "./dockerfile.js"

/**
 * The images cannot be built here (no container engine), so the tests assemble each runtime stage's file
 * system in a temporary folder from the Dockerfile itself and run its command there:
 *
 * - the build stage's outputs: `/repo/…` is this checkout after its builds (the same commands the build stage
 *   runs), `/deploy` is made by the build stage's own `pnpm … deploy` command, run against this workspace;
 * - the runtime stage's `COPY --from=build` and `RUN mkdir/chown` lines, applied in order;
 * - its WORKDIR, ENV, USER (root here runs the command as `nobody`, with the same rights the image's `node`
 *   user has: read the app, write only what the Dockerfile hands to it) and exec-form CMD.
 *
 * Image paths map into the folder (`/app/apps/server` is `<root>/image/app/apps/server`), so nothing the
 * command does can reach the checkout.
 */
export interface Runtime {
  readonly name: ImageName
  readonly dockerfile: Dockerfile
  /** The folder standing for the image's `/`. */
  readonly root: string
  /** The image's WORKDIR, in the folder. */
  readonly workdir: string
  /** Where a path of the image is in the folder. */
  readonly host: (imagePath: string) => string
}

/** The uid/gid the command runs as: `nobody` when the tests run as root, else the current user. */
export const runAs: { uid?: number; gid?: number } =
  process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}

export const giveToRunUser = (path: string) => {
  if (runAs.uid !== undefined) chownSync(path, runAs.uid, runAs.gid as number)
}

/** The pnpm store this workspace was installed from: the build stage's cache mount stands for it. */
const pnpmStore = (): string =>
  execFileSync("pnpm", ["store", "path"], { cwd: repoRoot, encoding: "utf8" }).trim()

/** The `pnpm … deploy … /deploy` step of the build stage, ready to run here. */
export const deployCommand = (d: Dockerfile, target: string): string[] => {
  const build = d.stages[0]
  const steps = (build?.instructions ?? [])
    .filter((i) => i.keyword === "RUN")
    .flatMap((i) => flags(i.args).rest.split("&&"))
    .map((s) => s.trim())
  const deploy = steps.find((s) => /^pnpm\b.*\bdeploy\b/.test(s))
  if (deploy === undefined) throw new Error("the build stage has no `pnpm … deploy` step")
  const words = deploy.split(/\s+/)
  if (words.at(-1) !== "/deploy") throw new Error(`the deploy step must write /deploy: ${deploy}`)
  return words
    .slice(1, -1)
    .map((w, i, all) => (all[i - 1] === "--store-dir" ? pnpmStore() : w))
    .concat(target)
}

/** Builds the runtime stage of `name` under `root` (see Runtime). */
export const assemble = (name: ImageName, root: string): Runtime => {
  const dockerfile = readDockerfile(name)
  const runtime = dockerfile.final
  const buildName = dockerfile.stages[0]?.name
  const deployDir = join(root, "build-stage/deploy")
  const host = (imagePath: string): string => join(root, "image", imagePath)
  /** A path of the build stage, in this checkout or in the deploy folder. */
  const fromBuild = (p: string): string => {
    if (p === "/deploy" || p.startsWith("/deploy/")) return join(deployDir, p.slice("/deploy".length))
    if (p === "/repo" || p.startsWith("/repo/")) return join(repoRoot, p.slice("/repo".length))
    throw new Error(`${p}: the build stage writes only /repo and /deploy`)
  }

  execFileSync("pnpm", deployCommand(dockerfile, deployDir), { cwd: repoRoot, stdio: "pipe" })

  let workdir = "/"
  for (const ins of runtime.instructions) {
    if (ins.keyword === "WORKDIR") {
      workdir = posix.resolve(workdir, ins.args)
      mkdirSync(host(workdir), { recursive: true })
    } else if (ins.keyword === "COPY") {
      const { flags: f, rest } = flags(ins.args)
      if (f.from !== buildName) throw new Error(`line ${ins.line}: the runtime stage copies from ${f.from}`)
      const [source, target] = rest.split(/\s+/) as [string, string]
      const from = fromBuild(source)
      if (!existsSync(from))
        throw new Error(`line ${ins.line}: ${source} does not exist after the build (${from})`)
      const to = host(posix.resolve(workdir, target))
      mkdirSync(dirname(to), { recursive: true })
      // The deploy folder is this test's own: moved into place, not copied (hundreds of MB for a site).
      if (from.startsWith(`${deployDir}/`)) renameSync(from, to)
      else
        cpSync(from, to, {
          recursive: true,
          verbatimSymlinks: true,
          // `.next/cache` is the build's cache, which the build stage deletes: not part of the image.
          filter: (src) => !/\/\.next\/cache(\/|$)/.test(src),
        })
      if (f.chown !== undefined) chownTree(to)
    } else if (ins.keyword === "RUN") {
      for (const step of flags(ins.args)
        .rest.split("&&")
        .map((s) => s.trim())) {
        const [command, ...args] = step.split(/\s+/)
        const paths = args.filter((a) => !a.startsWith("-") && !/^\w+:\w+$/.test(a))
        if (command === "mkdir" && args[0] === "-p")
          for (const p of paths) mkdirSync(host(posix.resolve(workdir, p)), { recursive: true })
        else if (command === "chown" && args.some((a) => a === "node:node"))
          for (const p of paths)
            (args.includes("-R") ? chownTree : giveToRunUser)(host(posix.resolve(workdir, p)))
        else
          throw new Error(
            `line ${ins.line}: the runtime stage runs \`${step}\`, which this test cannot stand in for`,
          )
      }
    }
  }
  if (workdir !== runtime.workdir) throw new Error(`WORKDIR ${workdir} is not ${runtime.workdir}`)
  return { name, dockerfile, root, workdir: host(runtime.workdir), host }
}

const chownTree = (path: string) => {
  giveToRunUser(path)
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
    for (const entry of readdirSync(path)) chownTree(join(path, entry))
}

export interface Running {
  readonly child: ChildProcess
  /** Everything it printed so far. */
  readonly output: () => string
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Runs the image's command (ENTRYPOINT + CMD, exec form) in its WORKDIR with its ENV, as the run user, plus
 * `env` (what compose or `docker run -e` would add). Values of the image's ENV that are absolute paths are
 * mapped into the folder. `argv` may rewrite the command (a service's address).
 */
export const run = (
  r: Runtime,
  env: Record<string, string>,
  argv: (argv: string[]) => string[] = (a) => a,
): Running => {
  const [command, ...args] = argv(argvOf(r.dockerfile.final))
  if (command !== "node") throw new Error(`the command starts with ${command}, not node`)
  const imageEnv = Object.fromEntries(
    Object.entries(r.dockerfile.final.env).map(([k, v]) => [k, v.startsWith("/") ? r.host(v) : v]),
  )
  const child = spawn(process.execPath, args, {
    cwd: r.workdir,
    // A container's environment: the image's, and what the deployment adds; nothing of this shell's.
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.host("/home/node"), ...imageEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...runAs,
  })
  let out = ""
  child.stdout?.on("data", (b: Buffer) => {
    out += b.toString()
  })
  child.stderr?.on("data", (b: Buffer) => {
    out += b.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  )
  return { child, output: () => out, exited }
}

/** SIGTERM, as `docker stop` sends it to the container's PID 1; resolves with how it ended and how fast. */
export const stop = async (p: Running, graceMs = 10_000) => {
  const started = Date.now()
  if (p.child.exitCode !== null || p.child.signalCode !== null) return { ...(await p.exited), ms: 0 }
  p.child.kill("SIGTERM")
  const timer = setTimeout(() => p.child.kill("SIGKILL"), graceMs)
  const result = await p.exited
  clearTimeout(timer)
  return { ...result, ms: Date.now() - started }
}

export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => done(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/** Polls `check` until it returns a value (not undefined), the process dies, or `timeoutMs` passes. */
export const waitFor = async <A>(
  what: string,
  p: Running,
  check: () => Promise<A | undefined>,
  timeoutMs: number,
): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (p.child.exitCode !== null || p.child.signalCode !== null)
      throw new Error(
        `${what}: the process ended (${p.child.exitCode ?? p.child.signalCode}):\n${p.output()}`,
      )
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s:\n${p.output()}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}
