import { connectBrowser, newPage as openPage, screenshot as saveScreenshot } from "@boroughs/web-shared/e2e"
import type { Browser, Page } from "playwright-core"
import { inject } from "vitest"
import type { E2eContext } from "./globalSetup"

/** The suite's context, or null when the e2e part is switched off (E2E=0). */
export const e2e = (): E2eContext | null => inject("e2e")

export const context = (): E2eContext => {
  const c = e2e()
  if (c === null) throw new Error("the e2e context is missing")
  return c
}

/** The suite's one Chromium (launched by the global setup), connected from this test file. */
export const connect = (): Promise<Browser> => connectBrowser(context().browser)

/** A fresh page at a laptop's size (or a phone's). */
export const newPage = (browser: Browser, phone = false): Promise<Page> => openPage(browser, { phone })

/**
 * Saves a screenshot into docs/screenshots/ when BOROUGHS_SCREENSHOTS=1
 * (`pnpm --filter @boroughs/spectator screenshots`); otherwise the tests leave the tree untouched.
 */
export const screenshot = (page: Page, name: string, selector?: string) =>
  saveScreenshot(page, name, selector)

/** The version the game page shows now. */
export const shownVersion = async (page: Page): Promise<number> =>
  Number(await page.getByTestId("game-screen").getAttribute("data-version"))

/**
 * Waits until the game page shows `version` (the board's view has arrived for it) and has hydrated: the
 * server's HTML already carries the first position, and keys pressed before hydration are lost (a CI run
 * failed that way).
 */
export const waitForVersion = (page: Page, version: number) =>
  page.waitForFunction((v) => {
    const screen = document.querySelector("[data-testid=game-screen]")
    return (
      screen?.getAttribute("data-version") === String(v) && screen.getAttribute("data-interactive") === "true"
    )
  }, version)
