// The arithmetic of a line chart, apart from its drawing: pure, so it is tested without a browser.

/** Round tick values covering [min, max], about `count` of them, on a 1-2-5 step. */
export const niceTicks = (min: number, max: number, count = 5): number[] => {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0]
  if (min === max) return [min]
  const raw = (max - min) / Math.max(1, count)
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude
  const first = Math.floor(min / step) * step
  const ticks: number[] = []
  for (let v = first; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)))
  if ((ticks[ticks.length - 1] ?? min) < max)
    ticks.push(Number((first + ticks.length * step).toPrecision(12)))
  return ticks
}

/** A linear map from [d0, d1] onto [r0, r1] (the middle of the range when the domain is a point). */
export const linear =
  (d0: number, d1: number, r0: number, r1: number) =>
  (v: number): number =>
    d1 === d0 ? (r0 + r1) / 2 : r0 + ((v - d0) / (d1 - d0)) * (r1 - r0)

/**
 * An SVG path through the points, `null` values leaving gaps; `step` holds each value until the next x (a
 * score stays what it is until an event changes it).
 */
export const linePath = (
  xs: ReadonlyArray<number>,
  ys: ReadonlyArray<number | null>,
  step: boolean,
): string => {
  let d = ""
  let open = false
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number
    const y = ys[i]
    if (y === null || y === undefined) {
      open = false
      continue
    }
    const px = x.toFixed(1)
    const py = y.toFixed(1)
    if (!open) d += `M${px} ${py}`
    else d += step ? `H${px}V${py}` : `L${px} ${py}`
    open = true
  }
  return d
}

/** The index of the x nearest to `x` in an ascending list (-1 when empty). */
export const nearestIndex = (xs: ReadonlyArray<number>, x: number): number => {
  if (xs.length === 0) return -1
  let lo = 0
  let hi = xs.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((xs[mid] as number) < x) lo = mid + 1
    else hi = mid
  }
  if (lo > 0 && Math.abs((xs[lo - 1] as number) - x) <= Math.abs((xs[lo] as number) - x)) return lo - 1
  return lo
}
