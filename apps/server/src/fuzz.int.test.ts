import { BoroughsApi } from "@boroughs/protocol"
import { HttpApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import type { RunningServer } from "./Server.js"
import { http, ORGANISER, serverBackends, testServer } from "./testing.js"

// Bad input never gets a 5xx: seeded random requests to every route the server serves, with mutated ids,
// query values, bodies, headers and tokens, against a real server and database. A failure prints the seed
// and each request, enough to replay it by hand; BOROUGHS_FUZZ_SEED sends the same requests again (two clients
// run at once, so their interleaving may differ) and BOROUGHS_FUZZ_MS fuzzes longer.

const SEED = Number(process.env.BOROUGHS_FUZZ_SEED ?? 20_261_204)
const BACKENDS = serverBackends()
/** The whole test stays under 30 s: the fuzzing time is shared by the backends (setup adds ~2 s each). */
const BUDGET_MS = Number(process.env.BOROUGHS_FUZZ_MS ?? 0) || (BACKENDS.length > 1 ? 8_000 : 10_000)
const MAX_REQUESTS = 40_000
const WORKERS = 2
const REQUEST_TIMEOUT_MS = 5_000

/** mulberry32: a tiny seeded PRNG, so the same seed sends the same requests. */
const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
type Random = ReturnType<typeof prng>
const int = (r: Random, n: number) => Math.floor(r() * n)
const pick = <T>(r: Random, xs: ReadonlyArray<T>): T => xs[int(r, xs.length)] as T
const chance = (r: Random, p: number) => r() < p
const printable = (r: Random, n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(0x21 + int(r, 94))).join("")

/** Strings that have broken servers: controls, NUL, odd unicode, lone surrogates, long, injection-shaped. */
const STRANGE: ReadonlyArray<string> = [
  "\u0000",
  "a\u0000b",
  "\u0001\u001f\u007f",
  "\r\nX-Injected: 1",
  "\t",
  "\u202eevil",
  "\u2028",
  "\ud800",
  "\udc00x",
  "😀",
  "東京",
  "é",
  "\ufeff",
  "x".repeat(3_000),
  "",
  " ",
  "..",
  "/",
  "\\",
  "'; drop table es_events; --",
  "{{7*7}}",
  "<script>",
  "null",
  "__proto__",
  "constructor",
  "tok_",
  "brs_",
  "game-duel",
]

/** The characters a database or a log chokes on; inserted into every other mutated string. */
const HOSTILE: ReadonlyArray<string> = ["\u0000", "\ud800", "\udfff", "\u0007", "\r\n", "\u001b[2J", "\u0085"]

/** Numbers written the ways `Number()` reads and decimal-only parsing must not. */
const NUMBERISH: ReadonlyArray<string> = [
  "0",
  "1",
  "2",
  "5",
  "999",
  "0x10",
  "1e3",
  "-1",
  "+1",
  "1.5",
  " 1",
  "1 ",
  "",
  "NaN",
  "Infinity",
  "0b1",
  "0o7",
  "1_000",
  "٣",
  "00012",
  "9007199254740993",
  "99999999999999999999",
]

/** Percent-encodings a client may send that decode to nothing sensible. */
const PERCENT_GARBAGE: ReadonlyArray<string> = [
  "%",
  "%zz",
  "%00",
  "%ED%A0%80",
  "%C0%AF",
  "%2F",
  "%2E%2E",
  "%FF",
  "%u0041",
  "%25",
]

const encode = (r: Random, s: string): string => {
  if (chance(r, 0.15)) return pick(r, PERCENT_GARBAGE)
  try {
    return encodeURIComponent(s)
  } catch {
    return pick(r, PERCENT_GARBAGE) // a lone surrogate has no encoding
  }
}

/** A string like `valid` but broken: mostly a strange piece inserted, else replaced, cased or cut. */
const mutateString = (r: Random, valid: string): string => {
  const strange = chance(r, 0.5) ? pick(r, HOSTILE) : pick(r, STRANGE)
  const how = r()
  if (how < 0.6) {
    const at = int(r, valid.length + 1)
    return valid.slice(0, at) + strange + valid.slice(at)
  }
  if (how < 0.8) return strange
  if (how < 0.9) return valid.toUpperCase()
  return valid.slice(0, int(r, valid.length))
}

/** A JSON value of a wrong or extreme kind; `@@INF@@` becomes the literal 1e400 in the body text. */
const strangeValue = (r: Random): unknown => {
  switch (int(r, 12)) {
    case 0:
      return pick(r, STRANGE)
    case 1:
      return pick(r, [-1, 0, 1.5, -0, 2 ** 53 + 2, 1e308, -1e308, 1e-7, 64, 65, 1_000_000])
    case 2:
      return "@@INF@@"
    case 3:
      return null
    case 4:
      return pick(r, [true, false])
    case 5:
      return []
    case 6:
      return {}
    case 7:
      return Array.from({ length: 2_000 }, (_, i) => i)
    case 8: {
      let deep: unknown = 1
      for (let i = 0; i < 200; i++) deep = [deep]
      return deep
    }
    case 9:
      // Own `__proto__` and `constructor` keys, as JSON.parse makes them (an object literal would not).
      return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}')
    case 10:
      return pick(r, NUMBERISH)
    default:
      return { type: pick(r, STRANGE) }
  }
}

