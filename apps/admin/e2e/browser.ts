import { connectBrowser, screenshot as saveScreenshot } from "@boroughs/web-shared/e2e"
import type { Browser, Page } from "playwright-core"
import { inject } from "vitest"
import type { AdminE2e } from "./globalSetup"

export { newPage } from "@boroughs/web-shared/e2e"

export const context = (): AdminE2e => {
  const c = inject("adminE2e")
  if (c === null) throw new Error("the e2e context is missing (E2E=0?)")
  return c
}

export const connect = (): Promise<Browser> => connectBrowser(context().browser)

/** Saves docs/screenshots/admin-<name>.png when BOROUGHS_SCREENSHOTS=1 (`pnpm --filter @boroughs/admin screenshots`). */
export const screenshot = (page: Page, name: string) => saveScreenshot(page, `admin-${name}`)

/** Signs in through the form with the organiser token. */
export const signIn = async (page: Page, token = context().organiser) => {
  await page.goto(`${context().appUrl}/`)
  await page.getByLabel("Organiser token").fill(token)
  await page.getByRole("button", { name: "Sign in" }).click()
}
