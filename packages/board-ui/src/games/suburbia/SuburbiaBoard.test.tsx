import type { View } from "@boroughs/core/games/suburbia"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { GameBoard } from "../../GameBoard.js"
import { countThrough, playGame, seatsOf, viewAfter } from "../../testing.js"
import { goalDef, tileDef } from "./data.js"

const seats = seatsOf(4)
let game: ReturnType<typeof playGame>

beforeAll(() => {
  game = playGame("suburbia", 4, "board-ui-suburbia")
})

const render = (view: unknown, names = seats) =>
  renderToStaticMarkup(<GameBoard game="suburbia" view={view} seats={names} />)
const labelOf = (html: string, place: string) =>
  html.match(new RegExp(`aria-label="([^"]*)" data-place="${place}"`))?.[1]?.replace(/&amp;/g, "&")

describe("SuburbiaBoard", () => {
  for (const fraction of [0.3, 0.7, 1]) {
    it(`draws every borough tile with its name and effects, the market with prices, the tracks (${fraction * 100}% in)`, () => {
      const view = viewAfter(game.game, game.events, Math.floor(game.events.length * fraction), {
        kind: "spectator",
      }) as View
      const html = render(view)
      expect(html).toContain('role="img"')
      view.players.forEach((p, player) => {
        expect(html).toContain(`${seats[player]?.name}&#x27;s borough`)
        expect(html).toContain(`population ${p.population}`)
        for (const t of p.tiles) {
          const label = labelOf(html, `tile-${player}-${t.q}-${t.r}`)
          expect(label, `tile ${t.tile} of ${player}`).toBeDefined()
          expect(label).toContain(t.lake ? "Lake" : tileDef(t.tile).name)
          if (t.invested) expect(label).toContain("invested")
        }
      })
      view.market.forEach((id, slot) => {
        const label = labelOf(html, `market-${slot}`)
        if (id === null) expect(label).toContain("empty")
        else {
          const def = tileDef(id)
          expect(label).toContain(def.name)
          expect(label).toContain(`= $${def.cost + (view.surcharges[slot] ?? 0)}`)
        }
      })
      expect(html).toContain("red lines at")
      for (const g of view.publicGoals) expect(html).toContain(goalDef(g).name)
      expect(html).toContain('aria-label="Legend"')
      expect(html).toContain("<b>Investment</b>")
    })
  }

  it("shows a seat its own secret goal and a spectator only that one was kept", () => {
    const at = countThrough(game.events, (e) => e.type === "GoalKept")
    const kept = game.events[at - 1] as unknown as { seat: number; goal: string }
    const own = render(viewAfter(game.game, game.events, at, { kind: "seat", seat: kept.seat }))
    expect(own).toContain(`your secret goal: ${goalDef(kept.goal).name}`)
    const spectator = render(viewAfter(game.game, game.events, at, { kind: "spectator" }))
    expect(spectator).toContain("secret goal kept")
    expect(spectator).not.toContain("secret goal:")
    // The kept goal's name appears nowhere unless it is also a public goal.
    const view = viewAfter(game.game, game.events, at, { kind: "spectator" }) as View
    if (!view.publicGoals.includes(kept.goal)) expect(spectator).not.toContain(goalDef(kept.goal).name)
  })

  it("shows an organiser every kept goal", () => {
    const at = countThrough(game.events, (e) => e.type === "GoalKept")
    const kept = game.events[at - 1] as unknown as { seat: number; goal: string }
    const html = render(viewAfter(game.game, game.events, at, { kind: "organiser" }))
    expect(html).toContain(`secret goal: ${goalDef(kept.goal).name}`)
  })

  it("draws a solo game against Dale", () => {
    const solo = playGame("suburbia", 1, "board-ui-suburbia-solo")
    const html = render(
      viewAfter(solo.game, solo.events, Math.floor(solo.events.length / 2), { kind: "spectator" }),
      seatsOf(1),
    )
    expect(html).toContain("Dale&#x27;s borough")
    expect(html).toContain("<b>Dale</b>")
  })
})
