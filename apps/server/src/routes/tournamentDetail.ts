import { type EventEnvelope, toEvent } from "@boroughs/core"
import { ratingsOf, Streams, standingsOf, type TournamentState, type TrailEntry } from "@boroughs/engine"

/** A tournament's status for lists and badges. */
export const statusOf = (s: TournamentState): "ended" | "paused" | "running" =>
  s.ended ? "ended" : s.paused ? "paused" : "running"

/** The summary line of a tournament. */
export const summaryOf = (s: TournamentState) => ({
  tournamentId: s.created.tournamentId,
  name: s.created.name,
  game: s.created.game,
  format: s.created.format,
  rounds: s.created.rounds,
  roundsPaired: s.rounds.length,
  entrants: s.created.entrants.length,
  status: statusOf(s),
})

/** Everything the admin's tournament page shows (`TournamentDetail` in protocol). */
export const detailOf = (s: TournamentState) => ({
  ...summaryOf(s),
  tableSize: s.created.tableSize,
  pairingSeed: s.created.pairingSeed,
  decisionMs: s.created.decisionMs,
  spectators: s.created.spectators ?? { mode: "live" as const },
  paceMs: s.created.paceMs ?? 0,
  createdBy: s.created.actor,
  createdAt: s.created.at,
  entrantList: s.created.entrants,
  roundList: s.rounds.map((r) => ({
    round: r.round,
    byes: r.byes,
    tables: r.tables.map((t) => {
      const result = r.results.find((x) => x.gameId === t.gameId)
      return {
        table: t.table,
        gameId: t.gameId,
        entrants: t.entrants,
        result: result
          ? {
              ranks: result.ranks,
              scores: result.scores,
              reason: result.reason,
              forfeited: result.forfeited,
              version: result.version,
              head: result.head,
            }
          : null,
      }
    }),
    sealed: r.sealed
      ? {
          merkleRoot: r.sealed.merkleRoot,
          signature: r.sealed.signature,
          publicKey: r.sealed.publicKey,
          keyId: r.sealed.keyId,
          leaves: r.sealed.leaves,
        }
      : null,
  })),
  standings: standingsOf(s),
  ratingHistory: ratingsOf(s).history,
  version: s.version,
})

/** The organiser trail of a tournament stream (creation, pause, resume, notes). */
export const tournamentTrail = (s: TournamentState) =>
  s.trail.map((t: TrailEntry) => ({
    stream: Streams.tournament(s.created.tournamentId),
    version: t.version,
    type: t.type,
    actor: t.actor,
    at: t.at,
    reason: t.reason,
    ...(t.note === undefined ? {} : { detail: { note: t.note } }),
  }))

const ORGANISER_TYPES = new Set([
  "SeatForfeited",
  "SeatReplaced",
  "GamePaused",
  "GameResumed",
  "EventAnnotated",
  "SeatNamed",
])

/** The organiser actions recorded in a game's stream (adjudication included) and the organiser views of it. */
export const gameTrail = (game: ReadonlyArray<EventEnvelope>, access: ReadonlyArray<EventEnvelope>) => {
  const out: Array<{
    stream: string
    version: number
    type: string
    actor: string
    at: string
    reason: string
    detail?: unknown
  }> = []
  for (const e of game) {
    const adjudicated = e.type === "GameEnded" && e.data.reason === "adjudicated"
    if (!ORGANISER_TYPES.has(e.type) && !adjudicated) continue
    const { actor, at, reason, type: _type, ...detail } = toEvent(e) as unknown as Record<string, unknown>
    const command = e.metadata.command as { reason?: unknown } | undefined
    out.push({
      stream: e.streamId,
      version: e.version,
      type: e.type,
      actor: String(actor ?? e.metadata.actor ?? ""),
      at: String(at ?? e.metadata.time ?? ""),
      reason: String(reason ?? command?.reason ?? ""),
      detail: adjudicated ? { ranks: e.data.ranks, scores: e.data.scores } : detail,
    })
  }
  for (const e of access)
    out.push({
      stream: e.streamId,
      version: e.version,
      type: e.type,
      actor: String(e.data.actor),
      at: String(e.data.at),
      reason: String(e.data.reason),
      detail: { gameVersion: e.data.gameVersion },
    })
  return out
}
