import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Bot, botRandom, findGame, type Typed } from "@boroughs/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BUILT_CLI, cli, listeningUrl } from "./testing.js"

// The commands a bot author runs against a server: the built `boroughs` talking to a real `boroughs server`
// (its own process, PGlite, the organiser token it keeps in .boroughs/), as `npx boroughs start` leaves them.

const home = mkdtempSync(join(tmpdir(), "boroughs-remote-"))
// Only the token the server keeps in .boroughs/, whatever the environment running the tests holds.
const env = {
  BOROUGHS_HOME: home,
  BOROUGHS_URL: "",
  BOROUGHS_ORGANISER_TOKEN: "",
  BOROUGHS_ORGANISER_TOKEN_FILE: "",
}
let server: ChildProcess
let api = ""
let organiser = ""

/** The built CLI against the test's server, with the organiser token only where `start` keeps it. */
const boroughs = (...args: string[]) => cli(args, 120_000, { ...env, BOROUGHS_URL: api })

/**
 * One request to the server as `token`. Tried twice: while `cli` runs the CLI synchronously this process
 * hears nothing, so fetch may reuse a kept-alive connection the server has closed meanwhile. Every request
 * here may be repeated (reads, and commands under their command id).
 */
const call = async (method: string, path: string, token: string, body?: unknown) => {
  const request = () =>
    fetch(`${api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const response = await request().catch(request)
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered.
  return { status: response.status, json: (await response.json().catch(() => null)) as any }
}

beforeAll(async () => {
  server = spawn(process.execPath, [BUILT_CLI, "server", "--port", "0"], {
    env: { ...process.env, ...env, DATABASE_URL: "", CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  api = await listeningUrl(server)
  organiser = readFileSync(join(home, ".boroughs", "organiser-token"), "utf8").trim()
})

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const closed = new Promise((done) => server.on("close", done))
    server.kill("SIGTERM")
    await closed
  }
  rmSync(home, { recursive: true, force: true })
})

/** Plays `seat` with the game's heuristic bot, through the API as the organiser, until the game ends. */
const playSeat = async (gameId: string, seat: number) => {
  const bot = findGame("uptown")?.bots.heuristic as Bot
  for (let moves = 0; moves < 2_000; ) {
    const { json: game } = await call("GET", `/api/games/${gameId}?seat=${seat}`, organiser)
    if (game.status === "ended") return moves
    const decision = game.decisions.find((d: { seat: number }) => d.seat === seat)
    if (decision === undefined) {
      await new Promise((r) => setTimeout(r, 20))
      continue
    }
    const command = bot.choose({
      seat,
      view: game.view,
      legal: decision.legal as ReadonlyArray<Typed>,
      random: botRandom(`${gameId}/${game.version}`, seat),
    })
    const answered = await call("POST", `/api/games/${gameId}/commands`, organiser, {
      commandId: `${gameId}:${seat}:${game.version}`,
      seat,
      command,
      expectedVersion: game.version,
    })
    if (answered.status === 409) continue
    expect(answered.status, JSON.stringify(answered.json)).toBe(200)
    moves++
  }
  throw new Error(`${gameId} did not end within 2,000 moves of seat ${seat}`)
}

describe("boroughs names", () => {
  it("set, list and clear the register; a game created after shows the name", async () => {
    const set = boroughs("names", "set", "player:zoe", "Zoë Quinn")
    expect(set.code, set.stderr).toBe(0)
    expect(set.stderr).toBe('boroughs: player:zoe is shown as "Zoë Quinn" in games created from now on\n')
    const table = boroughs("names", "list")
    expect(table.code, table.stderr).toBe(0)
    const lines = table.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^HOLDER +NAME +SET BY +SET AT$/)
    expect(lines.find((l) => l.startsWith("player:zoe"))).toMatch(/^player:zoe +Zoë Quinn +organiser:/)
    const created = await call("POST", "/api/games", organiser, {
      game: "uptown",
      seats: 2,
      players: ["player:zoe", "builtin:random"],
      decisionMs: null,
    })
    expect(created.json.names).toEqual(["Zoë Quinn", null])
    const cleared = boroughs("names", "clear", "player:zoe")
    expect(cleared.code, cleared.stderr).toBe(0)
    expect(JSON.parse(boroughs("names", "list", "--json").stdout)).toEqual([])
    expect(boroughs("names", "list").stdout).toBe("no names registered\n")
    // What the server refuses is said in one line, exit 1.
    const bad = boroughs("names", "set", "builtin:random", "Randy")
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^boroughs: .*(bot|player)/)
    const again = boroughs("names", "clear", "player:zoe")
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("player:zoe has no registered display name")
  })
})

describe("boroughs token", () => {
  let tokenId = ""
  let secret = ""

  it("create prints the secret alone on stdout, once, with the organiser token `start` keeps", () => {
    const r = boroughs("token", "create", "--kind", "bot", "--name", "mybot")
    expect(r.code, r.stderr).toBe(0)
    secret = r.stdout.trim()
    expect(r.stdout).toBe(`${secret}\n`)
    expect(secret).toMatch(/^brs_\S{20,}$/)
    tokenId = /issued (tok_\S+) for bot:mybot/.exec(r.stderr)?.[1] as string
    expect(tokenId).toBeDefined()
  })

  it("create --out writes the secret to a file only its owner reads, and --json describes it", async () => {
    const file = join(home, "ann.token")
    const r = boroughs("token", "create", "--kind", "player", "--name", "ann", "--out", file, "--json")
    expect(r.code, r.stderr).toBe(0)
    const issued = JSON.parse(r.stdout)
    expect(issued).toMatchObject({ kind: "player", name: "ann", revokedAt: null })
    expect(issued).not.toHaveProperty("token")
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const me = await call("GET", "/api/me", readFileSync(file, "utf8").trim())
    expect(me.json).toMatchObject({ kind: "player", name: "ann", tokenId: issued.tokenId })
  })

  it("list shows the tokens as a table, or as JSON", () => {
    const table = boroughs("token", "list")
    expect(table.code, table.stderr).toBe(0)
    const lines = table.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^ID +KIND +NAME +STATUS +CREATED +EXPIRES$/)
    expect(lines.find((l) => l.startsWith(tokenId))).toMatch(/ bot +mybot +live /)
    const json = boroughs("token", "list", "--json")
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ tokenId, kind: "bot", name: "mybot" })]),
    )
    expect(json.stdout).not.toContain(secret)
    const bots = JSON.parse(boroughs("token", "list", "--kind", "bot", "--json").stdout)
    expect(bots.map((t: { kind: string }) => t.kind)).toEqual(bots.map(() => "bot"))
    expect(bots).toEqual(expect.arrayContaining([expect.objectContaining({ tokenId })]))
    const typo = boroughs("token", "list", "--kind", "bots")
    expect(typo.code).toBe(1)
    expect(typo.stderr).toMatch(/--kind is one of bot, player, organiser, seat, not "bots"/)
  })

  it("revoke stops the token working", async () => {
    expect((await call("GET", "/api/me", secret)).status).toBe(200)
    const r = boroughs("token", "revoke", tokenId)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain(`revoked ${tokenId}`)
    expect((await call("GET", "/api/me", secret)).status).toBe(401)
    const listed = JSON.parse(boroughs("token", "list", "--json").stdout)
    expect(listed.find((t: { tokenId: string }) => t.tokenId === tokenId).revokedAt).not.toBeNull()
    const again = boroughs("token", "revoke", tokenId)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/no live token/)
  })

  it("says what is wrong in one line: no server, a bot's token, no organiser token", () => {
    const away = cli(["token", "list", "--url", "http://127.0.0.1:9"], 60_000, env)
    expect(away.code).toBe(1)
    expect(away.stderr).toBe(
      "boroughs: no Boroughs server answers at http://127.0.0.1:9 (start one with `npx boroughs start`, or give --url or $BOROUGHS_URL)\n",
    )
    const botFile = join(home, "bot.token")
    const issued = boroughs("token", "create", "--kind", "bot", "--name", "other")
    writeFileSync(botFile, issued.stdout)
    const asBot = boroughs("token", "list", "--token-file", botFile)
    expect(asBot.code).toBe(1)
    expect(asBot.stderr).toContain(`(the token used is in ${botFile})`)
    const nowhere = mkdtempSync(join(tmpdir(), "boroughs-remote-empty-"))
    const none = cli(["token", "list"], 60_000, { ...env, BOROUGHS_HOME: nowhere, BOROUGHS_URL: api })
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/^boroughs: no organiser token: `npx boroughs start`/)
    rmSync(nowhere, { recursive: true, force: true })
  })
})

describe("boroughs game", () => {
  it("create gives `me` and house bots their seats; watch narrates the game as it is played, to its end", async () => {
    const created = boroughs(
      "game",
      "create",
      "--game",
      "uptown",
      "--seats",
      "me,builtin:heuristic,builtin:heuristic,builtin:random",
      "--id",
      "remote-1",
      "--decision-ms",
      "none",
    )
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toBe("remote-1\n")
    expect(created.stderr).toContain("boroughs game watch remote-1")
    const detail = await call("GET", "/api/games/remote-1", organiser)
    // The organiser's `me`: a seat held by nobody by name, which only organisers play.
    expect(detail.json.players).toEqual([null, "builtin:heuristic", "builtin:heuristic", "builtin:random"])
    expect(detail.json.decisionMs).toBeNull()

    const watch = spawn(process.execPath, [BUILT_CLI, "game", "watch", "remote-1"], {
      env: { ...process.env, ...env, BOROUGHS_URL: api, CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let out = ""
    let err = ""
    watch.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
    })
    watch.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString()
    })
    const exited = new Promise<number | null>((done) => watch.on("close", (code) => done(code)))

    expect(await playSeat("remote-1", 0)).toBeGreaterThan(0)
    expect(await exited, err).toBe(0)

    const lines = out.trimEnd().split("\n")
    expect(lines[0]).toBe(
      "uptown game remote-1: seat 0 (played by organisers), seat 1 builtin:heuristic, seat 2 builtin:heuristic, seat 3 builtin:random",
    )
    const events = lines.filter((l) => l.startsWith("#"))
    // Every event once, in order, each a line of words.
    expect(events.map((l) => Number(/^#(\d+) /.exec(l)?.[1]))).toEqual(events.map((_, i) => i + 1))
    expect(events[0]).toMatch(/^#1 Uptown started for 4 players \(seed committed: [0-9a-f]{8}…\)$/)
    expect(events.some((l) => /^#\d+ seat 0: card placed — street \d+, site \d+/.test(l))).toBe(true)
    expect(events.every((l) => !/undefined|NaN|\[object Object\]/.test(l))).toBe(true)

    const ended = (await call("GET", "/api/games/remote-1", organiser)).json
    expect(events.at(-1)).toMatch(/^#\d+ Game over: seat \d wins with \d+/)
    expect(lines.at(-5)).toBe("Final ranks:")
    const ranked = lines
      .slice(-4)
      .map((l) => /^ {2}(\d+)\w\w +seat (\d) .* +(\d+)$/.exec(l)?.slice(1).map(Number))
    for (const [rank, seat, score] of ranked as number[][])
      expect([rank, score]).toEqual([
        ended.outcome.ranks[seat as number],
        ended.outcome.scores[seat as number],
      ])
  })

  it("create refuses a bot the game does not have, naming the game's, and a seat that is no holder", () => {
    const unknown = boroughs("game", "create", "--game", "uptown", "--seats", "me,builtin:alphazero")
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe(
      'boroughs: seat 1: uptown has no built-in bot "alphazero"; its bots: random, heuristic, ismcts:<budget>\n',
    )
    const typo = boroughs("game", "create", "--game", "uptown", "--seats", "me,heuristic")
    expect(typo.code).toBe(1)
    expect(typo.stderr).toMatch(
      /seat 1 is "heuristic"; a seat is me, invite, builtin:<bot>, bot:<name> or player:<name>/,
    )
  })

  it("create with invite prints the invited seat's token, a JSON line after the id, which acts for it", async () => {
    const r = boroughs("game", "create", "--game", "uptown", "--seats", "builtin:random,invite")
    expect(r.code).toBe(0)
    const [gameId, line, ...rest] = r.stdout.trimEnd().split("\n")
    expect(rest).toEqual([])
    const invite = JSON.parse(line as string)
    expect(invite).toEqual({ seat: 1, token: expect.stringMatching(/^brs_/) })
    expect(r.stderr).toMatch(/1 invited seat: pass each token on/)
    const seen = await call("GET", `/api/games/${gameId}?seat=1`, invite.token)
    expect(seen.json.viewer).toEqual({ kind: "seat", seat: 1 })
    expect((await call("GET", `/api/games/${gameId}?seat=0`, invite.token)).status).toBe(403)
    const seats = JSON.parse(boroughs("token", "list", "--kind", "seat", "--json").stdout)
    expect(seats).toEqual([expect.objectContaining({ kind: "seat", revokedAt: null })])
    // With the spectator site, each line carries the seat's invite link there; a bad site is refused at once.
    const linked = boroughs(
      "game",
      "create",
      "--game",
      "uptown",
      "--seats",
      "invite,builtin:random",
      "--site",
      "http://127.0.0.1:3000/",
    )
    expect(linked.code).toBe(0)
    const [linkedId, linkLine] = linked.stdout.trimEnd().split("\n")
    const link = JSON.parse(linkLine as string)
    expect(link.link).toBe(
      `http://127.0.0.1:3000/join?${new URLSearchParams({ game: linkedId as string, token: link.token })}`,
    )
    expect(linked.stderr).toMatch(/pass each link on/)
    const badSite = boroughs(
      "game",
      "create",
      "--game",
      "uptown",
      "--seats",
      "invite,invite",
      "--site",
      "nowhere",
    )
    expect(badSite.code).not.toBe(0)
    expect(badSite.stderr).toMatch(/--site must be an http\(s\) URL/)
  })

  it("watch of a game that does not exist is one line, at once", () => {
    const r = boroughs("game", "watch", "no-such-game")
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^boroughs: .*no-such-game.*\n$/)
  })
})

