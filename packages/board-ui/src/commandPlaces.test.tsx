import { findGame, type Typed } from "@boroughs/core"
import { renderToStaticMarkup } from "react-dom/server"
import { beforeAll, describe, expect, it } from "vitest"
import { choicesOf } from "./common/choices.js"
import { namesFor } from "./common/names.js"
import { placesOfCommandWith } from "./narration.js"
import { renderers } from "./registry.js"
import { COMMAND_PLAYS, commandTypesOf, type RecordedDecision, recordDecisions, seatsOf } from "./testing.js"

/**
 * The command types that point at nothing on the board (votes, passes, bids, whom to ask next): the choice
 * list alone offers them. Every other type must point at a place whenever it is legal.
 */
const NO_PLACE: Record<string, ReadonlyArray<string>> = {
  downtown: ["CastVote", "DeclareLobby", "BreakTie", "ChooseConstruction"],
  manhattan: ["DemandBankruptcy", "Skip"],
  suburbia: ["Pass"],
  uptown: ["DiscardCard"],
  "urban-sprawl": [
    "PassDraft",
    "EndTurn",
    "OrderNext",
    "BreakTie",
    "PayRansom",
    "Bid",
    "SkipEffect",
    "PayTribute",
  ],
}

/** Command types with a place that the simulated games may not offer: each is tested with a made-up one. */
const MADE_UP: Record<string, ReadonlyArray<string>> = {
  "urban-sprawl": ["TakeFreePlanning", "SwapMarkers", "ChooseOffice"],
}

/** The place keys a rendered board draws, and those drawn as a choice. */
const renderedPlaces = (html: string) => {
  const all = new Set<string>()
  const choices = new Set<string>()
  for (const tag of html.matchAll(/<[a-z]+ [^>]*data-place="([^"]+)"[^>]*>/g)) {
    const place = tag[1] as string
    all.add(place)
    if (tag[0].includes('data-choice="true"')) choices.add(place)
  }
  return { all, choices }
}

/** Up to `count` decisions spread over the list, and the first few offering each command type. */
const spread = (decisions: ReadonlyArray<RecordedDecision>, count: number): RecordedDecision[] => {
  const picked = new Set<RecordedDecision>()
  const step = Math.max(1, Math.floor(decisions.length / count))
  for (let i = 0; i < decisions.length; i += step) picked.add(decisions[i] as RecordedDecision)
  const seen = new Map<string, number>()
  for (const d of decisions)
    for (const type of new Set(d.legal.map((c) => c.type))) {
      const n = seen.get(type) ?? 0
      if (n < 3) picked.add(d)
      seen.set(type, n + 1)
    }
  return [...picked]
}

const decisionsOf = new Map<string, RecordedDecision[]>()
beforeAll(() => {
  for (const renderer of renderers)
    decisionsOf.set(
      renderer.id,
      recordDecisions(renderer.id, COMMAND_PLAYS[renderer.id] ?? [{ seats: 3 }], "places"),
    )
})

