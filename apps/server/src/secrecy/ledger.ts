import { type AnyGame, type EventEnvelope, toEvent, type Viewer } from "@boroughs/core"

/** One secret a game holds now: what would betray it, and who may see it. */
interface Secret {
  /** Seats that may see it (the event's own); nobody else, organisers included for the seed. */
  readonly owners: ReadonlySet<number>
  /**
   * Strings that must not appear in what others receive: salts and the seed, and the causing command as the
   * metadata carries it (anchored by its command id: another seat may legitimately play the same command).
   */
  readonly needles: ReadonlyArray<string>
  /** The commitment whose reveal makes it public; null: public only at the end (the seed). */
  readonly key: string | null
  readonly organisersToo: boolean
}

const HIGH_ENTROPY = /^[0-9a-f]{16,}$/i

/** High-entropy strings (salts, seeds) anywhere in a value. */
const entropyLeaves = (value: unknown, out: Set<string>): Set<string> => {
  if (typeof value === "string") {
    if (HIGH_ENTROPY.test(value)) out.add(value)
  } else if (Array.isArray(value)) for (const v of value) entropyLeaves(v, out)
  else if (value !== null && typeof value === "object")
    for (const v of Object.values(value)) entropyLeaves(v, out)
  return out
}

/**
 * The secrets of a game as its events arrive (test support for the secrecy scans): each private event's
 * salts and the command that caused it, until its commitment is revealed; the seed until GameEnded. Tells
 * which strings a viewer must not receive at this point of the game.
 */
export class SecretLedger {
  private secrets: Secret[] = []

  constructor(private readonly game: AnyGame) {}

  /** Takes in one append (events in order); the causing command sits on the first event's metadata. */
  feed(append: ReadonlyArray<EventEnvelope>): void {
    const cause = append[0]?.metadata as { commandId?: string; seat?: number; command?: unknown } | undefined
    for (const e of append) {
      if (e.type === "GameEnded") {
        this.secrets = []
        continue
      }
      const reveals = (e.data as { reveals?: ReadonlyArray<{ key: string }> }).reveals
      if (reveals !== undefined) {
        const opened = new Set(reveals.map((r) => r.key))
        this.secrets = this.secrets.filter((s) => s.key === null || !opened.has(s.key))
      }
      const event = toEvent(e)
      const vis = this.game.visibility(event)
      if (vis === "all") continue
      const publicLeaves = entropyLeaves(vis.redacted ?? {}, new Set())
      const hidden = [...entropyLeaves(e.data, new Set())].filter((s) => !publicLeaves.has(s))
      const key = (e.data as { commitment?: { key?: string } }).commitment?.key ?? null
      const owners = new Set(vis.seats)
      const organisersToo = e.type === "GameStarted"
      if (hidden.length > 0) this.secrets.push({ owners, needles: hidden, key, organisersToo })
      if (cause?.command !== undefined && typeof cause.seat === "number" && owners.has(cause.seat))
        this.secrets.push({
          owners,
          needles: [`"commandId":${JSON.stringify(cause.commandId)},"seat":${cause.seat},"command":`],
          key,
          organisersToo: false,
        })
    }
  }

  /** What `viewer` must not receive now. */
  forbidden(viewer: Viewer): string[] {
    const out: string[] = []
    for (const s of this.secrets) {
      const may =
        viewer.kind === "organiser" ? !s.organisersToo : viewer.kind === "seat" && s.owners.has(viewer.seat)
      if (!may) out.push(...s.needles)
    }
    return out
  }

  /** How many secrets are being kept now. */
  get size(): number {
    return this.secrets.length
  }
}

/** The needles found in a payload (empty: nothing leaked). */
export const leaksIn = (payload: unknown, forbidden: ReadonlyArray<string>): string[] => {
  if (forbidden.length === 0) return []
  const text = typeof payload === "string" ? payload : JSON.stringify(payload)
  return forbidden.filter((n) => text.includes(n)).map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n))
}
