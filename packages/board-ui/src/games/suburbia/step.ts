import type { View } from "@boroughs/core/games/suburbia"

/** What is happening now, in words (how many goals are kept, never which). */
export const stepText = (view: View, name: (player: number) => string): string => {
  const who = name(view.current)
  switch (view.step) {
    case "setup":
      return "Setting up"
    case "goals":
      return `Everyone keeps a secret goal (${view.goalKept.filter(Boolean).length} of ${view.seats} kept)`
    case "action":
      return `Round ${view.round}: ${who} buys a tile, takes a basic tile or invests`
    case "discard":
      return `${who} discards a market tile`
    case "income":
    case "population":
      return `${who} collects income and adjusts population`
    case "refill":
      return "The market slides and a new tile is drawn"
    case "dale":
      return "Dale buys a tile"
    case "clear":
      return "The market is cleared after Dale's turn"
    case "reveal":
    case "score-goals":
    case "convert":
      return "Final scoring: goals, then $5 → 1 population"
    case "over":
      return "Game over"
    default:
      return String(view.step)
  }
}
