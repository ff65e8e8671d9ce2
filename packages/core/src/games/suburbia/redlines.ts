/**
 * Red lines on the population track (design note B.2 ✔): a line lies just below each listed value, so
 * reaching the value from below crosses it. 15 … 98, then every odd number from 101 on — the rule text's "a
 * red line after every even number from 150" continues that odd series past 150 (151, 153, …).
 */

/** The irregular lines below 100. */
export const LOW_RED_LINES: ReadonlyArray<number> = [
  15, 22, 29, 35, 41, 47, 53, 59, 64, 69, 74, 78, 82, 86, 89, 92, 95, 98,
]
const FIRST_ODD = 101

/** How many red lines lie at or below population `p` (the lines a player at `p` has crossed). */
export const linesUpTo = (p: number): number => {
  if (p >= FIRST_ODD) return LOW_RED_LINES.length + ((p - FIRST_ODD) >> 1) + 1
  let n = 0
  while (n < LOW_RED_LINES.length && (LOW_RED_LINES[n] as number) <= p) n++
  return n
}

/** The value of the k-th red line (1-based). */
export const lineAt = (k: number): number =>
  k <= LOW_RED_LINES.length
    ? (LOW_RED_LINES[k - 1] as number)
    : FIRST_ODD + 2 * (k - LOW_RED_LINES.length - 1)

/** The red lines up to `max`, for views and the catalogue. */
export const redLinesUpTo = (max: number): number[] => {
  const out: number[] = []
  for (let k = 1; lineAt(k) <= max; k++) out.push(lineAt(k))
  return out
}
