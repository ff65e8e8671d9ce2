import { uptown, type View } from "@boroughs/core/games/uptown"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { textWidth } from "../../common/fitText.js"
import { GameBoard } from "../../GameBoard.js"
import { countThrough, playGame, seatsOf, viewAfter } from "../../testing.js"
import { cardName, incomeShort, prestigeShort, projectOf, TYPE_STYLE } from "./data.js"
import { cardText } from "./UptownBoard.js"

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
      // Ruling 9: the bank never runs out, so its reference balance ($1,000 less what it paid) means nothing
      // at the table and is not shown.
      expect(html).toContain("<dt>Bank</dt><dd>never runs out</dd>")
      expect(html).not.toContain(`$${view.bank}<`)
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

  it("fits every project's whole name, type and icons on its card, beside a gift marker too", () => {
    const projects = uptown
      .catalogue(uptown.defaultOptions)
      .cards.flatMap((card) => card.faces.flatMap((face) => face.projects))
    expect(projects.length).toBeGreaterThan(50)
    for (const project of projects) {
      for (const gift of [false, true]) {
        const fitted = cardText(project, gift)
        const [name, info] = fitted.blocks
        expect(fitted.squeeze, project.name).toBe(false)
        expect(name?.lines.join(" ")).toBe(project.name)
        const infoWords = [
          TYPE_STYLE[project.type].label + (project.double ? " ×2" : ""),
          incomeShort(project.income),
          prestigeShort(project.prestige),
        ].filter(Boolean)
        expect(info?.lines.join(" · ")).toBe(infoWords.join(" · "))
        // 132 wide, less the type bar and padding, less the marker's corner on a gift's first line.
        for (const [i, line] of (name?.lines ?? []).entries())
          expect(textWidth(line, name?.size ?? 0, true)).toBeLessThanOrEqual(gift && i === 0 ? 97 : 117)
        for (const line of info?.lines ?? [])
          expect(textWidth(line, info?.size ?? 0)).toBeLessThanOrEqual(117)
        expect(name?.size).toBeGreaterThanOrEqual(9)
      }
    }
  })

  it("cuts no text short: no text ends in an ellipsis, and every card shows its words on hover", () => {
    const view = viewAfter(game.game, game.events, game.events.length, { kind: "spectator" }) as View
    const html = render(view)
    expect(html).not.toMatch(/…<\/text>/)
    const cards = view.streets.flat().flatMap((s) => s.cards)
    for (const c of cards) expect(decode(html)).toContain(`<title>${projectOf(c).name} (`)
  })
})
