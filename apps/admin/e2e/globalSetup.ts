import type { ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import type { TestProject } from "vitest/node"
import {
  appDir,
  buildIsStale,
  chromiumArgs,
  chromiumPath,
  freePort,
  launch,
  nextBin,
  serverDir,
  stop,
} from "./processes"

/** What the e2e test files get (`inject("adminE2e")`). */
export interface AdminE2e {
  readonly appUrl: string
  readonly apiUrl: string
  readonly organiser: string
  readonly browser: string
}

declare module "vitest" {
  export interface ProvidedContext {
    adminE2e: AdminE2e | null
  }
}

/**
 * Once for the suite: the production build of the admin app (when its sources changed), a real game server
 * on a free port with an embedded PGlite in a temporary folder (and the kernel's quick Bluff Dice game), the
 * app started against it, and one headless Chromium. E2E=0 skips all of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E === "0") {
    project.provide("adminE2e", null)
    return
  }
  const dir = mkdtempSync(join(tmpdir(), "boroughs-admin-e2e-"))
  const organiser = `e2e-${randomBytes(16).toString("hex")}`
  const children: ChildProcess[] = []
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
  let browserServer: Awaited<ReturnType<typeof chromium.launchServer>> | undefined
  const teardown = async () => {
    await browserServer?.close()
    for (const c of children.reverse()) await stop(c)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    if (buildIsStale()) {
      const build = await launch("next build", [nextBin, "build", "--webpack"], {
        cwd: appDir,
        env,
        ready: /Route \(app\)/,
        timeoutMs: 900_000,
      })
      await new Promise((done) => build.child.once("exit", done))
      if (build.child.exitCode !== 0) throw new Error("next build failed")
    }
    const apiPort = await freePort()
    const server = await launch(
      "server",
      ["--import", "tsx", "src/main.ts", "--port", String(apiPort), "--db", join(dir, "db"), "--fixtures"],
      {
        cwd: serverDir,
        env: {
          ...env,
          BOROUGHS_ORGANISER_TOKEN: organiser,
          BOROUGHS_SIGNING_KEY: join(dir, "organiser-ed25519.pem"),
          DATABASE_URL: "",
        },
        ready: /listening on (http:\/\/\S+)/,
        timeoutMs: 180_000,
      },
    )
    children.push(server.child)
    const apiUrl = server.match[1] as string
    const port = await freePort()
    const app = await launch("next start", [nextBin, "start", "--port", String(port)], {
      cwd: appDir,
      env: { ...env, BOROUGHS_API_URL: apiUrl },
      ready: /Ready in/,
      timeoutMs: 120_000,
    })
    children.push(app.child)
    browserServer = await chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs })
    project.provide("adminE2e", {
      appUrl: `http://127.0.0.1:${port}`,
      apiUrl,
      organiser,
      browser: browserServer.wsEndpoint(),
    })
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
