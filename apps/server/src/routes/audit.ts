import { type GameStarted, seedCommitment, toEvent, verifyChain } from "@boroughs/core"
import { verifyStream } from "@boroughs/engine"
import { type AuditReport, BoroughsApi, Caller } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { readerOf, visibleVersion } from "../viewers.js"

/**
 * `GET /api/games/:gameId/audit`: the checks anyone can make now. While the game is live: the hash chain up
 * to what the reader may see (a delayed spectator learns nothing of later events) and the seed's public
 * commitment. Once it has ended: engine's `verifyStream` over the whole stream — chain, seed reveal against
 * its commitment, every command re-executed byte for byte, every secret reveal against its commitment.
 */
export const audit = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "audit", ({ params, query }) =>
    Effect.gen(function* () {
      const game = yield* app.live.get(params.gameId).pipe(apiFailures)
      const { viewer } = yield* readerOf(yield* Caller, game, query.seat)
      const visible = visibleVersion(game, viewer)
      const envelopes = game.envelopes.slice(0, visible)
      const first = envelopes[0]
      const started = first === undefined ? null : (toEvent(first) as GameStarted)
      const commitment = started?.seedCommitment ?? ""
      const base = { gameId: game.gameId, game: game.game.id, version: visible }
      if (game.match.ended === null) {
        const broken = verifyChain(envelopes)
        const report: AuditReport = {
          ...base,
          status: "live",
          chain: { ok: broken === null, head: envelopes[envelopes.length - 1]?.hash ?? null },
          seed: { commitment, revealed: null, matches: null },
          replay: { checked: false, ok: null, commandsReplayed: 0, commitmentsChecked: 0 },
          problems:
            broken === null ? [] : [{ version: broken.version, kind: "chain", message: broken.message }],
        }
        return report
      }
      const verified = verifyStream(envelopes, app.config.findGame)
      const revealed = game.match.ended.seed
      const report: AuditReport = {
        ...base,
        status: "ended",
        chain: { ok: !verified.problems.some((p) => p.kind === "chain"), head: verified.head },
        seed: { commitment, revealed, matches: seedCommitment(revealed) === commitment },
        replay: {
          checked: true,
          ok: verified.ok,
          commandsReplayed: verified.commandsReplayed,
          commitmentsChecked: verified.commitmentsChecked,
        },
        problems: verified.problems,
      }
      return report
    }),
  )
