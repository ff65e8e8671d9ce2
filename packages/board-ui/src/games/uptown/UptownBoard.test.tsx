import type { View } from "@boroughs/core/games/uptown"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { GameBoard } from "../../GameBoard.js"
import { countThrough, playGame, seatsOf, viewAfter } from "../../testing.js"
import { cardName, projectOf } from "./data.js"

const seats = seatsOf(4)
let game: ReturnType<typeof playGame>

beforeAll(() => {
  game = playGame("uptown", 4, "board-ui-uptown")
})

const render = (view: unknown) => renderToStaticMarkup(<GameBoard game="uptown" view={view} seats={seats} />)
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
const labelOf = (html: string, place: string) =>
  decode(html.match(new RegExp(`aria-label="([^"]*)" data-place="${place}"`))?.[1] ?? "")

describe("UptownBoard", () => {
  for (const fraction of [0.3, 0.6, 1]) {
    it(`draws every street's sites with their stacked projects, roofs and gifts, the decks and upcoins (${fraction * 100}% in)`, () => {
      const view = viewAfter(game.game, game.events, Math.floor(game.events.length * fraction), {
        kind: "spectator",
      }) as View
      const html = render(view)
      expect(html).toContain('role="img"')
      let cards = 0
      view.streets.forEach((street, seat) => {
        street.forEach((site, i) => {
          const label = labelOf(html, `site-${seat}-${i}`)
          expect(label, `site ${seat}/${i}`).toContain(`${seats[seat]?.name}'s site ${i + 1}`)
          if (site.roofed) expect(label).toContain("finished with a roof")
          site.cards.forEach((c) => {
            cards++
            expect(label).toContain(projectOf(c).name)
            if (c.by !== seat) expect(label).toContain(`a gift from ${seats[c.by]?.name}`)
          })
        })
        expect(html).toContain(`prestige ${view.values[seat]?.prestige}`)
      })
      expect(cards).toBeGreaterThan(0)
      view.deckSizes.forEach((size, deck) => {
        const label = labelOf(html, `deck-${deck}`)
        expect(label).toContain(`${size} card`)
        if ((view.upcoins[deck] ?? 0) > 0) expect(label).toContain(`$${view.upcoins[deck]} of upcoins`)
      })
      if (view.publicTop !== null) expect(labelOf(html, "public")).toContain(cardName(view.publicTop))
      expect(html).toContain('aria-label="Legend"')
      expect(html).toContain("<b>Roof</b>")
    })
  }

  it("shows a drawn card to its holder only", () => {
    const at = countThrough(game.events, (e) => e.type === "CardDrawn")
    const drawn = game.events[at - 1] as unknown as { seat: number; card: number }
    const own = render(viewAfter(game.game, game.events, at, { kind: "seat", seat: drawn.seat }))
    expect(own).toContain(`: ${cardName(drawn.card)}`)
    const spectatorView = viewAfter(game.game, game.events, at, { kind: "spectator" }) as View
    const spectator = render(spectatorView)
    expect(spectator).toContain("(hidden)")
    expect(render(viewAfter(game.game, game.events, at, { kind: "organiser" }))).toContain(
      `: ${cardName(drawn.card)}`,
    )
    // The card's name shows nowhere else on the table (unless the same card kind already stands somewhere).
    const onTable = spectatorView.streets.flat().some((s) => s.cards.some((c) => c.card === drawn.card))
    if (!onTable && spectatorView.publicTop !== drawn.card)
      expect(spectator).not.toContain(cardName(drawn.card))
  })
})
