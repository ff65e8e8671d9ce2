import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "./e2e/processes.js"
import { apiProxy } from "./proxy.js"

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage["headers"]
  readonly body: string
}

// A real game-server stand-in: records what reached it and answers as each path says.
let server: Server
let apiUrl: string
const seen: Seen[] = []
let sseClosed: Promise<void>
let markSseClosed: () => void

const answer = (request: IncomingMessage, response: ServerResponse, body: string) => {
  seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body })
  if (request.url?.startsWith("/api/games/g1/stream")) {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
    response.write("event: event\ndata: {}\n\n")
    request.socket.once("close", () => markSseClosed())
    return
  }
  if (request.url === "/api/tournaments/t1/export") {
    response.writeHead(200, {
      "content-type": "application/x-ndjson",
      "content-disposition": 'attachment; filename="t1.ndjson"',
      "set-cookie": "session=upstream",
      "x-powered-by": "upstream",
    })
    response.end("{}\n")
    return
  }
  response.writeHead(429, { "content-type": "application/json", "retry-after": "3" })
  response.end(JSON.stringify({ _tag: "RateLimited", message: "slow down", retryAfterMs: 3000 }))
}

beforeAll(async () => {
  sseClosed = new Promise((done) => {
    markSseClosed = done
  })
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (c: Buffer) => chunks.push(c))
    request.on("end", () => answer(request, response, Buffer.concat(chunks).toString("utf8")))
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

const route = (path: string[]) => ({ params: Promise.resolve({ path }) })

describe("apiProxy", () => {
  it("passes the browser's request headers, body and query on, and nothing else", async () => {
    const { POST } = apiProxy({ apiUrl: () => `${apiUrl}/` })
    const response = await POST(
      new Request("http://app.test/api/games/a%20b/commands?seat=1", {
        method: "POST",
        headers: {
          accept: "application/json",
          authorization: "Bearer organiser",
          "content-type": "application/json",
          "last-event-id": "7",
          "x-forwarded-for": "203.0.113.9",
          cookie: "admin=secret",
          "x-custom": "no",
        },
        body: JSON.stringify({ commandId: "c1" }),
      }),
      route(["games", "a b", "commands"]),
    )
    expect(response.status).toBe(429)
    const request = seen.at(-1)!
    expect(request.method).toBe("POST")
    expect(request.url).toBe("/api/games/a%20b/commands?seat=1")
    expect(request.body).toBe('{"commandId":"c1"}')
    expect(request.headers).toMatchObject({
      accept: "application/json",
      authorization: "Bearer organiser",
      "content-type": "application/json",
      "last-event-id": "7",
      "x-forwarded-for": "203.0.113.9",
    })
    expect(request.headers.cookie).toBeUndefined()
    expect(request.headers["x-custom"]).toBeUndefined()
    // The server's answer comes back as it was: status, body and when to retry.
    expect(response.headers.get("retry-after")).toBe("3")
    expect(await response.json()).toEqual({ _tag: "RateLimited", message: "slow down", retryAfterMs: 3000 })
  })

  it("adds the app's Authorization only where the browser sent none", async () => {
    const asked: Array<ReadonlyArray<string>> = []
    const { GET } = apiProxy({
      apiUrl: () => apiUrl,
      authorization: (request, path) => {
        asked.push(path)
        return request.headers.get("cookie") === "seat=1" ? "Bearer seat-token" : null
      },
    })
    await GET(
      new Request("http://app.test/api/games/g2", { headers: { cookie: "seat=1" } }),
      route(["games", "g2"]),
    )
    expect(seen.at(-1)?.headers.authorization).toBe("Bearer seat-token")
    expect(seen.at(-1)?.headers.cookie).toBeUndefined()
    await GET(new Request("http://app.test/api/games/g2"), route(["games", "g2"]))
    expect(seen.at(-1)?.headers.authorization).toBeUndefined()
    // The browser's own token passes on as it was; the app is not even asked.
    await GET(
      new Request("http://app.test/api/games/g2", {
        headers: { cookie: "seat=1", authorization: "Bearer own" },
      }),
      route(["games", "g2"]),
    )
    expect(seen.at(-1)?.headers.authorization).toBe("Bearer own")
    expect(asked).toEqual([
      ["games", "g2"],
      ["games", "g2"],
    ])
  })

  it("returns a download's name and type, but none of the server's other headers", async () => {
    const { GET } = apiProxy({ apiUrl: () => apiUrl })
    const response = await GET(
      new Request("http://app.test/api/tournaments/t1/export"),
      route(["tournaments", "t1", "export"]),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/x-ndjson")
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="t1.ndjson"')
    expect(response.headers.get("set-cookie")).toBeNull()
    expect(response.headers.get("x-powered-by")).toBeNull()
    expect(await response.text()).toBe("{}\n")
  })

  it("streams SSE unbuffered, and drops the upstream stream when the browser goes away", async () => {
    const { GET } = apiProxy({ apiUrl: () => apiUrl })
    const browser = new AbortController()
    const response = await GET(
      new Request("http://app.test/api/games/g1/stream", {
        headers: { accept: "text/event-stream" },
        signal: browser.signal,
      }),
      route(["games", "g1", "stream"]),
    )
    expect(response.headers.get("content-type")).toBe("text/event-stream")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    expect(response.headers.get("x-accel-buffering")).toBe("no")
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toContain("event: event")
    browser.abort()
    await sseClosed
  })

  it("answers 502 in the API's error shape, retry in 2 s, when the server cannot be reached", async () => {
    const down = `http://127.0.0.1:${await freePort()}`
    const { GET, PUT, DELETE } = apiProxy({ apiUrl: () => down })
    for (const [handler, method] of [
      [GET, "GET"],
      [PUT, "PUT"],
      [DELETE, "DELETE"],
    ] as const) {
      const response = await handler(
        new Request("http://app.test/api/tokens/x", { method }),
        route(["tokens", "x"]),
      )
      expect(response.status).toBe(502)
      expect(response.headers.get("retry-after")).toBe("2")
      expect(await response.json()).toEqual({
        _tag: "ServerError",
        message: "the game server cannot be reached",
      })
    }
  })
})
