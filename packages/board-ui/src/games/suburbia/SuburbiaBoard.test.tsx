import { suburbia, type View } from "@boroughs/core/games/suburbia"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { textWidth } from "../../common/fitText.js"
import { GameBoard } from "../../GameBoard.js"
import { countThrough, playGame, seatsOf, viewAfter } from "../../testing.js"
import { effectShort, goalDef, LAKE_EFFECTS, tileDef } from "./data.js"
import { hexCentre, tileText } from "./hex.js"

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

  it("fits every tile's whole name and every effect inside its hex, invested or not", () => {
    const faces = [
      ...suburbia.catalogue(suburbia.defaultOptions).tiles.map((t) => ({ ...t, lake: false })),
      { name: "Lake", effects: LAKE_EFFECTS, lake: true },
    ]
    let squeezed = 0
    for (const face of faces)
      for (const invested of [false, true]) {
        const effects = face.effects.map(effectShort)
        const text = tileText(face.name, effects, { lake: face.lake, invested }, 46)
        const [name, ...rest] = text.blocks
        expect(name?.lines.join(" ")).toBe(face.name)
        expect(rest.map((b) => b.lines.join(" "))).toEqual(effects)
        if (text.squeeze) {
          squeezed++
          continue
        }
        let top = text.offset
        for (const block of text.blocks)
          for (const line of block.lines) {
            const bottom = top + block.size * 1.2
            expect(textWidth(line, block.size, block === name), `${face.name}: ${line}`).toBeLessThanOrEqual(
              text.widthAt(top, bottom),
            )
            top = bottom
          }
      }
    // A handful of long names on invested tiles are compressed a little (textLength), never cut.
    expect(squeezed).toBeLessThanOrEqual(4)
  })

  it("cuts no text short: no text ends in an ellipsis, and every tile shows its words on hover", () => {
    const view = viewAfter(game.game, game.events, game.events.length, { kind: "spectator" }) as View
    const html = render(view)
    expect(html).not.toMatch(/…<\/text>/)
    const titles = html.match(/<title>[^<]*<\/title>/g) ?? []
    const tiles = view.players.reduce((n, p) => n + p.tiles.length, 0) + view.market.filter(Boolean).length
    expect(titles.length).toBeGreaterThanOrEqual(tiles)
  })

  it("draws each borough around its tiles, with only the edge of the borough board showing", () => {
    const view = viewAfter(game.game, game.events, game.events.length, { kind: "spectator" }) as View
    const html = render(view)
    view.players.forEach((p, player) => {
      const box = html
        .match(new RegExp(`viewBox="([^"]*)"[^>]*data-player="${player}"`))?.[1]
        ?.split(" ")
        .map(Number)
      expect(box, `borough ${player}`).toHaveLength(4)
      const ys = p.tiles.map((t) => hexCentre(t.q, t.r, 46).y)
      const tilesHeight = Math.max(...ys) - Math.min(...ys) + 2 * 46
      // The header (name and numbers, 80) and a strip of board (18) above the tiles, a margin below.
      expect(box?.[3]).toBeLessThanOrEqual(tilesHeight + 80 + 18 + 8 + 1)
    })
  })
})
