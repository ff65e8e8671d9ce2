import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ApiError, callServer, messageOf } from "./api"

// A real HTTP server standing in for the pass-through: it answers each path as the game server (or the
// pass-through, when the game server is down) would, and records the token it was sent.
let server: Server
let baseUrl: string
const tokens: Array<string | undefined> = []
const answers: Record<string, { status: number; body: unknown }> = {
  "/api/me": { status: 200, body: { kind: "organiser", name: null, tokenId: null } },
  "/api/tournaments/t1/actions": {
    status: 422,
    body: { _tag: "RuleViolation", rule: "tournament.already-ended", message: "the tournament has ended" },
  },
  "/api/tournaments": {
    status: 401,
    body: { _tag: "Unauthorized", message: "this token is not one this server issued" },
  },
  "/api/signing-key": {
    status: 502,
    body: { _tag: "ServerError", message: "the game server cannot be reached" },
  },
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    tokens.push(request.headers.authorization)
    request.resume()
    request.on("end", () => {
      const answer = answers[request.url ?? ""] ?? { status: 404, body: { _tag: "NotFound", message: "no" } }
      response.writeHead(answer.status, { "content-type": "application/json" })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((done) => server.close(done)))

const failureOf = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error("expected the call to fail")
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(ApiError)
      return e as ApiError
    },
  )

describe("the admin app's typed calls", () => {
  it("send the organiser's token as a bearer token and return the decoded answer", async () => {
    const me = await callServer(baseUrl, (client) => client.tokens.me(), "organiser-secret")
    expect(me.kind).toBe("organiser")
    expect(tokens.at(-1)).toBe("Bearer organiser-secret")
  })

  it("show a refused rule by its name, and the server's own words for other refusals", async () => {
    const refused = await failureOf(
      callServer(
        baseUrl,
        (client) =>
          client.tournaments.tournamentAction({
            params: { tournamentId: "t1" },
            payload: { action: { type: "PauseTournament" }, reason: "test" },
          }),
        "organiser-secret",
      ),
    )
    expect(refused).toMatchObject({ status: 422, tag: "RuleViolation", rule: "tournament.already-ended" })
    expect(messageOf(refused)).toBe("tournament.already-ended: the tournament has ended")
    const unauthorised = await failureOf(
      callServer(baseUrl, (client) => client.tournaments.listTournaments(), "nope"),
    )
    expect(messageOf(unauthorised)).toBe("this token is not one this server issued")
  })

  it("say the game server cannot be reached when the pass-through answers 502", async () => {
    const down = await failureOf(callServer(baseUrl, (client) => client.tournaments.signingKey(), null))
    expect(down).toMatchObject({ status: 502, tag: "ServerError" })
    expect(messageOf(down)).toBe("the game server cannot be reached")
    expect(tokens.at(-1)).toBeUndefined()
  })
})
