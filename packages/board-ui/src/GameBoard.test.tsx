import { registry } from "@boroughs/core"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { GameBoard, viewProblem } from "./GameBoard.js"
import { rendererFor } from "./registry.js"

describe("GameBoard", () => {
  it("shows a clear panel for a game without a renderer, never a crash", () => {
    const html = renderToStaticMarkup(<GameBoard game="no-such-game" view={{}} seats={[]} />)
    expect(html).toContain("No board for no-such-game yet")
    expect(html).not.toContain('role="img"')
    for (const { game } of registry.filter((r) => !rendererFor(r.game.id)))
      expect(renderToStaticMarkup(<GameBoard game={game.id} view={{}} seats={[]} />)).toContain(
        `No board for ${game.title} yet`,
      )
  })

  it("names the problem with a view that is not the game's", () => {
    expect(viewProblem("manhattan", { seats: "four" })).toMatch(/^this is not a Manhattan.* view: /)
    expect(viewProblem("nope", {})).toBe('"nope" is not a registered game')
  })

  it("renders the stylesheet once, or not at all when asked", () => {
    const view = {}
    expect(renderToStaticMarkup(<GameBoard game="x" view={view} seats={[]} />)).toContain("<style>")
    expect(
      renderToStaticMarkup(<GameBoard game="x" view={view} seats={[]} withStyles={false} />),
    ).not.toContain("<style>")
  })
})