/** Every path to a value inside a JSON value (`[]` is the root). */
const pathsOf = (value: unknown, at: ReadonlyArray<string | number> = []): Array<Array<string | number>> => {
  const out: Array<Array<string | number>> = [[...at]]
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...at, i]))
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]))
  return out
}

const valueAt = (value: unknown, path: ReadonlyArray<string | number>): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value)

/** A body close to `template`: a few fields deleted, retyped, made strange, or added. */
const mutateBody = (r: Random, template: unknown): unknown => {
  let body = structuredClone(template)
  // Usually one change, so the rest of the body stays valid and the change reaches deep.
  for (let n = chance(r, 0.7) ? 1 : 2 + int(r, 2); n > 0; n--) {
    const paths = pathsOf(body)
    // Half the time a string of the body: free text is where unstorable characters slip through.
    const texts = paths.filter((p) => typeof valueAt(body, p) === "string")
    const path = texts.length > 0 && chance(r, 0.5) ? pick(r, texts) : pick(r, paths)
    if (path.length === 0) {
      if (chance(r, 0.2)) body = strangeValue(r)
      continue
    }
    let parent = body as Record<string | number, unknown>
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
    const last = path[path.length - 1] as string | number
    const kind = int(r, 4)
    if (kind === 0) delete parent[last]
    else if (kind === 1)
      parent[last] =
        typeof parent[last] === "string" ? mutateString(r, parent[last] as string) : strangeValue(r)
    else if (kind === 2) parent[last] = strangeValue(r)
    else if (typeof parent === "object" && parent !== null && !Array.isArray(parent))
      Object.defineProperty(parent, pick(r, ["extra", "__proto__", "constructor", "\u0000", "toString"]), {
        value: strangeValue(r),
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return body
}

/** Body text that is not the JSON of an object. */
const MALFORMED: ReadonlyArray<string | Uint8Array> = [
  "",
  "{",
  "}",
  "null",
  "[]",
  "1",
  '"s"',
  '{"a":',
  "{'a':1}",
  '{"a":1}{"b":2}',
  "\ufeff{}",
  '{"a":1,"a":2}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"k":"${"x".repeat(70_000)}"}`,
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  new Uint8Array([0x00, 0x01, 0x02]),
]

interface Fixture {
  readonly gameIds: ReadonlyArray<string>
  readonly tournamentIds: ReadonlyArray<string>
  readonly tokenIds: ReadonlyArray<string>
  /** Secrets: valid bot and player tokens, one that expires during the run, a revoked one. */
  readonly tokens: ReadonlyArray<string>
}

/**
 * A body each write route accepts, mutated from there. Ids are fresh each time, so a mutated request is not
 * answered "exists already" before its body reaches the rules and the database.
 */
const TEMPLATES: Readonly<Record<string, (fresh: string) => unknown>> = {
  "POST /api/games": (fresh) => ({
    game: "bluff-dice",
    seats: 2,
    gameId: `fz-${fresh}`,
    players: ["bot:alpha", null],
    spectators: { mode: "delayed", events: 2 },
    decisionMs: null,
    seed: "s",
    options: { rounds: 2, sides: 6 },
  }),
  "POST /api/games/:gameId/commands": (fresh) => ({
    commandId: `c-${fresh}`,
    seat: 0,
    command: { type: "CommitBid", bid: 3 },
  }),
  "POST /api/games/:gameId/actions": (fresh) => ({
    action: { type: "AnnotateEvent", version: 1, note: "n", audience: "all" },
    reason: "r",
    commandId: `a-${fresh}`,
  }),
  "POST /api/play": () => ({
    game: "bluff-dice",
    seats: [{ kind: "me" }, { kind: "invite" }, { kind: "house", bot: "random" }],
    name: "Ann",
    options: { rounds: 2, sides: 6 },
    decisionMs: null,
  }),
  "PUT /api/games/:gameId/seats/:seat/name": (fresh) => ({ name: `Ann ${fresh}` }),
  "POST /api/tokens": (fresh) => ({ kind: "bot", name: `fz-${fresh}`, expiresAt: "2031-01-01T00:00:00Z" }),
  "POST /api/tournaments": (fresh) => ({
    tournamentId: `fz.${fresh}`,
    name: "Cup",
    game: "bluff-dice",
    format: "swiss",
    rounds: 1,
    tableSize: 3,
    entrants: [
      { id: "a", plays: "builtin:middle" },
      { id: "b", plays: "bot:alpha" },
      { id: "c", plays: "player:carol" },
    ],
    pairingSeed: "p",
    decisionMs: null,
  }),
  "POST /api/tournaments/:tournamentId/actions": () => ({
    action: { type: "AnnotateTournament", note: "n" },
    reason: "r",
  }),
}

/** The query keys of each endpoint of the HttpApi definition, by `METHOD /path`. */
const QUERY_KEYS: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const keys = new Map<string, ReadonlyArray<string>>()
  HttpApi.reflect(BoroughsApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => {
      const query = endpoint.query as { readonly fields?: Record<string, unknown> } | undefined
      keys.set(`${endpoint.method} ${endpoint.path}`, Object.keys(query?.fields ?? {}))
    },
  })
  return keys
})()
const ANY_QUERY_KEYS = ["seat", "after", "access_token", "limit", "at", "as", "x"]
const PLAUSIBLE = [
  "0",
  "1",
  "2",
  "3",
  "live",
  "ended",
  "json",
  "text",
  "bluff-dice",
  "bot:alpha",
  "2020-01-01T00:00:00.000Z|duel",
]