describe("placesOfCommand", () => {
  for (const renderer of renderers) {
    it(`${renderer.id}: every command type of its schema points at a place, or is listed as having none`, () => {
      const registered = findGame(renderer.id)
      if (!registered) throw new Error(`${renderer.id} is not registered`)
      const types = commandTypesOf(registered.game.schemas.command)
      const none = new Set(NO_PLACE[renderer.id] ?? [])
      for (const type of none) expect(types, `${renderer.id}: ${type} is not a command`).toContain(type)
      const decisions = decisionsOf.get(renderer.id) ?? []
      const offered = new Set<string>()
      for (const d of decisions)
        for (const command of d.legal) {
          offered.add(command.type)
          const places = renderer.placesOfCommand(command, d.view)
          const what = `${renderer.id} ${JSON.stringify(command)} → ${JSON.stringify(places)}`
          if (none.has(command.type)) expect(places, what).toEqual([])
          else expect(places.length, what).toBeGreaterThan(0)
          for (const place of places) expect(place, what).toMatch(/^[a-z]+(-[A-Za-z0-9]+|--?\d+)*$/)
        }
      // A type the bots were never offered (a rare effect's choice) is tested below with a made-up command.
      for (const type of types.filter((t) => !offered.has(t) && !none.has(t)))
        expect(MADE_UP[renderer.id] ?? [], `${renderer.id}: ${type} neither offered nor made up`).toContain(
          type,
        )
    })

    it(`${renderer.id}: every place a legal command points at is drawn on the seat's board, ringed as a choice`, () => {
      const decisions = spread(decisionsOf.get(renderer.id) ?? [], 40)
      expect(decisions.length).toBeGreaterThan(20)
      const seats = seatsOf(6)
      let pointed = 0
      for (const d of decisions) {
        const choices = choicesOf(renderer, d.legal, seats, d.view)
        const places = [...new Set(choices.flatMap((c) => c.places))]
        const html = renderToStaticMarkup(
          <renderer.Board view={d.view} seats={seats} highlight={{ choices: places }} onSelect={() => {}} />,
        )
        const drawn = renderedPlaces(html)
        for (const c of choices)
          for (const place of c.places) {
            const what = `${renderer.id} seat ${d.seat}: ${JSON.stringify(c.command)} → ${place}`
            expect(drawn.all.has(place), `${what} is not drawn`).toBe(true)
            expect(drawn.choices.has(place), `${what} is not ringed as a choice`).toBe(true)
            pointed++
          }
        // Only choices are ringed as choices; each can be said in words (the list's "3 choices at …").
        for (const place of drawn.choices) expect(places, `${renderer.id}: ${place}`).toContain(place)
        for (const place of places)
          expect(renderer.describePlace(place, namesFor(seats)), place).not.toBe(place)
      }
      expect(pointed).toBeGreaterThan(20)
    })

    it(`${renderer.id}: the choices of a decision read differently from one another`, () => {
      const seats = seatsOf(6)
      for (const d of spread(decisionsOf.get(renderer.id) ?? [], 80)) {
        const words = choicesOf(renderer, d.legal, seats, d.view).map((c) => c.words)
        const twice = words.filter((w, i) => words.indexOf(w) !== i)
        expect(twice, `${renderer.id}: ${twice.slice(0, 3).join(" | ")}`).toEqual([])
      }
    })
  }
})

