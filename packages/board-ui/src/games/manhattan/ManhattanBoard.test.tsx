import type { View } from "@boroughs/core/games/manhattan"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { GameBoard } from "../../GameBoard.js"
import { playGame, seatsOf, viewAfter } from "../../testing.js"
import { xyOf } from "./geometry.js"
import { pawnSlots, SQUARE } from "./ring.js"

const seats = seatsOf(4)
let game: ReturnType<typeof playGame>

beforeAll(() => {
  game = playGame("manhattan", 4, "board-ui-manhattan")
})

const render = (view: unknown) =>
  renderToStaticMarkup(<GameBoard game="manhattan" view={view} seats={seats} />)
const labelOf = (html: string, place: string) =>
  html.match(new RegExp(`aria-label="([^"]*)" data-place="${place}"`))?.[1]

describe("ManhattanBoard", () => {
  for (const fraction of [0.25, 0.6, 1]) {
    it(`draws every city cell and ring square with owners, heights, towers and roofs (${fraction * 100}% in)`, () => {
      const view = viewAfter(game.game, game.events, Math.floor(game.events.length * fraction), {
        kind: "spectator",
      }) as View
      const html = render(view)
      expect(html).toContain('role="img"')
      expect(html).toContain("<title")
      let buildings = 0
      view.cells.forEach((cell, index) => {
        const { x, y } = xyOf(index)
        const label = labelOf(html, `cell-${x}-${y}`)
        expect(label, `cell ${x},${y}`).toBeDefined()
        if (cell.kind === "street") expect(label).toContain("street")
        if (cell.kind === "empty") expect(label).toContain("empty lot")
        if (cell.kind === "building") {
          buildings++
          const owner = view.buildings[cell.building]?.owner ?? null
          expect(label).toContain(`${cell.height} stor`)
          expect(label).toContain(owner === null ? "ownerless" : `of ${seats[owner]?.name}`)
          if (cell.top === "roof") expect(label).toContain("roofed")
          if (cell.top === "tower") expect(label).toContain("tower on top")
        }
      })
      expect(buildings).toBeGreaterThan(0)
      for (let square = 0; square < 32; square++) expect(html).toContain(`data-place="ring-${square}"`)
      view.pawns.forEach((pair, seat) => {
        for (const at of pair)
          if (at !== null) expect(labelOf(html, `ring-${at}`)).toContain(seats[seat]?.name)
      })
      // Each seat's row: its best height; the legend names towers and roofs.
      expect(html).toContain('aria-label="Legend"')
      expect(html).toContain("<b>Tower</b>")
      expect(html).toContain("<b>Roof</b>")
      if (view.dice) expect(html).toContain(`Dice: ${view.dice[0]} and ${view.dice[1]}`)
    })
  }

  it("says whose turn it is and how the game ended", () => {
    const end = render(viewAfter(game.game, game.events, game.events.length, { kind: "spectator" }))
    expect(end).toContain("Game over")
    const early = render(viewAfter(game.game, game.events, 1, { kind: "spectator" }))
    expect(early).toContain("Ana chooses a starting corner")
  })
})

describe("ManhattanBoard with six players", () => {
  it("fits every pawn on its square, even all twelve on one corner", () => {
    const six = playGame("manhattan", 6, "board-ui-manhattan-6")
    const names = seatsOf(6)
    for (const at of [7, Math.floor(six.events.length / 2)]) {
      const view = viewAfter(six.game, six.events, at, { kind: "spectator" }) as View
      const html = renderToStaticMarkup(<GameBoard game="manhattan" view={view} seats={names} />)
      const pawns = view.pawns.flat().filter((p) => p !== null).length
      expect(html.match(/s pawn<\/title>/g)?.length).toBe(pawns)
    }
  })
})

describe("pawnSlots", () => {
  it("keeps 1 to 12 pawns inside the square, below its label, without overlapping", () => {
    for (let count = 1; count <= 12; count++) {
      const { radius, slots } = pawnSlots(count)
      expect(slots).toHaveLength(count)
      for (const p of slots) {
        expect(p.x - radius, `${count} pawns`).toBeGreaterThanOrEqual(0)
        expect(p.x + radius, `${count} pawns`).toBeLessThanOrEqual(SQUARE)
        expect(p.y - radius, `${count} pawns`).toBeGreaterThanOrEqual(16)
        expect(p.y + radius, `${count} pawns`).toBeLessThanOrEqual(SQUARE)
      }
      for (const a of slots)
        for (const b of slots)
          if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(radius * 2)
    }
  })
})
