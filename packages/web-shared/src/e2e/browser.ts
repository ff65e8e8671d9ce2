import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { repoDir } from "./processes.js"

/** The suite's one Chromium (launched by the global setup), connected from a test file. */
export const connectBrowser = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint)

/** A fresh page at a laptop's size (or a phone's), patient enough for a loaded machine. */
export const newPage = async (browser: Browser, options: { phone?: boolean } = {}): Promise<Page> => {
  const page = await browser.newPage({
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    acceptDownloads: true,
  })
  page.setDefaultTimeout(60_000)
  return page
}

/**
 * Saves docs/screenshots/<name>.png (the page, or the element `selector` picks) when BOROUGHS_SCREENSHOTS=1;
 * otherwise the tests leave the tree untouched.
 */
export const screenshot = async (page: Page, name: string, selector?: string): Promise<void> => {
  if (process.env.BOROUGHS_SCREENSHOTS !== "1") return
  const path = join(repoDir, "docs/screenshots", `${name}.png`)
  if (selector) await page.locator(selector).screenshot({ path })
  else await page.screenshot({ path, fullPage: true })
}
