/**
 * Scores checked independently of the rules code (issue: "Scores are checked independently of this code,
 * from exported events"). A third party folds the public events of a game — as a spectator receives them —
 * with nothing but the catalogue (the board's adjacency) and the rule text, rebuilds the board, recomputes
 * every payout, and must arrive at the same ZoneScored events and final scores.
 */
import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import type { Typed } from "../../kernel/game.js"
import { simulate } from "../../kernel/simulate.js"
import { downtown, heuristicBot, randomBot } from "./index.js"

type Owner = { seat: number; spaces: number; value: number; bonus: number; total: number }
type Scored = {
  zone: number
  construction: string
  neighbours: Array<{ zone: number; construction: string | null }>
  baseValue: number
  desirable: boolean
  spaceValue: number
  bonus: number
  owners: Owner[]
}

/** The fields this audit reads from any public event. */
type PublicEvent = {
  type: string
  zone: number
  seat: number
  plot: number
  construction: string
  spaces: number
  cost: number
  constructed: boolean
  scores: number[]
}

/** The public catalogue: each zone's neighbours, as a client reads it from `describe downtown --json`. */
const catalogue = JSON.parse(JSON.stringify(downtown.catalogue(downtown.defaultOptions))) as {
  board: { zones: Array<{ zone: number; neighbours: number[] }> }
  kit: { money: number }
}
const neighboursOf = (zone: number): number[] => catalogue.board.zones[zone - 1]?.neighbours ?? []

/** Rule text 4.2, written again from the text. */
const desirable = (type: string, around: Array<string | null>): boolean => {
  const count = (t: string) => around.filter((c) => c === t).length
  if (type === "housing") return count("industry") === 0
  if (type === "industry") return count("commerce") >= 1
  if (type === "commerce") return count("housing") >= 2
  return false
}

/** Folds public events; throws at the first payout or total that does not match the rule text. */
const audit = (events: ReadonlyArray<Typed>, seats: number, twoPlayer: boolean): number[] => {
  const built = new Map<number, string>()
  const markers = new Map<number, number[]>()
  const money = new Array<number>(seats).fill(twoPlayer ? 0 : catalogue.kit.money)
  let scores: readonly number[] = []
  for (const event of events) {
    const e = event as unknown as PublicEvent
    switch (e.type) {
      case "FramePlaced":
        built.set(e.zone, e.construction)
        break
      case "MarkerPlaced": {
        const list = markers.get(e.zone) ?? []
        if (list.length !== e.plot || list.length >= 4)
          throw new Error(`marker on a taken space: ${JSON.stringify(e)}`)
        markers.set(e.zone, [...list, e.seat])
        break
      }
      case "SpacesBought": {
        const price = (e.constructed ? [0, 3, 7, 12] : [0, 2, 5, 9])[e.spaces] as number
        if (e.cost !== (twoPlayer ? 0 : price)) throw new Error(`wrong price: ${JSON.stringify(e)}`)
        if (e.constructed !== built.has(e.zone))
          throw new Error(`wrong construction status: ${JSON.stringify(e)}`)
        money[e.seat] = (money[e.seat] as number) - e.cost
        break
      }
      case "ZoneScored": {
        const s = e as unknown as Scored
        const on = markers.get(s.zone) ?? []
        if (on.length !== 4 || !built.has(s.zone)) throw new Error(`zone ${s.zone} scored unfinished`)
        const around = neighboursOf(s.zone).map((n) => built.get(n) ?? null)
        const base = around.filter((c) => c !== null).length
        const good = desirable(built.get(s.zone) as string, around)
        const value = good ? base * 2 : base
        const seatsIn = [...new Set(on)].sort((a, b) => a - b)
        const bonusEach = twoPlayer
          ? 0
          : (seatsIn.length === 1 ? 5 : seatsIn.length === 2 ? 1 : 0) * (good ? 2 : 1)
        const expected: Scored = {
          zone: s.zone,
          construction: built.get(s.zone) as string,
          neighbours: neighboursOf(s.zone).map((n) => ({ zone: n, construction: built.get(n) ?? null })),
          baseValue: base,
          desirable: good,
          spaceValue: value,
          bonus: bonusEach,
          owners: seatsIn.map((seat) => {
            const spaces = on.filter((x) => x === seat).length
            return {
              seat,
              spaces,
              value: spaces * value,
              bonus: bonusEach,
              total: spaces * value + bonusEach,
            }
          }),
        }
        const { type: _type, ...recorded } = e
        expect(recorded).toEqual(expected)
        for (const o of expected.owners) money[o.seat] = (money[o.seat] as number) + o.total
        break
      }
      case "ZoneClosed":
        // Markers go back to their owners (the 2p variant leaves them on the closed zone).
        if (!twoPlayer) markers.delete(e.zone)
        break
      case "GameEnded":
        scores = e.scores
        break
    }
  }
  expect(scores).toEqual(money)
  return money
}

describe("independent audit from public events", () => {
  it("a third party rebuilds the board and recomputes every payout and the final scores (3–6 seats and 2p)", () => {
    let games = 0
    for (let i = 0; i < 80; i++) {
      const seats = 3 + (i % 4)
      const bots: Bot[] = Array.from({ length: seats }, (_, s) =>
        (s + i) % 3 === 0 ? heuristicBot : randomBot,
      )
      const sim = simulate(downtown, { variant: "standard" }, bots, `audit-${i}`)
      // What a spectator receives: private events only in their redacted form.
      const seen = sim.events.map((e) => {
        const vis = downtown.visibility(e as never)
        return vis === "all" ? e : (vis.redacted ?? e)
      })
      audit(seen, seats, false)
      games++
    }
    for (let i = 0; i < 20; i++) {
      const sim = simulate(downtown, { variant: "2p-official" }, [randomBot, heuristicBot], `audit-2p-${i}`)
      audit(sim.events, 2, true)
      games++
    }
    expect(games).toBe(100)
  }, 60_000)
})
