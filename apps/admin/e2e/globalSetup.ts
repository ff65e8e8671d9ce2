import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { buildNextApp, e2eHarness, newOrganiserToken } from "@boroughs/web-shared/e2e"
import type { TestProject } from "vitest/node"

export const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "..")

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
  const harness = e2eHarness("admin")
  const organiser = newOrganiserToken()
  try {
    await buildNextApp(appDir, ["board-ui", "core", "protocol", "web-shared"])
    const apiUrl = await harness.startGameServer({
      organiser,
      args: ["--fixtures"],
      env: { BOROUGHS_SIGNING_KEY: join(harness.dir, "organiser-ed25519.pem") },
    })
    const appUrl = await harness.startNextApp(appDir, apiUrl)
    const browser = await harness.launchBrowser()
    project.provide("adminE2e", { appUrl, apiUrl, organiser, browser })
  } catch (error) {
    await harness.teardown()
    throw error
  }
  return harness.teardown
}
