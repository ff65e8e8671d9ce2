import { AxeBuilder } from "@axe-core/playwright"
import type { Page } from "playwright-core"

/** Serious and critical findings fail a page; so does a skipped heading level (axe calls it moderate). */
export const failing = ["serious", "critical"]

/**
 * axe's findings on the page as it is now, of these impacts (and any skipped heading level), one line each:
 * "rule (impact): targets". The page needs a browser context of its own (not `browser.newPage`): axe opens
 * a second page in it to gather its results.
 */
export const findings = async (page: Page, impacts: ReadonlyArray<string> = failing) => {
  const { violations } = await new AxeBuilder({ page })
    // Off by default in axe (experimental), and the check that a button's name matches its visible label.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze()
  if (process.env.AXE_ALL === "1")
    console.log(
      page.url(),
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    )
  return violations
    .filter((v) => impacts.includes(v.impact ?? "") || v.id === "heading-order")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}
