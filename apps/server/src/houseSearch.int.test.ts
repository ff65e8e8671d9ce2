import { monitorEventLoopDelay } from "node:perf_hooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RecordedMove, researched } from "./houseBots/searchedMoves.js"
import type { RunningServer } from "./Server.js"
import { eventually, http, ORGANISER, testServer } from "./testing.js"

// Seats held by `builtin:ismcts:<budget>` are searched by IS-MCTS on the server's worker threads, from each
// seat's own view: the game plays to its end while the server keeps answering requests at once.

let server: RunningServer
let api: ReturnType<typeof http>

interface Envelope extends RecordedMove {
  readonly type: string
  readonly metadata: RecordedMove["metadata"] & { readonly actor?: string; readonly time?: string }
}

beforeAll(async () => {
  server = await testServer({ houseSearch: { threads: 1, maxMs: 3_000, maxIterations: 5_000 } })
  api = http(server.url)
})
afterAll(() => server?.close())

const create = (body: Record<string, unknown>) => api.post("/api/games", body, ORGANISER)

describe("a searching house bot (builtin:ismcts:<budget>)", () => {
  it("plays its seats of a game to the end, each move its own, and the game verifies", async () => {
    const created = await create({
      game: "uptown",
      seats: 2,
      gameId: "searched",
      seed: "seed-searched",
      players: ["builtin:ismcts:40i", "builtin:heuristic"],
      decisionMs: null,
    })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    await eventually(
      "the searched game ends",
      () => api.get("/api/games/searched", ORGANISER),
      (r) => r.json.status === "ended",
      { timeoutMs: 90_000, intervalMs: 100 },
    )
    const events: Envelope[] = (await api.get("/api/games/searched/events?limit=1000", ORGANISER)).json.events
    const actors = (seat: number) =>
      new Set(events.filter((e) => e.metadata.seat === seat).map((e) => e.metadata.actor))
    expect(actors(0)).toEqual(new Set(["builtin:ismcts:40i"]))
    expect(actors(1)).toEqual(new Set(["builtin:heuristic"]))
    const audit = (await api.get("/api/games/searched/audit", ORGANISER)).json
    expect(audit.replay.ok, JSON.stringify(audit.problems)).toBe(true)
    // Each of its moves is what the search finds from the seat's view at that position, searched again here.
    const { recorded, searched } = researched("uptown", "searched", "seed-searched", 2, 0, 40, events)
    expect(recorded.length).toBeGreaterThan(3)
    expect(searched).toEqual(recorded)
  })

  it("searches off the event loop: requests are answered at once while a search runs", async () => {
    // Long enough that a search run on the event loop would stall it for seconds, far beyond what a loaded
    // machine's scheduling and collections do (CI runs other suites beside this one on two cores).
    const budgetMs = 3_000
    const created = await create({
      game: "uptown",
      seats: 2,
      gameId: "thinking",
      seed: "seed-thinking",
      players: [`builtin:ismcts:${budgetMs}ms`, `builtin:ismcts:${budgetMs}ms`],
      decisionMs: null,
    })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    // Once the first search has answered, the thread is loaded: from then on every decision takes the budget.
    const searchedMoves = async () =>
      ((await api.get("/api/games/thinking/events?limit=1000", ORGANISER)).json.events as Envelope[]).filter(
        (e) => typeof e.metadata.seat === "number",
      ).length
    const first = await eventually("a first searched move", searchedMoves, (n) => n >= 1, {
      timeoutMs: 60_000,
      intervalMs: 50,
    })
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const latencies: number[] = []
    const until = Date.now() + 2.5 * budgetMs
    while (Date.now() < until) {
      const asked = performance.now()
      expect((await api.get("/api/health")).status).toBe(200)
      latencies.push(performance.now() - asked)
      await new Promise((r) => setTimeout(r, 20))
    }
    delay.disable()
    // Searches ran meanwhile (at least one more, whatever else a loaded machine runs beside them)...
    expect(await searchedMoves()).toBeGreaterThan(first)
    // ...and neither held the loop: the worst stall is well under one search (on the loop, each would stall
    // it for the whole budget).
    const worstStallMs = delay.max / 1e6
    expect(worstStallMs, `event loop stalled ${worstStallMs} ms`).toBeLessThan(budgetMs / 2)
    expect(Math.max(...latencies), `slowest health check ${Math.max(...latencies)} ms`).toBeLessThan(
      budgetMs / 2,
    )
    // The game would go on searching 1.5 s a move: paused, it leaves the thread to the next test.
    const paused = await api.post(
      "/api/games/thinking/actions",
      { action: { type: "PauseGame" }, reason: "measured" },
      ORGANISER,
    )
    expect(paused.status, JSON.stringify(paused.json)).toBe(200)
  })

  it("stops each search short of the seat's clock, so the search's move comes first", async () => {
    const decisionMs = 1_000
    const created = await create({
      game: "uptown",
      seats: 2,
      gameId: "clocked",
      seed: "seed-clocked",
      // A budget longer than the clock: each search stops short of the clock instead.
      players: ["builtin:ismcts:1500ms", "builtin:ismcts:1500ms"],
      decisionMs,
    })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    // A search of 1.5 s would lose every move to a clock of 1 s (the clock's move lands first and the search's,
    // made for a version gone by, is refused); stopped short of the clock, it wins them. While its thread loads
    // (seconds under tsx from source) or is busy with another game's search, the clock plays instead.
    await eventually(
      "three searched moves",
      async () =>
        ((await api.get("/api/games/clocked/events?limit=1000", ORGANISER)).json.events as Envelope[]).filter(
          (e) => e.metadata.actor === "builtin:ismcts:1500ms",
        ).length,
      (searched) => searched >= 3,
      { timeoutMs: 60_000, intervalMs: 50 },
    )
  })

  it("plays a seat handed to it by ReplaceSeat", async () => {
    const created = await create({
      game: "uptown",
      seats: 2,
      gameId: "handed",
      seed: "seed-handed",
      players: [null, "builtin:random"],
      decisionMs: null,
    })
    expect(created.status).toBe(201)
    const replaced = await api.post(
      "/api/games/handed/actions",
      {
        action: { type: "ReplaceSeat", seat: 0, holder: "builtin:ismcts:20i" },
        reason: "a stronger house bot",
      },
      ORGANISER,
    )
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200)
    const events = await eventually(
      "seat 0 moves",
      async () => (await api.get("/api/games/handed/events?limit=1000", ORGANISER)).json.events as Envelope[],
      (es) => es.some((e) => e.metadata.seat === 0),
      { timeoutMs: 60_000, intervalMs: 50 },
    )
    expect(events.find((e) => e.metadata.seat === 0)?.metadata.actor).toBe("builtin:ismcts:20i")
  })

  it("refuses what it cannot play with 400 saying why, and creates nothing", async () => {
    const refusals: ReadonlyArray<readonly [string, string, string]> = [
      [
        "uptown",
        "builtin:ismcts:fast",
        "seat 1: ismcts:fast: an IS-MCTS budget is <n>i (iterations), <n>ms or <n> (milliseconds) or <n>s (seconds), optionally followed by x<threads>",
      ],
      ["uptown", "builtin:ismcts:0ms", "seat 1: ismcts:0ms: the budget must be at least 1"],
      ["uptown", "builtin:ismcts:4s", "seat 1: ismcts:4s: at most 3000 ms a decision here, not 4000"],
      [
        "uptown",
        "builtin:ismcts:9000i",
        "seat 1: ismcts:9000i: at most 5000 iterations a decision here, not 9000",
      ],
      [
        "uptown",
        "builtin:ismcts:500x2",
        "seat 1: ismcts:500x2: the server searches each decision on one thread; leave out x2",
      ],
      [
        "bluff-dice",
        "builtin:ismcts:50ms",
        "seat 1: ismcts:50ms: bluff-dice has no determinise hook, so IS-MCTS cannot search it from a seat's view",
      ],
      [
        "uptown",
        "builtin:alphazero",
        'seat 1: uptown has no built-in bot "alphazero"; its bots: random, heuristic, ismcts:<budget>',
      ],
    ]
    for (const [game, holder, message] of refusals) {
      const refused = await create({ game, seats: 2, gameId: "refused", players: [null, holder] })
      expect(refused.status, holder).toBe(400)
      expect(refused.json).toEqual({ _tag: "BadRequest", message })
    }
    expect((await api.get("/api/games/refused", ORGANISER)).status).toBe(404)

    const kept = await create({ game: "uptown", seats: 2, gameId: "kept", players: [null, "builtin:random"] })
    expect(kept.status).toBe(201)
    const refused = await api.post(
      "/api/games/kept/actions",
      { action: { type: "ReplaceSeat", seat: 1, holder: "builtin:ismcts:5s" }, reason: "too slow" },
      ORGANISER,
    )
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe("seat 1: ismcts:5s: at most 3000 ms a decision here, not 5000")
  })
})

describe("a server without search threads", () => {
  it("refuses searching house bots, and leaves them out of the bots it names", async () => {
    const bare = await testServer({ houseSearch: { threads: 0, maxMs: 1_500, maxIterations: 5_000 } })
    try {
      const client = http(bare.url)
      const refused = await client.post(
        "/api/games",
        { game: "uptown", seats: 2, players: [null, "builtin:ismcts:50ms"] },
        ORGANISER,
      )
      expect(refused.status).toBe(400)
      expect(refused.json.message).toBe("seat 1: ismcts:50ms: this server runs no searching house bots")
      const unknown = await client.post(
        "/api/games",
        { game: "uptown", seats: 2, players: [null, "builtin:alphazero"] },
        ORGANISER,
      )
      expect(unknown.json.message).toBe(
        'seat 1: uptown has no built-in bot "alphazero"; its bots: random, heuristic',
      )
    } finally {
      await bare.close()
    }
  })
})
