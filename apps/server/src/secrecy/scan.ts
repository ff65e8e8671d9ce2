import type { AnyGame, Bot, Viewer } from "@boroughs/core"
import { eventFrame, gameDetail, yourTurns } from "../payloads.js"
import { leaksIn, SecretLedger } from "./ledger.js"
import { playthrough } from "./playthrough.js"

/** What a scan of one game found. */
export interface ScanReport {
  readonly payloads: number
  /** Secrets held at some point (a scan that held none tested nothing). */
  readonly secretsSeen: number
  /** Owners' payloads that did carry their own secret: proof the scan can see one. */
  readonly ownSecretsSeen: number
  readonly leaks: ReadonlyArray<string>
}

/**
 * Plays one game and scans every payload the server would send after each append — each event's SSE frame,
 * the game as `GET /api/games/:id` answers, and the bot stream's `yourTurn`s — for every viewer: spectator,
 * each seat, organiser. Nothing may carry a secret the viewer may not see at that point.
 */
export const scanGame = (
  game: AnyGame,
  bots: ReadonlyArray<Bot>,
  seed: string,
  options?: unknown,
): ScanReport => {
  const ledger = new SecretLedger(game)
  const seats = bots.length
  const viewers: Viewer[] = [{ kind: "spectator" }]
  for (let seat = 0; seat < seats; seat++) viewers.push({ kind: "seat", seat })
  let payloads = 0
  let secretsSeen = 0
  let ownSecretsSeen = 0
  const leaks: string[] = []
  let appends = 0
  for (const { envelopes, live } of playthrough(game, bots, seed, options)) {
    appends++
    ledger.feed(envelopes)
    secretsSeen = Math.max(secretsSeen, ledger.size)
    // Organisers see everything but the seed: their event frames are what could carry it.
    const organiser = leaksIn(
      envelopes.map((e) => eventFrame(live, e, { kind: "organiser" })).join(""),
      ledger.forbidden({ kind: "organiser" }),
    )
    for (const leak of organiser)
      leaks.push(`${game.id} ${seed} v${live.match.events} sse to organiser: ${leak}`)
    for (const viewer of viewers) {
      const forbidden = ledger.forbidden(viewer)
      const held = viewer.kind === "seat" ? [viewer.seat] : []
      const frames = envelopes.map((e) => eventFrame(live, e, viewer)).join("")
      const sent: Array<[string, unknown]> = [
        ["sse", frames],
        ["game", gameDetail(live, live.match, { viewer, held })],
      ]
      // yourTurn carries the same view and legal list as the game's `decisions` (the same functions): scanned
      // on every 8th append to keep 1,000 games quick; the HTTP scan reads every real one.
      if (viewer.kind === "seat" && appends % 8 === 0) sent.push(["yourTurn", yourTurns(live, held)])
      for (const [where, payload] of sent) {
        payloads++
        for (const leak of leaksIn(payload, forbidden))
          leaks.push(
            `${game.id} ${seed} v${live.match.events} ${where} to ${JSON.stringify(viewer)}: ${leak}`,
          )
      }
      // Control: what a seat's own frames show of its secrets, a spectator's would betray.
      if (viewer.kind === "seat" && leaksIn(frames, ledger.forbidden({ kind: "spectator" })).length > 0)
        ownSecretsSeen++
    }
  }
  return { payloads, secretsSeen, ownSecretsSeen, leaks }
}
