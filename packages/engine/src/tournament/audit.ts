import { type AnyGame, canonicalJson, type EventEnvelope, toEvent, verifyChain } from "@boroughs/core"
import {
  foldTournament,
  type GameHead,
  merkleRoot,
  pairNextRound,
  type RoundPaired,
  ranksWithForfeits,
  roundMessage,
  type Standing,
  standingsOf,
  type TournamentState,
} from "@boroughs/tournament"
import { settingsOf } from "../GameSettings.js"
import { seatControlOf } from "../organiser.js"
import * as Streams from "../Streams.js"
import { type VerifyReport, verifyStream } from "../verify.js"
import { verifySignature } from "./signing.js"

/** One thing an audit found wrong, and where. */
export interface AuditProblem {
  /** `tournament`, `game <id>` or `round <n>`. */
  readonly where: string
  readonly kind: string
  readonly message: string
  readonly version?: number
}

export interface RoundAudit {
  readonly round: number
  readonly games: ReadonlyArray<GameHead & { readonly sound: boolean }>
  readonly merkleRoot: string | null
  readonly recomputedRoot: string | null
  readonly signatureValid: boolean | null
  readonly publicKey: string | null
  readonly keyId: string | null
  readonly pairingRederived: boolean
}

/** Everything `boroughs verify --tournament` and the admin's audit page show (docs/audit.md). */
export interface TournamentAuditReport {
  readonly ok: boolean
  readonly tournamentId: string
  readonly name: string
  readonly game: string
  readonly format: string
  readonly roundsPlanned: number
  readonly ended: boolean
  /** The public key the caller trusts (from the key file or `--public-key`); null: none was given. */
  readonly trustedKey: string | null
  readonly rounds: ReadonlyArray<RoundAudit>
  readonly games: ReadonlyArray<
    Pick<
      VerifyReport,
      "streamId" | "ok" | "events" | "head" | "ended" | "commandsReplayed" | "commitmentsChecked"
    >
  >
  readonly standings: ReadonlyArray<Standing>
  readonly problems: ReadonlyArray<AuditProblem>
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b)

/**
 * Audits a tournament from its export alone (the tournament's stream and every game stream it names):
 * each hash chain; each game re-executed from its commands and committed seed, byte for byte, with every
 * commitment opened by its reveal; each pairing re-derived from the public pairing seed; each result
 * against its game's GameEnded and the game head it names; each round's Merkle root recomputed and its
 * Ed25519 signature checked (against `trustedKey` when given).
 */
