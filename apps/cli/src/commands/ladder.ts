import type { LadderDetail, LadderSummary } from "@boroughs/protocol"
import { callServer, viewerRemote } from "./remote.js"

interface Connection {
  readonly url?: string
}

/** `boroughs ladder`: every game's ladder, as a spectator reads it. */
export const listLadders = async (o: Connection): Promise<ReadonlyArray<LadderSummary>> => {
  const { ladders } = await callServer(viewerRemote(o), (client) => client.ladder.listLadders())
  return ladders
}

/** `boroughs ladder <game>`: one game's table and its latest rated games. */
export const readLadder = (o: Connection & { readonly game: string }): Promise<LadderDetail> =>
  callServer(viewerRemote(o), (client) => client.ladder.getLadder({ params: { game: o.game } }))

const pad = (rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)))
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n")
}

/** The ladders as a table: one line a game. */
export const formatLadders = (ladders: ReadonlyArray<LadderSummary>): string =>
  pad([
    ["game", "bots", "active", "connected", "rated", "live"],
    ...ladders.map((l) => [
      l.game,
      String(l.entrants),
      String(l.active),
      String(l.connected),
      String(l.gamesPlayed),
      String(l.gamesLive),
    ]),
  ])

/** One ladder as a table: rank, bot, score (μ − 3σ), μ, σ, games, wins, status. */
export const formatLadder = (ladder: LadderDetail): string =>
  pad([
    ["rank", "bot", "score", "mu", "sigma", "games", "wins", "status"],
    ...ladder.standings.map((s) => [
      s.rank === null ? "-" : String(s.rank),
      s.holder,
      s.rating.score.toFixed(2),
      s.rating.mu.toFixed(2),
      s.rating.sigma.toFixed(2),
      String(s.games),
      String(s.wins),
      s.status === "active" ? (s.connected ? "connected" : "not connected") : s.status,
    ]),
  ])
