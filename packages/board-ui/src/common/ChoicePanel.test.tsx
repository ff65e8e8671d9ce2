import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { downtownRenderer } from "../games/downtown/index.js"
import { urbanSprawlRenderer } from "../games/urban-sprawl/index.js"
import { seatsOf } from "../testing.js"
import { ChoicePanel, type ChoicePanelProps, FOLD_OVER } from "./ChoicePanel.js"

const seats = seatsOf(4)
const legal = [
  { type: "ChooseZone", zone: 7, spaces: 1 },
  { type: "ChooseZone", zone: 7, spaces: 2 },
  { type: "CastVote", construction: "housing" },
]

const render = (props: Partial<ChoicePanelProps> = {}) =>
  renderToStaticMarkup(
    <ChoicePanel renderer={downtownRenderer} legal={legal} seats={seats} onChoose={() => {}} {...props} />,
  )

/** The buttons' texts (number badge and words), in order. */
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*class="bui-choice-button"[^>]*>(.*?)<\/button>/g)].map((m) =>
    (m[1] as string)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  )

describe("ChoicePanel", () => {
  it("lists the choices as buttons in words under a heading per command type, in a labelled region", () => {
    const html = render()
    expect(html).toMatch(/<section class="bui-choices" aria-labelledby="([^"]+)"/)
    const titleId = /aria-labelledby="([^"]+)"/.exec(html)?.[1]
    expect(html).toContain(`<h2 id="${titleId}">Your move</h2>`)
    expect(html).toContain(">Choose zone (2)</h3>")
    expect(html).toContain(">Cast vote (1)</h3>")
    expect(buttons(html)).toEqual(["1 Zone 7 dial, 1 space", "2 Zone 7 dial, 2 spaces", "3 Housing vote"])
    expect(html.match(/type="button"/g)?.length).toBe(3)
  })

  it("makes the list one tab stop (roving focus) and numbers a short list for the number keys", () => {
    const html = render()
    expect(html.match(/tabindex="0"/g)?.length).toBe(1)
    expect(html.match(/tabindex="-1"/g)?.length).toBe(2)
    expect(html).toContain('aria-keyshortcuts="1"')
    expect(html).toContain('aria-keyshortcuts="3"')
  })

  it("numbers no long list, and folds a long group until asked or narrowed on the board", () => {
    const builds = Array.from({ length: 40 }, (_, i) => ({ type: "PickBlock", block: i % 36 }))
    const long = [...builds, { type: "EndTurn" }]
    const html = renderToStaticMarkup(
      <ChoicePanel renderer={urbanSprawlRenderer} legal={long} seats={seats} onChoose={() => {}} />,
    )
    expect(html).not.toContain("aria-keyshortcuts")
    expect(html).toContain('aria-expanded="false"')
    expect(html).toContain("Show all 40 (or pick a place on the board to narrow them)")
    expect(buttons(html)).toEqual(["End the turn"])
    expect(40).toBeGreaterThan(FOLD_OVER)
    // Narrowed to one place's choices, the group shows whole.
    const narrowed = renderToStaticMarkup(
      <ChoicePanel
        renderer={urbanSprawlRenderer}
        legal={long}
        seats={seats}
        onChoose={() => {}}
        filter={{ label: "block 3", indices: [2, 38] }}
        onClearFilter={() => {}}
      />,
    )
    expect(buttons(narrowed)).toEqual(["1 Block 3 as the target", "2 Block 3 as the target"])
    expect(narrowed).toContain("2 of 41 choices at block 3")
    expect(narrowed).toContain("Show all 41 choices")
  })

  it("lists only the choices at the places picked, with a way back to all", () => {
    const html = render({ filter: { label: "zone 7", indices: [0, 1] }, onClearFilter: () => {} })
    expect(buttons(html)).toEqual(["1 Zone 7 dial, 1 space", "2 Zone 7 dial, 2 spaces"])
    expect(html).not.toContain("Cast vote")
    expect(html).toContain('role="status">2 of 3 choices at zone 7</p>')
    expect(html).toContain(">Show all 3 choices</button>")
  })

  it("takes no choice while a command is in flight, and says so", () => {
    const html = render({ busy: true, withStyles: false })
    expect(html.match(/aria-disabled="true"/g)?.length).toBe(3)
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain("Sending your choice…")
  })

  it("shows a refusal's rule and message in a live error line", () => {
    const quiet = render()
    expect(quiet).toContain('<p class="bui-choices-error" role="alert" aria-live="assertive"></p>')
    const html = render({ error: { rule: "downtown.dial.spaces", message: "only 1 space is free" } })
    expect(html).toContain(
      'role="alert" aria-live="assertive">Refused (downtown.dial.spaces): only 1 space is free</p>',
    )
  })

  it("says in words what the clock would play", () => {
    const html = render({ defaultCommand: { type: "ChooseZone", zone: 7, spaces: 1 } })
    expect(html).toContain("If your clock runs out: zone 7 dial, 1 space")
    expect(render()).not.toContain("If your clock runs out")
  })

  it("says when there is nothing to decide, and leaves out its stylesheet when asked", () => {
    const html = render({ legal: [] })
    expect(html).toContain("Nothing for you to decide now.")
    expect(html).toContain("<style>")
    expect(render({ withStyles: false })).not.toContain("<style>")
  })

  it("keeps every button a phone's finger wide: 44 px tall at least, nothing behind a hover", async () => {
    const { choiceStyles } = await import("./ChoicePanel.js")
    expect(choiceStyles).toMatch(/\.bui-choices button \{[^}]*min-height: 44px/)
    expect(choiceStyles).not.toContain(":hover")
  })
})