export const auditTournament = (
  envelopes: ReadonlyArray<EventEnvelope>,
  findGame: (id: string) => AnyGame | undefined,
  options: { readonly tournamentId?: string; readonly trustedKey?: string | null } = {},
): TournamentAuditReport => {
  const problems: AuditProblem[] = []
  const streams = new Map<string, EventEnvelope[]>()
  for (const e of envelopes) {
    const list = streams.get(e.streamId) ?? []
    list.push(e)
    streams.set(e.streamId, list)
  }
  const ids = [...streams.keys()].flatMap((s) => Streams.tournamentIdOf(s) ?? [])
  const tournamentId = options.tournamentId ?? ids[0] ?? ""
  const own = (streams.get(Streams.tournament(tournamentId)) ?? []).sort((a, b) => a.version - b.version)
  const trustedKey = options.trustedKey ?? null
  const empty = (message: string): TournamentAuditReport => ({
    ok: false,
    tournamentId,
    name: "",
    game: "",
    format: "",
    roundsPlanned: 0,
    ended: false,
    trustedKey,
    rounds: [],
    games: [],
    standings: [],
    problems: [{ where: "tournament", kind: "missing", message }],
  })
  if (own.length === 0)
    return empty(
      ids.length === 0
        ? "the export holds no tournament stream"
        : `the export holds no tournament "${tournamentId}" (it holds ${ids.join(", ")})`,
    )

  const broken = verifyChain(own)
  if (broken)
    problems.push({ where: "tournament", kind: "chain", message: broken.message, version: broken.version })
  let state: TournamentState
  try {
    state = foldTournament(own.map(toEvent))
  } catch (e) {
    return empty(`the tournament stream does not fold: ${(e as Error).message}`)
  }

  // Pairings: re-derive each from the stream before it.
  const rederived = new Map<number, boolean>()
  own.forEach((e, i) => {
    if (e.type !== "RoundPaired") return
    const before = foldTournament(own.slice(0, i).map(toEvent))
    const recorded = toEvent(e) as RoundPaired
    const p = pairNextRound(before)
    const ok = same(
      { round: p.round, tables: p.tables, byes: p.byes },
      { round: recorded.round, tables: recorded.tables, byes: recorded.byes },
    )
    rederived.set(recorded.round, ok)
    if (!ok)
      problems.push({
        where: `round ${recorded.round}`,
        kind: "pairing",
        message: `round ${recorded.round}'s tables are not what the pairing seed and earlier results give`,
        version: e.version,
      })
  })

  const gameReports: TournamentAuditReport["games"][number][] = []
  const rounds: RoundAudit[] = state.rounds.map((r) => {
    const games = r.tables.map((t) => {
      const stream = (streams.get(Streams.game(t.gameId)) ?? []).sort((a, b) => a.version - b.version)
      const result = r.results.find((x) => x.gameId === t.gameId)
      if (stream.length === 0) {
        problems.push({
          where: `game ${t.gameId}`,
          kind: "missing",
          message: `the export lacks game ${t.gameId}`,
        })
        return { gameId: t.gameId, version: result?.version ?? 0, head: result?.head ?? "", sound: false }
      }
      const v = verifyStream(stream, findGame)
      gameReports.push({
        streamId: v.streamId,
        ok: v.ok,
        events: v.events,
        head: v.head,
        ended: v.ended,
        commandsReplayed: v.commandsReplayed,
        commitmentsChecked: v.commitmentsChecked,
      })
      for (const p of v.problems)
        problems.push({ where: `game ${t.gameId}`, kind: p.kind, message: p.message, version: p.version })
      let sound = v.ok
      if (result) {
        const at = stream[result.version - 1]
        if (at?.hash !== result.head) {
          sound = false
          problems.push({
            where: `game ${t.gameId}`,
            kind: "head",
            message: `the result names head ${result.head.slice(0, 12)}… at version ${result.version}; the game has ${at ? `${at.hash.slice(0, 12)}…` : "no such version"}`,
          })
        }
        const ended = stream.slice(0, result.version).find((e) => e.type === "GameEnded")
        const control = seatControlOf(
          stream.slice(0, result.version),
          settingsOf(stream[0] as EventEnvelope).players,
        )
        const ranks = ended ? ranksWithForfeits(ended.data.ranks as number[], control.forfeited) : null
        if (!ended || !same(ranks, result.ranks) || !same(ended.data.scores, result.scores)) {
          sound = false
          problems.push({
            where: `game ${t.gameId}`,
            kind: "result",
            message: ended
              ? "the recorded result differs from the game's GameEnded"
              : "a result is recorded for a game that has not ended",
          })
        }
        if (
          !same(
            t.entrants.map((id) => state.created.entrants.find((e) => e.id === id)?.plays ?? null),
            settingsOf(stream[0] as EventEnvelope).players,
          )
        ) {
          sound = false
          problems.push({
            where: `game ${t.gameId}`,
            kind: "seats",
            message: "the game's seat holders are not the table's entrants",
          })
        }
      }
      return {
        gameId: t.gameId,
        version: result?.version ?? stream.length,
        head: result?.head ?? (stream[stream.length - 1] as EventEnvelope).hash,
        sound,
      }
    })
    const sealed = r.sealed
    let recomputedRoot: string | null = null
    let signatureValid: boolean | null = null
    if (sealed) {
      const leaves = [...r.results]
        .sort((a, b) => a.table - b.table)
        .map((x) => ({ gameId: x.gameId, version: x.version, head: x.head }))
      if (!same(leaves, sealed.leaves))
        problems.push({
          where: `round ${r.round}`,
          kind: "merkle",
          message: "the sealed leaves are not the round's recorded results",
        })
      recomputedRoot = merkleRoot(sealed.leaves)
      if (recomputedRoot !== sealed.merkleRoot)
        problems.push({
          where: `round ${r.round}`,
          kind: "merkle",
          message: `the Merkle root recomputes to ${recomputedRoot.slice(0, 12)}…, not ${sealed.merkleRoot.slice(0, 12)}…`,
        })
      signatureValid = verifySignature(
        sealed.publicKey,
        roundMessage(tournamentId, r.round, sealed.merkleRoot),
        sealed.signature,
      )
      if (!signatureValid)
        problems.push({
          where: `round ${r.round}`,
          kind: "signature",
          message: "the Ed25519 signature of the round's root does not verify",
        })
      if (trustedKey !== null && sealed.publicKey !== trustedKey)
        problems.push({
          where: `round ${r.round}`,
          kind: "key",
          message: `the round is signed by key ${sealed.keyId}, not the trusted key`,
        })
    } else if (r.results.length === r.tables.length && state.rounds[state.rounds.length - 1] !== r)
      problems.push({
        where: `round ${r.round}`,
        kind: "unsealed",
        message: "a later round was paired before this one was sealed",
      })
    return {
      round: r.round,
      games,
      merkleRoot: sealed?.merkleRoot ?? null,
      recomputedRoot,
      signatureValid,
      publicKey: sealed?.publicKey ?? null,
      keyId: sealed?.keyId ?? null,
      pairingRederived: rederived.get(r.round) ?? false,
    }
  })

  return {
    ok: problems.length === 0,
    tournamentId,
    name: state.created.name,
    game: state.created.game,
    format: state.created.format,
    roundsPlanned: state.created.rounds,
    ended: state.ended,
    trustedKey,
    rounds,
    games: gameReports,
    standings: standingsOf(state),
    problems,
  }
}

