import type { ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import {
  buildIsStale,
  chromiumArgs,
  chromiumPath,
  freePort,
  launch,
  nextBinOf,
  serverDir,
  stop,
} from "./processes.js"

/** A fresh organiser token for one suite's game server. */
export const newOrganiserToken = (): string => `e2e-${randomBytes(16).toString("hex")}`

/** Builds the app for production (`next build --webpack`) unless its build is newer than every source. */
export const buildNextApp = async (
  appDir: string,
  bundledPackages: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> => {
  if (!buildIsStale(appDir, bundledPackages)) return
  const build = await launch("next build", process.execPath, [nextBinOf(appDir), "build", "--webpack"], {
    cwd: appDir,
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
    ready: /Route \(app\)/,
    timeoutMs: 900_000,
  })
  if (build.child.exitCode === null) await new Promise((done) => build.child.once("exit", done))
  if (build.child.exitCode !== 0) throw new Error("next build failed")
}

/** `next start` of a built app on a free port, reaching the game server at `apiUrl`. */
export const startNextApp = async (
  appDir: string,
  apiUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; url: string }> => {
  const port = await freePort()
  const started = await launch(
    "next start",
    process.execPath,
    [nextBinOf(appDir), "start", "--port", String(port)],
    {
      cwd: appDir,
      env: { ...env, NEXT_TELEMETRY_DISABLED: "1", BOROUGHS_API_URL: apiUrl },
      ready: /Ready in/,
      timeoutMs: 120_000,
    },
  )
  return { child: started.child, url: `http://127.0.0.1:${port}` }
}

export interface GameServerOptions {
  readonly organiser: string
  /** More command-line flags (e.g. `--fixtures`). */
  readonly args?: ReadonlyArray<string>
  /** More environment (e.g. `BOROUGHS_SIGNING_KEY`). */
  readonly env?: Readonly<Record<string, string>>
}

/**
 * One suite's world: a temporary folder, the children it started (a game server with an embedded PGlite in
 * that folder, Next.js apps) and one headless Chromium, all undone by `teardown` (children last started
 * stopped first).
 */
export const e2eHarness = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `boroughs-${name}-e2e-`))
  const children: ChildProcess[] = []
  let browserServer: Awaited<ReturnType<typeof chromium.launchServer>> | undefined
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
  return {
    dir,
    /** The game server from source on a free port; resolves with its URL once it listens. */
    startGameServer: async (options: GameServerOptions): Promise<string> => {
      const port = await freePort()
      const server = await launch(
        "server",
        process.execPath,
        [
          "--import",
          "tsx",
          "src/main.ts",
          "--port",
          String(port),
          "--db",
          join(dir, "db"),
          ...(options.args ?? []),
        ],
        {
          cwd: serverDir,
          env: { ...env, ...options.env, BOROUGHS_ORGANISER_TOKEN: options.organiser, DATABASE_URL: "" },
          ready: /listening on (http:\/\/\S+)/,
          timeoutMs: 180_000,
        },
      )
      children.push(server.child)
      return server.match[1] as string
    },
    /** A built Next.js app against `apiUrl`; resolves with its URL once it is ready. */
    startNextApp: async (appDir: string, apiUrl: string): Promise<string> => {
      const app = await startNextApp(appDir, apiUrl, env)
      children.push(app.child)
      return app.url
    },
    /** Launches the suite's one Chromium; resolves with the endpoint test files `connect` to. */
    launchBrowser: async (): Promise<string> => {
      browserServer = await chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs })
      return browserServer.wsEndpoint()
    },
    teardown: async (): Promise<void> => {
      await browserServer?.close()
      for (const c of children.reverse()) await stop(c)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
