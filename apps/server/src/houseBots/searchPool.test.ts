import { isMctsSearch } from "@boroughs/bot-sdk"
import { findGame, Random, start } from "@boroughs/core"
import { houseBotKey } from "@boroughs/engine"
import { Result } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import type { SearchJob } from "./searchMessages.js"
import { searchPool } from "./searchPool.js"

const uptown = findGame("uptown")?.game
if (uptown === undefined) throw new Error("uptown is registered")
const opened = start(uptown, undefined, 3, "pool-seed")
if (Result.isFailure(opened)) throw new Error("uptown starts with 3 seats")
const { match } = opened.success
const seat = uptown.pending(match.state)[0]?.seat ?? 0

/** The first decision of a 3-seat Uptown game, as a house bot is sent it: the seat's view only. */
const job = (iterations: number): SearchJob => ({
  game: "uptown",
  seat,
  view: uptown.view(match.state, { kind: "seat", seat }),
  legal: uptown.legalCommands(match.state, seat),
  randomKey: houseBotKey("g-pool", seat, match.events),
  search: { budget: "iterations", iterations },
  stopBy: null,
})

const pool = searchPool(2)
afterAll(() => pool.close())

describe("the house bots' search threads", () => {
  it("answer one position under an iteration budget with one command, on any thread, as the search in process does", async () => {
    // Two at once: each on a thread of its own.
    const [a, b] = await Promise.all([pool.search(job(300), null), pool.search(job(300), null)])
    expect(a.iterations).toBe(300)
    expect(b).toEqual(a)
    const inProcess = isMctsSearch(
      uptown,
      job(300).view,
      seat,
      job(300).legal,
      Random.fromKey(houseBotKey("g-pool", seat, match.events)),
      { iterations: 300 },
    )
    expect(a.command).toEqual(inProcess.command)
    expect(job(300).legal).toContainEqual(a.command)
  })

  it("queues searches beyond its threads and answers each", async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => pool.search(job(40), null)))
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
  })

  it("gives up a search the clock overtakes, stopping its thread, and searches on after", async () => {
    const started = Date.now()
    await expect(pool.search(job(10_000_000), Date.now() + 300)).rejects.toThrow(/clock ran out/)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect((await pool.search(job(40), null)).iterations).toBe(40)
  })

  it("fails a search of a game it cannot search, saying why", async () => {
    await expect(pool.search({ ...job(40), game: "bluff-dice" }, null)).rejects.toThrow(/determinise/)
  })
})
