import type { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { runAutomaticSeats } from "../AutomaticSeats.js"
import { whileLeader } from "../Leadership.js"
import type { Tournaments } from "./Tournaments.js"

/** The advisory lock of the tournament scheduler ("boroughs/tn"), apart from projections and clocks. */
export const TOURNAMENT_LOCK = 0x62742f74

/**
 * The tournament scheduler (ARCHITECTURE.md §7): on whichever process holds its lock, every `tickMs` it
 * takes each running tournament as far as it can go — record ended games, seal complete rounds, pair the
 * next — and plays the built-in bots' (and forfeited seats') moves in the current round's games. Beside it,
 * the same process plays those seats in any game the moment an append leaves one owing a decision
 * (`runAutomaticSeats`). Remote seats are left to their holders (and the turn clocks). Never returns.
 */
export const runTournamentScheduler = (
  store: EventStore["Service"],
  tournaments: Tournaments["Service"],
  options: { readonly tickMs?: number; readonly onError?: (message: string) => void } = {},
) => {
  const finished = new Set<string>()
  const report = (m: string): Effect.Effect<void> =>
    options.onError === undefined
      ? Effect.logError(`tournaments: ${m}`)
      : Effect.sync(() => options.onError?.(m))
  const advance = (tournamentId: string) =>
    Effect.gen(function* () {
      for (let i = 0; i < 1_000; i++) {
        const step = yield* tournaments.step(tournamentId)
        if (step.did === "nothing") {
          if (step.why === "ended") finished.add(tournamentId)
          if (step.why !== "playing") return
          const { state } = yield* tournaments.read(tournamentId)
          const round = state.rounds[state.rounds.length - 1]
          let moves = 0
          for (const t of round?.tables ?? [])
            moves += yield* tournaments.playBuiltins(t.gameId, { wait: false })
          if (moves === 0) return
        }
      }
    }).pipe(Effect.catch((e) => report(`${tournamentId}: ${e.message}`)))
  const tick = Effect.gen(function* () {
    const ids = yield* tournaments.list.pipe(Effect.catch(() => Effect.succeed([] as string[])))
    for (const id of ids) if (!finished.has(id)) yield* advance(id)
  })
  const job = Effect.all(
    [
      Effect.forever(Effect.andThen(tick, Effect.sleep(options.tickMs ?? 250))),
      Effect.scoped(runAutomaticSeats(tournaments.playBuiltins)),
    ],
    { concurrency: "unbounded", discard: true },
  )
  return whileLeader(store, job, { key: TOURNAMENT_LOCK })
}