interface FuzzRequest {
  /** The route it aims at, `METHOD /path/:param`. */
  readonly route: string
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string | Uint8Array
}

/** Every endpoint the server serves: the HttpApi definition's, which HttpApiBuilder serves one for one. */
const routes: ReadonlyArray<{ readonly method: string; readonly path: string }> = (() => {
  const found: Array<{ method: string; path: string }> = []
  HttpApi.reflect(BoroughsApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => void found.push({ method: endpoint.method, path: endpoint.path }),
  })
  return found
})()

/** Routes that take a body: where most of the input is, so they get half of the requests. */
const BODY_ROUTES = routes.filter((route) => route.method !== "GET")

/** What one request breaks; the rest of it stays valid, so the broken part is what the server must judge. */
type Focus = "path" | "query" | "auth" | "headers" | "body" | "method"

const CONTENT_TYPES = [
  "text/plain",
  "application/json; charset=utf-16",
  "application/merge-patch+json",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "application/x-www-form-urlencoded",
  "",
  "*/*",
]

const BAD_AUTHORIZATION = (r: Random) =>
  pick(r, [
    "Bearer",
    "Bearer ",
    "Basic YTpi",
    `bearer   ${ORGANISER}`,
    `Bearer ${ORGANISER}x`,
    `Bearer ${printable(r, 43)}`,
    `Bearer brs_${printable(r, 43)}`,
    `Bearer ${printable(r, 300)}`,
    `Bearer ${"é".repeat(20)}`,
    "Bearer a b",
  ])

type Route = (typeof routes)[number]

