import type { Typed } from "@boroughs/core"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { GameBoard } from "./GameBoard.js"
import { placesOf } from "./narrate.js"
import { renderers } from "./registry.js"
import { playGame, seatsOf, viewAfter } from "./testing.js"

describe("placesOf names places the board draws", () => {
  for (const renderer of renderers) {
    it(`${renderer.id}: every place an event touches is a focusable place on the board after it`, () => {
      const { game, events } = playGame(renderer.id, 4, `places-${renderer.id}`)
      const touched = events
        .map((event, i) => ({ i, places: placesOf(renderer.id, event as Typed & Record<string, unknown>) }))
        .filter((e) => e.places.length > 0)
      expect(touched.length).toBeGreaterThan(10)
      // A spread of events across the game keeps the test fast.
      const step = Math.max(1, Math.floor(touched.length / 15))
      for (let k = 0; k < touched.length; k += step) {
        const { i, places } = touched[k] as (typeof touched)[number]
        const view = viewAfter(game, events, i + 1, { kind: "spectator" })
        const html = renderToStaticMarkup(
          <GameBoard game={renderer.id} view={view} seats={seatsOf(4)} highlight={{ places }} />,
        )
        for (const place of places) {
          expect(html, `${events[i]?.type} → ${place}`).toContain(`data-place="${place}"`)
        }
        expect(html, `${events[i]?.type} highlighted`).toMatch(/bui-hl/)
      }
    })
  }
})
