import type { AnyGame } from "@boroughs/core/kernel"
import type { ViewedEnvelope } from "@boroughs/protocol"
import { fromBrowser } from "./browser"
import type { LocalPositions } from "./localFold"

/** All of an ended game's events, page by page; null when the server did not give them all, whole. */
const readEndedGame = async (gameId: string): Promise<ReadonlyArray<ViewedEnvelope> | null> => {
  const events: ViewedEnvelope[] = []
  for (;;) {
    const page = await fromBrowser((c) =>
      c.games.events({ params: { gameId }, query: { after: events.length, limit: 1_000 } }),
    )
    if (page.kind !== "ok" || !page.value.ended) return null
    events.push(...page.value.events)
    if (events.length >= page.value.version) return events
    if (page.value.events.length === 0) return null
  }
}

/**
 * The positions of an ended game, folded in this browser: from the events the stream already brought
 * (`streamed`, when it holds them all unredacted) or read again from the server. The folding code loads
 * only now, on a page that needs it. Null when the events cannot be folded faithfully: the page then asks
 * the server for every position, as it does for live games.
 */
export const loadLocalPositions = async (
  gameId: string,
  seats: number,
  streamed: ReadonlyArray<ViewedEnvelope> | null,
  game: AnyGame | undefined,
): Promise<LocalPositions | null> => {
  const fallBack = (problem: string) => {
    console.warn(`Stepping asks the server for each position of ${gameId}: ${problem}`)
    return null
  }
  try {
    const events = streamed ?? (await readEndedGame(gameId))
    if (events === null) return null
    const { foldEndedGame } = await import("./localFold")
    const folded = foldEndedGame(events, seats, game)
    return folded.ok ? folded.positions : fallBack(folded.problem)
  } catch (error) {
    // The folding code failed to load, or the rules threw on an event: the server still has every position.
    return fallBack(error instanceof Error ? error.message : String(error))
  }
}
