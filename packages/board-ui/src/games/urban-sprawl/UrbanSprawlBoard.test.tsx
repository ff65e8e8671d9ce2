import { urbanSprawl, type View } from "@boroughs/core/games/urban-sprawl"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { GameBoard } from "../../GameBoard.js"
import { playGame, seatsOf, viewAfter } from "../../testing.js"
import { cardName } from "./data.js"

const seats = seatsOf(4)
let game: ReturnType<typeof playGame>

beforeAll(() => {
  game = playGame("urban-sprawl", 4, "board-ui-urban-sprawl")
})

const render = (view: unknown) =>
  renderToStaticMarkup(<GameBoard game="urban-sprawl" view={view} seats={seats} />)
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
const labelOf = (html: string, place: string) =>
  decode(html.match(new RegExp(`aria-label="([^"]*)" data-place="${place}"`))?.[1] ?? "")

describe("UrbanSprawlBoard", () => {
  for (const fraction of [0.2, 0.6, 1]) {
    it(`draws every block with its value and buildings, the edge markers and the face-up cards (${fraction * 100}% in)`, () => {
      const view = viewAfter(game.game, game.events, Math.floor(game.events.length * fraction), {
        kind: "spectator",
      }) as View
      const html = render(view)
      expect(html).toContain('role="img"')
      for (let block = 0; block < 36; block++) {
        const label = labelOf(html, `block-${block}`)
        expect(label).toContain(`value ${view.blockValues[block]}`)
        for (const b of view.buildings.filter((x) => x.block === block && x.lots.length > 0)) {
          if (b.owner !== null) expect(label).toContain(`${seats[b.owner]?.name}'s`)
          if (b.card) expect(label).toContain(cardName(b.card))
        }
      }
      for (const [edge, values] of Object.entries(view.markers))
        values.forEach((v, i) => {
          expect(labelOf(html, `marker-${edge}-${i}`)).toContain(v === null ? "empty" : `: ${v}`)
        })
      view.contractBoxes.forEach((id, box) => {
        expect(labelOf(html, `contract-${box}`)).toContain(id ? cardName(id) : "empty")
      })
      view.players.forEach((p, seat) => {
        expect(html).toContain(`$${p.wealth} · ★${p.prestige}`)
        for (const card of p.hand) expect(html).toContain(decode(cardName(card)).replace(/&/g, "&amp;"))
        void seat
      })
      expect(html).toContain('aria-label="Legend"')
      expect(html).toContain("<b>Block value</b>")
    })
  }

  it("labels a game's contracts with the permits its own options ask for, not the defaults'", () => {
    // The tuned preset's permitCost "cityDiscount" (ruling 49): City and Metropolis contracts need one fewer.
    const tuned = { ...urbanSprawl.defaultOptions, variant: "tuned" } as const
    const permitsBy = (options: typeof urbanSprawl.defaultOptions) =>
      new Map(
        Object.values(
          (
            urbanSprawl.catalogue(options) as {
              contracts: Record<string, { id: string; permits: number }[]>
            }
          ).contracts,
        )
          .flat()
          .map((c) => [c.id, c.permits]),
      )
    const expected = permitsBy(tuned)
    const byDefault = permitsBy(urbanSprawl.defaultOptions)
    const played = playGame("urban-sprawl", 3, "board-ui-older-rules", tuned)
    let labelled = 0
    let differs = 0
    for (let n = 10; n <= played.events.length; n += 7) {
      const view = viewAfter(played.game, played.events, n, { kind: "spectator" }) as View
      const html = render(view)
      view.contractBoxes.forEach((id, box) => {
        const m = id === null ? null : /, (\d+) permits/.exec(labelOf(html, `contract-${box}`))
        if (id === null || m === null) return
        labelled++
        expect(Number(m[1])).toBe(expected.get(id))
        if (byDefault.get(id) !== expected.get(id)) differs++
      })
    }
    expect(labelled).toBeGreaterThan(10)
    expect(differs).toBeGreaterThan(0) // the labels would be wrong with the defaults' numbers
  })
})