const generate = (r: Random, fixture: Fixture, first?: Route): FuzzRequest => {
  const route = first ?? (chance(r, 0.5) ? pick(r, BODY_ROUTES) : pick(r, routes))
  const hasBody = route.method !== "GET"
  const focus: Focus =
    hasBody && chance(r, 0.5) ? "body" : pick(r, ["path", "query", "auth", "headers", "body", "method"])
  // Another method on the route's path: 404 naming the allowed ones (fetch sends no body with GET or HEAD).
  const method =
    focus === "method" ? pick(r, ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]) : route.method
  const valid: Readonly<Record<string, ReadonlyArray<string>>> = {
    gameId: fixture.gameIds,
    tournamentId: fixture.tournamentIds,
    tokenId: fixture.tokenIds,
    seat: ["0", "1"],
  }
  const path = route.path
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return part
      const id = pick(r, valid[part.slice(1)] ?? ["x"])
      return focus === "path" && chance(r, 0.8) ? encode(r, mutateString(r, id)) : encodeURIComponent(id)
    })
    .join("/")
  const keys = [...(QUERY_KEYS.get(`${route.method} ${route.path}`) ?? []), ...ANY_QUERY_KEYS]
  const query = Array.from({ length: focus === "query" ? 1 + int(r, 3) : int(r, 2) }, () => {
    const key = focus === "query" && chance(r, 0.1) ? encode(r, pick(r, STRANGE)) : pick(r, keys)
    if (focus !== "query") return `${key}=${pick(r, PLAUSIBLE)}`
    const value =
      key === "access_token" && chance(r, 0.5)
        ? encode(r, pick(r, fixture.tokens))
        : chance(r, 0.5)
          ? encode(r, pick(r, NUMBERISH))
          : encode(r, mutateString(r, pick(r, PLAUSIBLE)))
    return `${key}=${value}`
  })
  const headers: Record<string, string> = {}
  // Mostly the organiser, who may call every route, so bad ids and bodies get past authentication.
  const auth = int(r, 10)
  if (focus === "auth") {
    if (auth < 5) headers.authorization = BAD_AUTHORIZATION(r)
    else if (auth < 9) headers.authorization = `Bearer ${pick(r, fixture.tokens)}`
  } else if (auth < 7) headers.authorization = `Bearer ${ORGANISER}`
  else if (auth < 9) headers.authorization = `Bearer ${pick(r, fixture.tokens.slice(0, 2))}`
  if (focus === "headers") {
    if (chance(r, 0.6))
      headers["last-event-id"] = chance(r, 0.7)
        ? pick(r, NUMBERISH)
        : mutateString(r, "2").replace(/[^\x20-\x7e]/g, "?")
    if (chance(r, 0.3))
      headers["x-forwarded-for"] = pick(r, ["1.2.3.4", "::1", "garbage", "1.2.3.4, 5.6.7.8", ""])
    if (hasBody && chance(r, 0.5)) headers["content-type"] = pick(r, CONTENT_TYPES)
  }
  headers["content-type"] ??= "application/json"
  let body: string | Uint8Array | undefined
  if (hasBody) {
    const template = TEMPLATES[`${route.method} ${route.path}`]?.(String(int(r, 1e9))) ?? {}
    if (focus !== "body") body = JSON.stringify(template)
    else if (chance(r, 0.1)) body = pick(r, MALFORMED)
    else if (chance(r, 0.05)) body = undefined
    else body = JSON.stringify(mutateBody(r, template)).replaceAll('"@@INF@@"', "1e400")
  }
  return {
    route: `${route.method} ${route.path}`,
    method,
    path: `${path}${query.length > 0 ? `?${query.join("&")}` : ""}`,
    headers,
    ...(body === undefined || method === "GET" || method === "HEAD" ? {} : { body }),
  }
}

/** The status of one request; streams are closed as soon as their headers arrive. */
const send = async (
  base: string,
  request: FuzzRequest,
): Promise<{ status: number; text: string } | "unsendable"> => {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  try {
    let response: Response
    try {
      response = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: request.headers,
        signal: controller.signal,
        ...(request.body === undefined ? {} : { body: request.body }),
      })
    } catch (error) {
      // fetch refuses some headers and URLs itself: nothing reached the server.
      if (error instanceof TypeError && !controller.signal.aborted) return "unsendable"
      throw error
    }
    const type = response.headers.get("content-type") ?? ""
    if (response.status === 200 && /event-stream|ndjson/.test(type) && !request.path.includes("/export")) {
      await response.body?.cancel()
      return { status: response.status, text: "(stream)" }
    }
    return { status: response.status, text: await response.text() }
  } finally {
    clearTimeout(timer)
  }
}

