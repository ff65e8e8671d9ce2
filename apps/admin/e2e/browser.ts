import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { inject } from "vitest"
import type { AdminE2e } from "./globalSetup"
import { repoDir } from "./processes"

export const context = (): AdminE2e => {
  const c = inject("adminE2e")
  if (c === null) throw new Error("the e2e context is missing (E2E=0?)")
  return c
}

export const connect = (): Promise<Browser> => chromium.connect(context().browser)

export const newPage = async (browser: Browser): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  page.setDefaultTimeout(60_000)
  return page
}

/** Saves docs/screenshots/admin-<name>.png when BOROUGHS_SCREENSHOTS=1 (`pnpm --filter @boroughs/admin screenshots`). */
export const screenshot = async (page: Page, name: string) => {
  if (process.env.BOROUGHS_SCREENSHOTS !== "1") return
  await page.screenshot({ path: join(repoDir, "docs/screenshots", `admin-${name}.png`), fullPage: true })
}

/** Signs in through the form with the organiser token. */
export const signIn = async (page: Page, token = context().organiser) => {
  await page.goto(`${context().appUrl}/`)
  await page.getByLabel("Organiser token").fill(token)
  await page.getByRole("button", { name: "Sign in" }).click()
}
