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

describe("every board", () => {
  it("has unique element ids, so each title and pattern reference finds its own", async () => {
    const { renderers } = await import("./registry.js")
    const { playGame, seatsOf, viewAfter } = await import("./testing.js")
    for (const renderer of renderers) {
      const { game, events } = playGame(renderer.id, 4, `ids-${renderer.id}`)
      const view = viewAfter(game, events, Math.floor(events.length / 2), { kind: "spectator" })
      const html = renderToStaticMarkup(<GameBoard game={renderer.id} view={view} seats={seatsOf(4)} />)
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
      expect(ids.length, renderer.id).toBeGreaterThan(0)
      expect(
        new Set(ids).size,
        `${renderer.id}: ${ids.filter((id, i) => ids.indexOf(id) !== i).join(", ")}`,
      ).toBe(ids.length)
      for (const ref of html.matchAll(/aria-labelledby="([^"]+)"/g))
        expect(ids, renderer.id).toContain(ref[1])
    }
  })
})

describe("placeProps", () => {
  it("activates a place with Enter, Space and a click, and leaves other keys alone", async () => {
    const { placeProps } = await import("./common/SeatsPanel.js")
    const chosen: string[] = []
    const props = placeProps("zone-7", "Zone 7", (p) => chosen.push(p))
    const key = (k: string) => props.onKeyDown?.({ key: k, preventDefault: () => {} })
    key("Enter")
    key(" ")
    key("a")
    props.onClick?.()
    expect(chosen).toEqual(["zone-7", "zone-7", "zone-7"])
    expect(props.role).toBe("button")
    expect(placeProps("zone-7", "Zone 7", undefined).role).toBe("group")
  })
})