/** The audit report for a person: what was checked, each round's root and signature, every problem. */
export const formatTournamentAudit = (r: TournamentAuditReport): string => {
  const lines = [
    `${r.ok ? "SOUND" : "BROKEN"}  tournament ${r.tournamentId} "${r.name}" — ${r.game}, ${r.format}, ${r.rounds.length}/${r.roundsPlanned} rounds${r.ended ? ", ended" : ""}`,
    `  games re-executed: ${r.games.length} (${r.games.reduce((n, g) => n + g.commandsReplayed, 0)} commands, ${r.games.reduce((n, g) => n + g.commitmentsChecked, 0)} commitments opened)`,
    `  trusted key: ${r.trustedKey ?? "none given (signatures checked against the key each round names)"}`,
  ]
  for (const round of r.rounds)
    lines.push(
      `  round ${round.round}: pairing ${round.pairingRederived ? "re-derived" : "NOT re-derived"}, ${round.games.filter((g) => g.sound).length}/${round.games.length} games sound, ` +
        (round.merkleRoot === null
          ? "not sealed"
          : `root ${round.merkleRoot} ${round.recomputedRoot === round.merkleRoot ? "recomputed" : "MISMATCH"}, signature ${round.signatureValid ? "valid" : "INVALID"} (key ${round.keyId})`),
    )
  if (r.standings.length > 0) {
    lines.push("  standings:")
    for (const s of r.standings.slice(0, 20))
      lines.push(
        `    ${String(s.rank).padStart(2)}. ${s.entrant.padEnd(16)} ${s.points.toFixed(2).padStart(6)} pts  rating ${s.rating.ordinal.toFixed(2)}`,
      )
  }
  for (const p of r.problems.slice(0, 30))
    lines.push(
      `  problem: ${p.where}${p.version === undefined ? "" : ` v${p.version}`} — ${p.kind}: ${p.message}`,
    )
  if (r.problems.length > 30) lines.push(`  … and ${r.problems.length - 30} more problems`)
  return lines.join("\n")
}