describe("boroughs ladder", () => {
  it("prints the ladders, and one game's table as text or JSON, as a spectator reads them", async () => {
    const issued = await call("POST", "/api/tokens", organiser, { kind: "bot", name: "climber" })
    expect(issued.status).toBe(201)
    const entered = await call("POST", "/api/ladder/entries", issued.json.token, { game: "uptown" })
    expect(entered.status).toBe(201)
    const all = boroughs("ladder")
    expect(all.code).toBe(0)
    expect(all.stdout.split("\n")[0]).toMatch(/^game +bots +active +connected +rated +live$/)
    expect(all.stdout).toMatch(/^uptown +1 +1 +0 +0 +0$/m)
    const table = boroughs("ladder", "uptown")
    expect(table.code).toBe(0)
    // Entered, not yet rated (unranked) and, with no bot stream open, not paired.
    expect(table.stdout).toMatch(/^- +bot:climber +0\.00 +25\.00 +8\.33 +0 +0 +not connected$/m)
    const json = JSON.parse(boroughs("ladder", "uptown", "--json").stdout)
    expect(json).toMatchObject({ game: "uptown", tableSize: 4, house: ["builtin:heuristic"], games: [] })
    expect(json.standings.map((s: { holder: string }) => s.holder)).toEqual(["bot:climber"])
    const unknown = boroughs("ladder", "chess")
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^boroughs: there is no ladder for "chess"; ladders: downtown, /)
  })
})
