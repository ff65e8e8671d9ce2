import { type CreatedGame, type GameDetail, type Me, watchGame } from "@boroughs/protocol"
import { Effect, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { CliError } from "../fail.js"
import { finalRanks, type Holders, narrateEvent, seatWithHolder } from "./narrate.js"
import { callServer, explainFailure, organiserRemote, viewerRemote } from "./remote.js"

interface Connection {
  readonly url?: string
  readonly tokenFile?: string
}

export interface CreateGameOptions extends Connection {
  readonly game: string
  /** Comma-separated, one a seat: `me`, `invite`, `builtin:<bot>`, `bot:<name>` or `player:<name>`. */
  readonly seats: string
  readonly id?: string
  readonly seed?: string
  /** The game's options as JSON. */
  readonly options?: string
  /** Milliseconds a decision may take, or `none` for no clock (the server's default when absent). */
  readonly decisionMs?: string
}

const HOLDER = /^(builtin|bot|player):\S+$/

/**
 * The holder `me` stands for: the seat of whoever the token speaks for. An organiser holds no seat by name,
 * so an organiser's `me` is a seat held by nobody, which only organisers play (with the organiser token,
 * `POST /api/games/:id/commands`); a bot's or player's `me` is `bot:<name>` or `player:<name>`.
 */
export const holderOfMe = (me: Me): string | null => {
  if (me.kind === "organiser") return null
  if (me.kind === "spectator" || me.name === null) throw new CliError("`me` needs a token: no token was sent")
  return `${me.kind}:${me.name}`
}

/**
 * The seats of `--seats`, `me` and `invite` left as they are (the server mints an invited seat's holder and
 * token); a typo is named before anything is sent.
 */
export const parseSeats = (seats: string): ReadonlyArray<string> => {
  const list = seats.split(",").map((s) => s.trim())
  list.forEach((holder, seat) => {
    if (holder !== "me" && holder !== "invite" && !HOLDER.test(holder))
      throw new CliError(
        `--seats: seat ${seat} is "${holder}"; a seat is me, invite, builtin:<bot>, bot:<name> or player:<name>`,
      )
  })
  return list
}

/**
 * What `game create` prints on stdout for each invited seat: one JSON line `{"seat":1,"token":"brs_…"}`,
 * to pass on to whoever plays it (the secret is shown this once); with a spectator site (`--site`), also the
 * seat's invite link there, which takes the seat in a browser.
 */
export const inviteLines = (
  created: Pick<CreatedGame, "gameId" | "invites">,
  site?: string,
): ReadonlyArray<string> =>
  created.invites.map(({ seat, token }) =>
    JSON.stringify(
      site === undefined
        ? { seat, token }
        : {
            seat,
            token,
            link: `${site.replace(/\/+$/, "")}/join?${new URLSearchParams({ game: created.gameId, token })}`,
          },
    ),
  )

const decisionMsOf = (text: string | undefined): number | null | undefined => {
  if (text === undefined) return undefined
  if (text === "none") return null
  const ms = Number(text)
  if (!Number.isInteger(ms) || ms <= 0)
    throw new CliError(`--decision-ms is a whole number of milliseconds or "none", not "${text}"`)
  return ms
}

const optionsOf = (text: string | undefined): unknown => {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new CliError(`--options is not JSON: ${(e as Error).message}`)
  }
}

/** `boroughs game create`: a game on the server (organisers only), its seats held as `--seats` says. */
export const createGame = async (o: CreateGameOptions): Promise<CreatedGame> => {
  const seats = parseSeats(o.seats)
  const decisionMs = decisionMsOf(o.decisionMs)
  const options = optionsOf(o.options)
  const remote = organiserRemote(o)
  return callServer(remote, (client) =>
    Effect.gen(function* () {
      const me = seats.includes("me") ? holderOfMe(yield* client.tokens.me()) : null
      const players = seats.map((holder) => (holder === "me" ? me : holder))
      return yield* client.games.createGame({
        payload: {
          game: o.game,
          seats: seats.length,
          players,
          ...(o.id === undefined ? {} : { gameId: o.id }),
          ...(o.seed === undefined ? {} : { seed: o.seed }),
          ...(options === undefined ? {} : { options }),
          ...(decisionMs === undefined ? {} : { decisionMs }),
        },
      })
    }),
  )
}

/**
 * "uptown game g1: seat 0 bot:mybot "Ada", seat 1 builtin:heuristic": what a game is, who holds its seats
 * and the display names it gives them.
 */
export const describeSeats = (detail: Pick<GameDetail, "game" | "gameId" | "players" | "names">): string =>
  `${detail.game} game ${detail.gameId}: ${detail.players
    .map((_, seat) => {
      const name = detail.names?.[seat]
      return `${seatWithHolder(detail.players, seat)}${typeof name === "string" ? ` ${JSON.stringify(name)}` : ""}`
    })
    .join(", ")}`

export interface WatchOptions extends Connection {
  readonly gameId: string
  /** View as this seat (the token must hold it, or be the organiser's). */
  readonly seat?: number
}

/** After the first connection, how many failed reconnections in a row end a watch (about a minute). */
const MAX_RECONNECTIONS = 12

/**
 * `boroughs game watch`: the game's events as the token's holder (or a spectator) may see them, one line of
 * words each as they happen, from its first event; then, once it has ended, the final ranks. Resolves when
 * the game has ended.
 */
export const watchGameNarrated = async (o: WatchOptions, write: (line: string) => void): Promise<void> => {
  const remote = viewerRemote(o)
  const query = o.seat === undefined ? {} : { seat: o.seat }
  // Read first: a server that is away or a game that does not exist is one clear line, not retries.
  const detail = await callServer(remote, (client) =>
    client.games.getGame({ params: { gameId: o.gameId }, query }),
  )
  // Who holds each seat now: the final ranks name the holders an organiser's replacements left.
  const holders: Array<Holders[number]> = [...detail.players]
  write(describeSeats(detail))
  const seen: { ended: { ranks: ReadonlyArray<number>; scores: ReadonlyArray<number> } | null } = {
    ended: null,
  }
  await Effect.runPromise(
    Stream.runForEach(
      watchGame({
        baseUrl: remote.url,
        gameId: o.gameId,
        token: remote.token,
        seat: o.seat,
        maxAttempts: MAX_RECONNECTIONS,
      }),
      (message) =>
        Effect.sync(() => {
          if (message.type !== "event") return
          const { type, data } = message.envelope
          write(narrateEvent(message.envelope))
          if (type === "SeatReplaced" && typeof data.seat === "number" && typeof data.holder === "string")
            holders[data.seat] = data.holder
          if (type === "GameEnded") {
            const { ranks, scores } = data as { ranks: number[]; scores: number[] }
            seen.ended = { ranks, scores }
          }
        }),
    ).pipe(
      Effect.mapError((error) => new CliError(explainFailure(error, remote))),
      Effect.provide(FetchHttpClient.layer),
    ),
  )
  const outcome =
    seen.ended ??
    (await callServer(remote, (client) => client.games.getGame({ params: { gameId: o.gameId }, query })))
      .outcome
  if (outcome === null) throw new CliError(`the stream of ${o.gameId} ended before the game did`)
  write("Final ranks:")
  for (const line of finalRanks(holders, outcome)) write(`  ${line}`)
}