/** The games, tournament and tokens the requests aim at (and mutate). */
const setUp = async (server: RunningServer): Promise<Fixture> => {
  const api = http(server.url)
  const issue = async (name: string, extra: Record<string, unknown> = {}) => {
    const r = await api.post("/api/tokens", { kind: "bot", name, ...extra }, ORGANISER)
    expect(r.status, JSON.stringify(r.json)).toBe(201)
    return r.json as { token: string; tokenId: string }
  }
  const alpha = await issue("alpha")
  const carol = await api.post("/api/tokens", { kind: "player", name: "carol" }, ORGANISER)
  const expiring = await issue("soon", { expiresAt: new Date(Date.now() + 1_500).toISOString() })
  const revoked = await issue("gone")
  const victim = await issue("victim")
  expect((await api.call("DELETE", `/api/tokens/${revoked.tokenId}`, { token: ORGANISER })).status).toBe(204)
  const create = async (body: Record<string, unknown>) => {
    const r = await api.post(
      "/api/games",
      { game: "bluff-dice", seats: 2, decisionMs: null, ...body },
      ORGANISER,
    )
    expect(r.status, JSON.stringify(r.json)).toBe(201)
  }
  await create({ gameId: "duel", players: ["bot:alpha", "player:carol"], seed: "duel" })
  await create({ gameId: "slow", players: ["bot:alpha", null], spectators: { mode: "delayed", events: 1 } })
  await create({ gameId: "hidden", players: [null, "player:carol"], spectators: { mode: "private" } })
  // A tournament of built-in bots plays its table to the end on its own: an ended game to aim at, whose id
  // holds a '.' as tournament table ids may.
  const cup = await api.post(
    "/api/tournaments",
    {
      tournamentId: "cup.1",
      name: "Cup",
      game: "bluff-dice",
      format: "swiss",
      rounds: 1,
      tableSize: 3,
      entrants: ["a", "b", "c"].map((id) => ({ id, plays: "builtin:middle" })),
    },
    ORGANISER,
  )
  expect(cup.status, JSON.stringify(cup.json)).toBe(201)
  return {
    gameIds: ["duel", "slow", "hidden", "cup.1-r1-t1", "nosuch"],
    tournamentIds: ["cup.1", "nosuch"],
    tokenIds: [victim.tokenId, revoked.tokenId, "tok_nosuch"],
    tokens: [alpha.token, carol.json.token, expiring.token, revoked.token],
  }
}

describe("fuzzing every route", () => {
  for (const backend of BACKENDS) {
    it(`answers no bad request with a 5xx (${backend.name})`, { timeout: BUDGET_MS + 30_000 }, async () => {
      const seed = SEED + BACKENDS.indexOf(backend)
      const { database, drop } = await backend.open()
      const server = await testServer({ database })
      const failures: string[] = []
      const statuses = new Map<number, number>()
      const reached = new Set<string>()
      let sent = 0
      try {
        const fixture = await setUp(server)
        const end = Date.now() + BUDGET_MS
        // A few clients at once: more requests in the budget, and requests that race each other.
        const client = async (worker: number) => {
          const r = prng(seed * WORKERS + worker)
          // Every route first, shared out between the clients, so that a slow machine's budget still tries
          // them all; then routes at random. A request fetch will not send is made again for the same route.
          let next = worker
          for (let i = 0; i < MAX_REQUESTS / WORKERS && Date.now() < end && failures.length < 10; i++) {
            const first = routes[next]
            const request = generate(r, fixture, first)
            let answer: Awaited<ReturnType<typeof send>>
            try {
              answer = await send(server.url, request)
            } catch (error) {
              answer = { status: 599, text: `no answer: ${String(error)}` }
            }
            if (answer === "unsendable") continue
            if (first !== undefined) next += WORKERS
            sent++
            reached.add(request.route)
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
            if (answer.status >= 500)
              failures.push(
                JSON.stringify({
                  seed,
                  client: worker,
                  request: i,
                  ...request,
                  body:
                    request.body instanceof Uint8Array
                      ? `bytes ${Buffer.from(request.body).toString("hex")}`
                      : request.body?.slice(0, 2_000),
                  status: answer.status,
                  answer: answer.text.slice(0, 500),
                }),
              )
          }
        }
        await Promise.all(Array.from({ length: WORKERS }, (_, worker) => client(worker)))
        const health = await http(server.url).get("/api/health")
        expect(health.status).toBe(200)
      } finally {
        await server.close()
        await drop()
      }
      const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
      console.info(`fuzz ${backend.name}: seed ${seed}, ${sent} requests: ${summary.join(" ")}`)
      if (failures.length > 0)
        console.error(`fuzz ${backend.name}: seed ${seed}, 5xx answers:\n${failures.join("\n")}`)
      expect(failures, `seed ${seed} (replay: BOROUGHS_FUZZ_SEED=${SEED})`).toEqual([])
      // Every route was tried: a new route is fuzzed without anyone listing it here.
      expect([...reached].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort())
    })
  }
})