describe("placesOfCommand of each game", () => {
  const ofGame = (id: string) => {
    const found = renderers.find((r) => r.id === id)
    if (!found) throw new Error(`no renderer ${id}`)
    return found
  }
  const decisionWith = (id: string, type: string) => {
    const d = decisionsOf.get(id)?.find((x) => x.legal.some((c) => c.type === type))
    if (!d) throw new Error(`${id}: no decision offers ${type}`)
    return { ...d, command: d.legal.find((c) => c.type === type) as Typed & Record<string, unknown> }
  }

  it("downtown: the zone of a dial or a tile, the pile drawn from", () => {
    const r = ofGame("downtown")
    expect(r.placesOfCommand({ type: "ChooseZone", zone: 7, spaces: 2 }, {})).toEqual(["zone-7"])
    expect(r.placesOfCommand({ type: "PlayZoningTile", zone: 19 }, {})).toEqual(["zone-19"])
    expect(r.placesOfCommand({ type: "DrawZoningTile", pile: "east" }, {})).toEqual(["pile-east"])
    expect(r.placesOfCommand({ type: "CastVote", construction: "housing" }, {})).toEqual([])
  })

  it("manhattan: each pawn's move lands where the rules put it", () => {
    const r = ofGame("manhattan")
    const decisions = decisionsOf.get("manhattan") ?? []
    let checked = 0
    decisions.forEach((d, i) => {
      const next = decisions[i + 1]
      if (d.chosen.type !== "MovePawns" || next === undefined) return
      const moves = (d.chosen as unknown as { moves: { pawn: number }[] }).moves
      const after = (next.view as { pawns: (number | null)[][] }).pawns[d.seat] ?? []
      const landed = [...new Set(moves.map((m) => `ring-${after[m.pawn]}`))]
      expect(r.placesOfCommand(d.chosen, d.view), JSON.stringify(d.chosen)).toEqual(landed)
      checked++
    })
    expect(checked).toBeGreaterThan(20)
  })

  it("suburbia: the market slot or basic tile bought and the hex of the current player's borough", () => {
    const r = ofGame("suburbia")
    const view = { current: 1 }
    expect(r.placesOfCommand({ type: "BuyTile", slot: 2, q: 1, r: -2 }, view)).toEqual([
      "market-2",
      "tile-1-1--2",
    ])
    expect(r.placesOfCommand({ type: "BuyBasicTile", tile: "suburbs", q: 0, r: 3 }, view)).toEqual([
      "basic-suburbs",
      "tile-1-0-3",
    ])
    expect(r.placesOfCommand({ type: "DiscardTile", slot: 0 }, view)).toEqual(["market-0"])
  })

  it("urban-sprawl: a Build at its block and the card's box; a free planning card at its box", () => {
    const r = ofGame("urban-sprawl")
    const build = decisionWith("urban-sprawl", "Build")
    const view = build.view as { contractBoxes: (string | null)[] }
    const places = r.placesOfCommand(build.command, build.view) ?? []
    expect(places[0]).toBe(`block-${build.command.block}`)
    expect(places[1]).toMatch(/^(contract-\d|deck-(town|city|metro)|favor-.+)$/)
    const box = view.contractBoxes.indexOf(build.command.card as string)
    if (box >= 0) expect(places[1]).toBe(`contract-${box}`)
    // TakeFreePlanning (a rare effect the bots never met) points at the box its card lies in.
    const withPlanning = (decisionsOf.get("urban-sprawl") ?? []).find((d) =>
      (d.view as { planningBoxes: (string | null)[] }).planningBoxes.some((c) => c !== null),
    )
    if (!withPlanning) throw new Error("no planning card in any view")
    const boxes = (withPlanning.view as { planningBoxes: (string | null)[] }).planningBoxes
    const at = boxes.findIndex((c) => c !== null)
    const command = { type: "TakeFreePlanning", card: boxes[at] }
    expect(r.placesOfCommand(command, withPlanning.view)).toEqual([`planning-${at}`])
    const html = renderToStaticMarkup(
      <r.Board view={withPlanning.view} seats={seatsOf(4)} highlight={{ choices: [`planning-${at}`] }} />,
    )
    expect(renderedPlaces(html).choices.has(`planning-${at}`)).toBe(true)
  })

  it("urban-sprawl: swapped markers on the task's edge, an office at its place", () => {
    const r = ofGame("urban-sprawl")
    const d = (decisionsOf.get("urban-sprawl") ?? [])[50] as RecordedDecision
    const view = { ...(d.view as object), tasks: [{ k: "swapMarkers", edge: "south" }] }
    const swap = { type: "SwapMarkers", a: 1, b: 4 }
    const office = { type: "ChooseOffice", office: "PoliceChief" }
    expect(r.placesOfCommand(swap, view)).toEqual(["marker-south-1", "marker-south-4"])
    expect(r.placesOfCommand(office, view)).toEqual(["office-PoliceChief"])
    const choices = ["marker-south-1", "marker-south-4", "office-PoliceChief"]
    const drawn = renderedPlaces(
      renderToStaticMarkup(<r.Board view={view} seats={seatsOf(4)} highlight={{ choices }} />),
    )
    for (const place of choices) expect(drawn.choices.has(place), place).toBe(true)
  })

  it("never throws: a command it cannot read points nowhere", () => {
    for (const r of renderers) {
      expect(placesOfCommandWith(r, { type: "NoSuchCommand" }, {})).toEqual([])
      expect(placesOfCommandWith(r, null, {})).toEqual([])
      expect(placesOfCommandWith(r, { type: "BuyTile" }, null)).toEqual([])
    }
    expect(placesOfCommandWith(undefined, { type: "ChooseZone", zone: 1 }, {})).toEqual([])
  })
})
