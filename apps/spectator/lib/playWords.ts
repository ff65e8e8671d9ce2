// The play page's sentences about the table: who it waits for, and how the game ended for the person.

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
const list = (words: ReadonlyArray<string>): string =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`

/** "1st", "2nd", "3rd", "4th", "11th". */
export const ordinal = (n: number): string => {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")
  return `${n}${suffix}`
}

/** "Waiting for ben", "Waiting for ben and cy"; null when nobody owes a decision. */
export const waitingWords = (
  pending: ReadonlyArray<number>,
  nameOf: (seat: number) => string,
): string | null => (pending.length === 0 ? null : `Waiting for ${list(pending.map(nameOf))}`)

/**
 * How the game ended, for the person at `seat`: "You won with 42." / "You shared the win with ben, on 42." /
 * "You finished 2nd with 30; ben won with 42."
 */
export const resultWords = (
  outcome: { readonly ranks: ReadonlyArray<number>; readonly scores: ReadonlyArray<number> },
  seat: number,
  nameOf: (seat: number) => string,
): string => {
  const rank = outcome.ranks[seat]
  const score = outcome.scores[seat]
  const winners = outcome.ranks.flatMap((r, s) => (r === 1 ? [s] : []))
  const others = winners.filter((s) => s !== seat)
  if (rank === 1)
    return others.length === 0
      ? `You won with ${score}.`
      : `You shared the win with ${list(others.map(nameOf))}, on ${score}.`
  const top = winners[0]
  const finished = `You finished ${rank === undefined ? "" : ordinal(rank)} with ${score}`
  // A solo game's rival is no seat (Suburbia's Dale): a 2nd place then names nobody.
  if (top === undefined) return `${finished}.`
  const won = winners.length === 1 ? "won" : "shared the win"
  return `${finished}; ${list(winners.map(nameOf))} ${won} with ${outcome.scores[top]}.`
}
