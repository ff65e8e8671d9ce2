import {
  type AnyGame,
  adjudicate,
  apply,
  type Commitment,
  canonicalJson,
  commitmentsOf,
  type EventEnvelope,
  type GameStarted,
  type Match,
  type Outcome,
  opens,
  play,
  seedCommitment,
  start,
  type Typed,
  toEvent,
  verifyChain,
} from "@boroughs/core"
import { Result } from "effect"
import { settingsOf } from "./GameSettings.js"
import { appendsOf } from "./internal/appends.js"
import {
  controlAfter,
  ORGANISER_COMMANDS,
  type OrganiserAction,
  organiserEventFor,
  type SeatControl,
} from "./organiser.js"

/** What went wrong, at which version. */
export interface Problem {
  readonly version: number
  readonly kind:
    | "chain"
    | "not-a-game"
    | "unknown-game"
    | "seed-commitment"
    | "seed-reveal"
    | "diverged"
    | "refused"
    | "missing-cause"
    | "commitment"
    | "trailing"
  readonly message: string
}

export interface VerifyReport {
  readonly ok: boolean
  readonly streamId: string
  readonly game: string | null
  readonly events: number
  readonly head: string | null
  readonly ended: boolean
  readonly commandsReplayed: number
  readonly commitmentsChecked: number
  /** Every problem found; the first is the first bad event. */
  readonly problems: ReadonlyArray<Problem>
}

const same = (a: Typed, b: Typed) => canonicalJson(a) === canonicalJson(b)

/**
 * Proves a game stream: the hash chain links, the seed matches its commitment, and re-running the rules
 * from GameStarted and the recorded commands yields every recorded event byte for byte; every secret
 * reveal opens the commitment made before it. Stops re-executing at the first divergence.
 */
export const verifyStream = (
  envelopes: ReadonlyArray<EventEnvelope>,
  findGame: (id: string) => AnyGame | undefined,
): VerifyReport => {
  const problems: Problem[] = []
  const streamId = envelopes[0]?.streamId ?? ""
  const report = (extra: Partial<VerifyReport>): VerifyReport => ({
    ok: problems.length === 0,
    streamId,
    game: null,
    events: envelopes.length,
    head: envelopes[envelopes.length - 1]?.hash ?? null,
    ended: envelopes.some((e) => e.type === "GameEnded"),
    commandsReplayed: 0,
    commitmentsChecked: 0,
    problems,
    ...extra,
  })

  const broken = verifyChain(envelopes)
  if (broken) problems.push({ version: broken.version, kind: "chain", message: broken.message })

  const first = envelopes[0]
  if (first?.type !== "GameStarted") {
    problems.push({
      version: first?.version ?? 1,
      kind: "not-a-game",
      message: "the stream does not start with GameStarted",
    })
    return report({})
  }
  const started = toEvent(first) as GameStarted
  const game = findGame(started.game)
  if (!game) {
    problems.push({ version: 1, kind: "unknown-game", message: `unknown game "${started.game}"` })
    return report({})
  }
  if (seedCommitment(started.seed) !== started.seedCommitment)
    problems.push({
      version: 1,
      kind: "seed-commitment",
      message: "the seed in GameStarted does not match its commitment",
    })
  for (const e of envelopes)
    if (e.type === "GameEnded" && e.data.seed !== started.seed)
      problems.push({
        version: e.version,
        kind: "seed-reveal",
        message: "GameEnded reveals a seed other than the committed one",
      })

  // Re-execute append by append.
  const appends = appendsOf(envelopes)
  let match: Match | null = null
  let control: SeatControl = { paused: false, forfeited: [], holders: settingsOf(first).players }
  let replayed = 0
  for (const a of appends) {
    const recorded = a.envelopes.map(toEvent)
    const at = (a.envelopes[0] as EventEnvelope).version
    let produced: ReadonlyArray<Typed>
    if (match === null) {
      const s = start(game, started.options, started.seats, started.seed)
      if (Result.isFailure(s)) {
        problems.push({
          version: at,
          kind: "refused",
          message: `setup refused: ${s.failure.rule}: ${s.failure.message}`,
        })
        break
      }
      match = s.success.match
      produced = s.success.events
    } else {
      const cmd = a.cause.command
      if (!cmd) {
        problems.push({
          version: at,
          kind: "missing-cause",
          message: `version ${at} has no recorded command`,
        })
        break
      }
      if (ORGANISER_COMMANDS.has(cmd.type)) {
        // An organiser's action: the event is re-derived from the command, its actor and time.
        const stamp = {
          actor: typeof a.cause.actor === "string" ? a.cause.actor : "",
          at: typeof a.cause.time === "string" ? a.cause.time : "",
          reason: String((cmd as { reason?: unknown }).reason ?? ""),
        }
        const made = organiserEventFor(match, control, cmd as unknown as OrganiserAction, stamp)
        if (Result.isFailure(made)) {
          problems.push({
            version: at,
            kind: "refused",
            message: `the organiser action recorded at version ${at} is refused (${made.failure.rule}: ${made.failure.message})`,
          })
          break
        }
        match = apply(match, made.success)
        control = controlAfter(control, made.success)
        produced = [made.success]
      } else if (control.paused && cmd.type !== "Adjudicate") {
        problems.push({
          version: at,
          kind: "refused",
          message: `version ${at} records a move while an organiser had paused the game`,
        })
        break
      } else if (cmd.type === "Adjudicate") {
        const adj = adjudicate(match, cmd as unknown as Outcome, started.seats)
        if (Result.isFailure(adj)) {
          problems.push({
            version: at,
            kind: "refused",
            message: `adjudication refused: ${adj.failure.message}`,
          })
          break
        }
        match = adj.success.match
        produced = [adj.success.event]
      } else {
        const r: ReturnType<typeof play> = play(match, a.cause.seat ?? -1, cmd)
        if (Result.isFailure(r)) {
          problems.push({
            version: at,
            kind: "refused",
            message: `the rules refuse the command recorded at version ${at} (${r.failure.rule}: ${r.failure.message})`,
          })
          break
        }
        match = r.success.match
        produced = r.success.events
      }
      replayed++
    }
    const n = Math.max(produced.length, recorded.length)
    let diverged = false
    for (let i = 0; i < n; i++) {
      const want = produced[i]
      const got = recorded[i]
      if (!want || !got || !same(want, got)) {
        const version = at + i
        problems.push({
          version,
          kind: "diverged",
          message: !got
            ? `the rules produce ${want?.type} after version ${version - 1}, but the stream lacks it`
            : !want
              ? `version ${version} (${got.type}) was not produced by the rules`
              : `version ${version} (${got.type}) differs from what the rules produce (${want.type})`,
        })
        diverged = true
        break
      }
    }
    if (diverged) break
  }

  // Every reveal must open a commitment made earlier.
  const commitments = new Map<string, Commitment>()
  let checked = 0
  for (const e of envelopes) {
    const { commits, reveals } = commitmentsOf(toEvent(e))
    for (const c of commits) commitments.set(c.key, c)
    for (const r of reveals) {
      const c = commitments.get(r.key)
      checked++
      if (!c)
        problems.push({
          version: e.version,
          kind: "commitment",
          message: `reveal "${r.key}" has no earlier commitment`,
        })
      else if (!opens(c, r))
        problems.push({
          version: e.version,
          kind: "commitment",
          message: `reveal "${r.key}" does not open its commitment`,
        })
    }
  }

  problems.sort((a, b) => a.version - b.version)
  return report({ game: game.id, commandsReplayed: replayed, commitmentsChecked: checked })
}
