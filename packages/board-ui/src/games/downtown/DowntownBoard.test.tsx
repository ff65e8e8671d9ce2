import type { View } from "@boroughs/core/games/downtown"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { namesFor } from "../../common/names.js"
import { GameBoard } from "../../GameBoard.js"
import { countThrough, playGame, seatsOf, viewAfter } from "../../testing.js"
import { bankWords } from "./DowntownBoard.js"
import { downtownNarrator } from "./narrate.js"

const seats = seatsOf(4)
let game: ReturnType<typeof playGame>

beforeAll(() => {
  game = playGame("downtown", 4, "board-ui-downtown")
})

const render = (view: unknown) =>
  renderToStaticMarkup(<GameBoard game="downtown" view={view} seats={seats} />)

/** The wide (laptop) SVG alone: the tall (phone) one repeats the same zones. */
const wide = (html: string) =>
  html.slice(html.indexOf('data-layout="wide"'), html.indexOf('data-layout="tall"'))

describe("DowntownBoard", () => {
  it("draws every zone with its construction and its owners, mid-game, for a spectator", () => {
    const at = Math.floor(game.events.length / 2)
    const view = viewAfter(game.game, game.events, at, { kind: "spectator" }) as View
    const html = render(view)
    const svg = wide(html)
    expect(html).toContain('role="img"')
    expect(html).toContain("<title")
    for (const z of view.zones) {
      expect(svg).toContain(`data-place="zone-${z.zone}"`)
      const label = svg.match(
        new RegExp(`aria-label="(Zone ${z.zone},[^"]*)" data-place="zone-${z.zone}"`),
      )?.[1]
      expect(label, `zone ${z.zone}`).toBeDefined()
      if (z.construction)
        expect(label).toContain(z.construction.charAt(0).toUpperCase() + z.construction.slice(1))
      for (const seat of new Set(z.markers)) {
        const n = z.markers.filter((m) => m === seat).length
        expect(label).toContain(`${seats[seat]?.name} ${n} space`)
      }
    }
    // Every marker on the board is drawn once in the wide layout.
    const markers = view.zones.reduce((n, z) => n + z.markers.length, 0)
    expect(markers).toBeGreaterThan(0)
    expect(svg.match(/class="bui-seat-marker"/g)?.length).toBe(markers)
    // Money of every seat, the legend and both layouts.
    for (const [seat, m] of view.money.entries())
      expect(html).toMatch(new RegExp(`${seats[seat]?.name}</span><span class="bui-seat-stats">\\$${m}<`))
    expect(html).toContain('aria-label="Legend"')
    expect(html).toContain("Housing</b>")
    expect(html).toContain('data-layout="tall"')
    expect(html).toContain('tabindex="0"')
  })

  it("shows a seat its own secret card and hides it from a spectator", () => {
    const at = countThrough(game.events, (e) => e.type === "VoteCast")
    const vote = game.events[at - 1] as unknown as { seat: number; construction: string; zone: number }
    const seatView = viewAfter(game.game, game.events, at, { kind: "seat", seat: vote.seat }) as View
    const spectatorView = viewAfter(game.game, game.events, at, { kind: "spectator" }) as View
    const label = vote.construction.charAt(0).toUpperCase() + vote.construction.slice(1)
    expect(render(seatView)).toContain(`your card: ${label}`)
    const spectator = render(spectatorView)
    expect(spectator).not.toContain("your card")
    expect(spectator).not.toContain("secret card")
    expect(spectator).toContain("card in")
    expect(spectator).toContain(`Secret vote on zone ${vote.zone}`)
  })

  it("shows an organiser every seat's secret card", () => {
    const at = countThrough(game.events, (e) => e.type === "VoteCast")
    const vote = game.events[at - 1] as unknown as { seat: number; construction: string }
    const html = render(viewAfter(game.game, game.events, at, { kind: "organiser" }))
    const label = vote.construction.charAt(0).toUpperCase() + vote.construction.slice(1)
    expect(html).toMatch(new RegExp(`data-seat="${vote.seat}"[^]*?secret card: ${label}`))
  })

  it("shows a seat its own dial and hides every dial from a spectator", () => {
    const at = countThrough(game.events, (e) => e.type === "ZoneChosen")
    const chosen = game.events[at - 1] as unknown as { seat: number; zone: number; spaces: number }
    const seatView = viewAfter(game.game, game.events, at, { kind: "seat", seat: chosen.seat })
    expect(render(seatView)).toContain(`your dial: zone ${chosen.zone}`)
    const spectator = render(viewAfter(game.game, game.events, at, { kind: "spectator" }))
    expect(spectator).not.toContain("dial: zone")
    expect(spectator).toContain("dial set")
  })

  it("draws the finished game with its scored zones", () => {
    const html = render(viewAfter(game.game, game.events, game.events.length, { kind: "spectator" }))
    expect(html).toContain("Game over")
    expect(html).toContain("scored and closed")
  })

  it("highlights the places it is given", () => {
    const view = viewAfter(game.game, game.events, 20, { kind: "spectator" })
    const html = renderToStaticMarkup(
      <GameBoard game="downtown" view={view} seats={seats} highlight={{ places: ["zone-7"], seats: [2] }} />,
    )
    expect(wide(html).match(/bui-hl-ring/g)?.length).toBe(1)
    expect(html).toMatch(/class="bui-seat[a-z -]* bui-hl" data-seat="2"/)
  })

  it("refuses a view of another game with a clear panel", () => {
    const html = render({ game: "downtown", zones: "nope" })
    expect(html).toContain("Cannot draw this Downtown board")
    expect(html).not.toContain('role="img"')
  })

  it("draws the two-player variant with its markers and points", () => {
    const two = playGame("downtown", 2, "board-ui-2p", { variant: "2p-official" })
    const html = renderToStaticMarkup(
      <GameBoard
        game="downtown"
        view={viewAfter(two.game, two.events, 40, { kind: "spectator" })}
        seats={seatsOf(2)}
      />,
    )
    expect(html).toContain("markers left:")
    expect(html).toMatch(/zoning tiles in hand: \d+/)
    expect(html).toContain(" pts<")
    expect(html).not.toContain("Bank")
  })

  it("says what the bank's balance means: it pays out more than it takes in, and never runs out", () => {
    expect(bankWords(-126)).toBe("paid out $126 more than it took in")
    expect(bankWords(12)).toBe("took in $12 more than it paid out")
    expect(bankWords(0)).toBe("has paid out what it took in")
    const view = viewAfter(game.game, game.events, game.events.length, { kind: "spectator" }) as View
    // Money is conserved (ruling 18): the bank's balance is what the players gained, negated.
    expect(view.bank).toBe(30 * view.seats - view.money.reduce((a, b) => a + b, 0))
    const html = render(view)
    expect(html).toContain(`<dt>Bank</dt><dd>${bankWords(view.bank)}</dd>`)
    expect(html).not.toMatch(/\$-\d/)
  })

  it("narrates a frame with the right article", () => {
    const names = namesFor(seats)
    const frame = downtownNarrator.FramePlaced as (e: unknown, n: typeof names) => string
    expect(frame({ zone: 5, construction: "industry", shape: "square", cause: "vote" }, names)).toBe(
      "An Industry frame goes on zone 5",
    )
    expect(frame({ zone: 7, construction: "park", shape: "square", cause: "vote" }, names)).toBe(
      "A Park frame goes on zone 7",
    )
  })
})
