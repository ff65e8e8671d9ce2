import { findGame } from "@boroughs/core"
import type { ViewedEnvelope } from "@boroughs/protocol"

// The board UI's narration (`narrate` of @boroughs/board-ui) reaches its words through the React renderers'
// registry, so a terminal cannot load it without React. This is a terminal's narrator of the same envelopes:
// the kernel's and the organisers' events in sentences, every game's own events as their type in words with
// the fields they carry. It never reads a field a viewer was not sent: redacted events narrate what is left.

/** Who holds each seat, as the game's detail lists them (null: the organisers play it). */
export type Holders = ReadonlyArray<string | null>

/** "seat 2". Seats are counted from 0, as the API and the bots count them. */
const seatName = (seat: number): string => `seat ${seat}`

/** "seat 0 bot:mybot", "seat 3 (played by organisers)": a seat and who holds it, for the header and the ranks. */
export const seatWithHolder = (holders: Holders, seat: number): string =>
  `${seatName(seat)} ${holders[seat] ?? "(played by organisers)"}`

/** 1st, 2nd, 3rd, 4th… */
export const ordinal = (n: number): string => {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")
  return `${n}${suffix}`
}

/** "a", "a and b", "a, b and c". */
const listWords = (words: ReadonlyArray<string>): string =>
  words.length <= 1
    ? (words[0] ?? "nobody")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`

/** "CardPlaced" → "card placed", "nextTopCost" → "next top cost". */
const spaced = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()

/** The fields naming who acted, in the order games use them. */
const ACTOR_FIELDS = ["seat", "player", "mayor"] as const

/** Fields that only carry a secret's proof or the seed: noise in a sentence. */
const PROOF_FIELDS = new Set(["commitment", "salt", "reveals", "seed", "seedCommitment"])

/** A field's value in words, or null when it is too big or nested for a line. */
const valueWords = (value: unknown): string | null => {
  if (typeof value === "number" || typeof value === "string") return String(value)
  if (typeof value === "boolean") return value ? "yes" : "no"
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 8 &&
    value.every((v) => typeof v === "number" || typeof v === "string")
  )
    return `[${value.join(", ")}]`
  return null
}

const MAX_DETAILS = 140

/** "street 1, site 2, card 73": an event's small fields, the actor's and proofs' left out. */
const details = (data: Record<string, unknown>, actorField: string | undefined): string => {
  const parts: string[] = []
  for (const [key, value] of Object.entries(data)) {
    if (key === actorField || PROOF_FIELDS.has(key)) continue
    const words = valueWords(value)
    if (words !== null) parts.push(`${spaced(key)} ${words}`)
  }
  const text = parts.join(", ")
  return text.length > MAX_DETAILS ? `${text.slice(0, MAX_DETAILS - 1)}…` : text
}

/** "Game over: seat 2 wins with 122; seat 0 2nd (97); seat 1 3rd (64)". */
export const endedText = (data: Record<string, unknown>): string => {
  const ranks = Array.isArray(data.ranks) ? (data.ranks as number[]) : []
  const scores = Array.isArray(data.scores) ? (data.scores as number[]) : []
  const order = ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat)
  const winners = order.filter((o) => o.rank === 1).map((o) => o.seat)
  const head =
    winners.length === 0
      ? []
      : [
          `${listWords(winners.map(seatName))} ${winners.length === 1 ? "wins" : "share the win"} with ${scores[winners[0] as number] ?? 0}`,
        ]
  const rest = order
    .filter((o) => o.rank !== 1)
    .map((o) => `${seatName(o.seat)} ${ordinal(o.rank)} (${scores[o.seat] ?? 0})`)
  return `Game over${data.reason === "adjudicated" ? " (adjudicated)" : ""}: ${[...head, ...rest].join("; ")}`
}

/** " (organiser:ada: seat 1 lost its connection)": who did an organiser's action, and why when shown. */
const byWhom = (data: Record<string, unknown>): string => {
  const actor = typeof data.actor === "string" ? data.actor : "an organiser"
  return typeof data.reason === "string" && data.reason !== "" ? ` (${actor}: ${data.reason})` : ` (${actor})`
}

/** The kernel's and the organisers' events, the same in every game. */
const kernelSentence = (type: string, data: Record<string, unknown>): string | null => {
  switch (type) {
    case "GameStarted": {
      const title = findGame(String(data.game))?.game.title ?? String(data.game)
      const commitment = typeof data.seedCommitment === "string" ? data.seedCommitment.slice(0, 8) : null
      return `${title} started for ${data.seats} players${commitment === null ? "" : ` (seed committed: ${commitment}…)`}`
    }
    case "GameEnded":
      return endedText(data)
    case "SeatReplaced":
      return `${seatName(Number(data.seat))} is now held by ${data.holder}${byWhom(data)}`
    case "SeatNamed":
      return `${seatName(Number(data.seat))} is now called ${JSON.stringify(String(data.name))}${byWhom(data)}`
    case "SeatForfeited":
      return `${seatName(Number(data.seat))} forfeited: the server plays its default moves${byWhom(data)}`
    case "GamePaused":
      return `Game paused${byWhom(data)}`
    case "GameResumed":
      return `Game resumed${byWhom(data)}`
    case "EventAnnotated":
      return typeof data.note === "string"
        ? `Note on event ${data.version}: ${data.note}${byWhom(data)}`
        : `An organisers' note on event ${data.version}`
    default:
      return null
  }
}

/**
 * One event as one line: its version, then a sentence ("#12 seat 1: card placed — street 1, site 2, card 73").
 * A game's event that reached this viewer redacted says so; so does a move the clock played for a silent seat.
 */
export const narrateEvent = (envelope: ViewedEnvelope): string => {
  const { type, data, metadata } = envelope
  const kernel = kernelSentence(type, data)
  let sentence: string
  if (kernel !== null) sentence = kernel
  else {
    const actorField = ACTOR_FIELDS.find((k) => typeof data[k] === "number")
    const what = spaced(type)
    const head =
      actorField === undefined
        ? what.charAt(0).toUpperCase() + what.slice(1)
        : `${seatName(data[actorField] as number)}: ${what}`
    const more = details(data, actorField)
    sentence = more === "" ? head : `${head} — ${more}`
  }
  const notes = [
    // The kernel's sentences already say what is held back (GameStarted shows only the seed's commitment).
    ...(envelope.redacted && kernel === null ? ["partly hidden from this viewer"] : []),
    ...(metadata.actor === "clock" ? ["the clock's default move"] : []),
  ]
  return `#${envelope.version} ${sentence}${notes.length === 0 ? "" : ` (${notes.join("; ")})`}`
}

/** The final ranks, best first, one line a seat: "1st  seat 2 builtin:random  122". */
export const finalRanks = (
  holders: Holders,
  outcome: { readonly ranks: ReadonlyArray<number>; readonly scores: ReadonlyArray<number> },
): string[] => {
  const rows = outcome.ranks
    .map((rank, seat) => ({ rank, seat }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
    .map(({ rank, seat }) => [
      ordinal(rank),
      seatWithHolder(holders, seat),
      String(outcome.scores[seat] ?? 0),
    ])
  const width = (i: number) => Math.max(...rows.map((r) => (r[i] as string).length))
  return rows.map(
    ([rank, who, score]) =>
      `${(rank as string).padEnd(width(0))}  ${(who as string).padEnd(width(1))}  ${(score as string).padStart(width(2))}`,
  )
}
