import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { choicesOf, selectPlace } from "./common/choices.js"
import { GamePlayBoard } from "./GamePlayBoard.js"
import { suburbiaRenderer } from "./games/suburbia/index.js"
import { PlayBoard } from "./PlayBoard.js"
import { type RecordedDecision, recordDecisions, seatsOf } from "./testing.js"

const seats = seatsOf(3)
let suburbia: RecordedDecision[]

beforeAll(() => {
  suburbia = recordDecisions("suburbia", [{ seats: 3 }], "play-board")
})

/** A Suburbia decision to buy and place a tile: many choices, several at each market slot and hex. */
const actionDecision = () => {
  const d = suburbia.find((x) => x.legal.filter((c) => c.type === "BuyTile").length > 6)
  if (!d) throw new Error("no Suburbia action with tiles to buy")
  return d
}

describe("PlayBoard", () => {
  it("rings every place a legal command points at as a choice, and lists the choices beside the board", () => {
    const d = actionDecision()
    const html = renderToStaticMarkup(
      <PlayBoard
        renderer={suburbiaRenderer}
        game="suburbia"
        view={d.view}
        seats={seats}
        legal={d.legal}
        onChoose={() => {}}
        defaultCommand={d.legal[0]}
      />,
    )
    const places = new Set(choicesOf(suburbiaRenderer, d.legal, seats, d.view).flatMap((c) => c.places))
    expect(places.size).toBeGreaterThan(3)
    for (const place of places) expect(html).toMatch(new RegExp(`data-place="${place}" data-choice="true"`))
    expect(html).toContain('class="bui-choice-ring"')
    expect(html).toContain('class="bui-choices"')
    expect(html).toContain("Buy tile (")
    expect(html).toContain("If your clock runs out:")
    // One stylesheet for the board, one for the choices.
    expect(html.match(/<style>/g)?.length).toBe(2)
  })

  it("draws a board whose places are buttons as a group, not an image (whose content assistive technology skips)", () => {
    const d = actionDecision()
    const html = renderToStaticMarkup(
      <PlayBoard
        renderer={suburbiaRenderer}
        game="suburbia"
        view={d.view}
        seats={seats}
        legal={d.legal}
        onChoose={() => {}}
      />,
    )
    expect(html).toMatch(/<svg class="bui-svg bui-borough"[^>]* role="group"/)
    expect(html).not.toMatch(/<svg class="bui-svg bui-borough"[^>]* role="img"/)
    expect(html).toContain('role="button"')
  })

  it("rings nothing while a command is in flight, but still draws the last move", () => {
    const d = actionDecision()
    const html = renderToStaticMarkup(
      <PlayBoard
        renderer={suburbiaRenderer}
        game="suburbia"
        view={d.view}
        seats={seats}
        legal={d.legal}
        onChoose={() => {}}
        busy
        highlight={{ places: ["market-0"] }}
      />,
    )
    expect(html).not.toContain('data-choice="true"')
    expect(html).not.toContain('class="bui-choice-ring')
    expect(html).toMatch(/bui-market-slot bui-hl/)
    expect(html).toContain("Sending your choice…")
  })

  it("finds the game's renderer by id, and draws a board without choices when there is nothing to decide", () => {
    const d = actionDecision()
    const html = renderToStaticMarkup(
      <GamePlayBoard game="suburbia" view={d.view} seats={seats} legal={[]} onChoose={() => {}} />,
    )
    expect(html).toContain('aria-label="Suburbia board"')
    expect(html).not.toContain('data-choice="true"')
    expect(html).toContain("Nothing for you to decide now.")
  })

  it("on a real decision: a place with one choice plays it, one with several narrows, a bare one is ignored", () => {
    const d = actionDecision()
    const choices = choicesOf(suburbiaRenderer, d.legal, seats, d.view)
    const count = new Map<string, number>()
    for (const c of choices) for (const p of c.places) count.set(p, (count.get(p) ?? 0) + 1)
    const shared = [...count].find(([, n]) => n > 1)?.[0]
    if (shared === undefined) throw new Error("no place with several choices")
    const narrowedBy = selectPlace(choices, [], shared)
    expect(narrowedBy.kind).toBe("narrow")
    if (narrowedBy.kind !== "narrow") return
    expect(narrowedBy.choices.length).toBe(count.get(shared))
    // A market slot then a hex (or a hex then a slot) leaves the one tile on the one hex, or a tile and a
    // lake there: never more than two.
    const other = narrowedBy.choices[0]?.places.find((p) => p !== shared)
    if (other !== undefined) {
      const second = selectPlace(choices, narrowedBy.picked, other)
      expect(second.kind === "choose" || (second.kind === "narrow" && second.choices.length <= 2)).toBe(true)
    }
    const single = [...count].find(([, n]) => n === 1)?.[0]
    if (single !== undefined) expect(selectPlace(choices, [], single).kind).toBe("choose")
    // A tile on the board that nothing points at (another player's borough).
    const bare = choices.some((c) => c.places.includes("market-99"))
    expect(bare).toBe(false)
    expect(selectPlace(choices, [], "market-99")).toEqual({ kind: "ignore" })
  })
})
