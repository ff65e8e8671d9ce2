/**
 * Renders each game's board mid-game (a real game played by the game's bots, seen by a spectator) to a
 * static HTML page and shoots it with Debian's Chromium at laptop and phone widths:
 * docs/screenshots/board-<game>.png and board-<game>-phone.png. Run: pnpm --filter @boroughs/board-ui screenshots
 * (CHROMIUM=/path overrides the browser; GAMES=downtown,uptown limits the games).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { GameBoard } from "../src/GameBoard.js"
import { renderers } from "../src/registry.js"
import { playGame, seatsOf, viewAfter } from "../src/testing.js"

const here = dirname(fileURLToPath(import.meta.url))
const out = resolve(here, "../../../docs/screenshots")

/** Which game, how many seats and how far into it each screenshot shows. */
const SHOTS: Record<string, { seats: number; at: number; seed: string }> = {
  downtown: { seats: 4, at: 0.6, seed: "screenshot-downtown" },
  manhattan: { seats: 4, at: 0.6, seed: "screenshot-manhattan" },
  suburbia: { seats: 4, at: 0.7, seed: "screenshot-suburbia" },
  uptown: { seats: 4, at: 0.6, seed: "screenshot-uptown" },
  "urban-sprawl": { seats: 4, at: 0.6, seed: "screenshot-urban-sprawl" },
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body { margin: 0; padding: 16px; background: #FFFFFF; } h1 { font: 600 20px system-ui, sans-serif; margin: 0 0 12px; color: #1B1F24; }</style>
</head><body><h1>${title}</h1>${body}</body></html>`

const main = async () => {
  mkdirSync(out, { recursive: true })
  const only = process.env.GAMES?.split(",")
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
  try {
    for (const renderer of renderers) {
      if (only && !only.includes(renderer.id)) continue
      const shot = SHOTS[renderer.id] ?? { seats: 4, at: 0.6, seed: `screenshot-${renderer.id}` }
      const { game, events } = playGame(renderer.id, shot.seats, shot.seed)
      const at = Math.max(1, Math.floor(events.length * shot.at))
      const view = viewAfter(game, events, at, { kind: "spectator" })
      const seats = seatsOf(shot.seats)
      const html = page(
        `${renderer.title} — event ${at} of ${events.length}, spectator view`,
        renderToStaticMarkup(createElement(GameBoard, { game: renderer.id, view, seats })),
      )
      const file = join(tmpdir(), `board-${renderer.id}.html`)
      writeFileSync(file, html)
      for (const [suffix, viewport] of [
        ["", { width: 1280, height: 800 }],
        ["-phone", { width: 390, height: 844 }],
      ] as const) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: suffix ? 2 : 1 })
        const tab = await context.newPage()
        await tab.goto(`file://${file}`)
        const path = join(out, `board-${renderer.id}${suffix}.png`)
        await tab.screenshot({ path, fullPage: true })
        await context.close()
        console.log(`wrote ${path}`)
      }
    }
  } finally {
    await browser.close()
  }
}

await main()
