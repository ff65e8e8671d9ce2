/**
 * Tournament points of one game: the share of the other seats a seat beat, ties counting half. 1 for a
 * clear win, 0 for last place, the same scale at every table size; a bye counts as an even result.
 */
export const placementPoints = (ranks: ReadonlyArray<number>): number[] =>
  ranks.map((mine, seat) => {
    if (ranks.length < 2) return 0.5
    let beaten = 0
    ranks.forEach((other, s) => {
      if (s === seat) return
      if (other > mine) beaten += 1
      else if (other === mine) beaten += 0.5
    })
    return beaten / (ranks.length - 1)
  })

/** What a bye is worth. */
export const BYE_POINTS = 0.5

/** Ranks with forfeited seats moved below every other seat (they share the last rank among themselves). */
export const ranksWithForfeits = (
  ranks: ReadonlyArray<number>,
  forfeited: ReadonlyArray<number>,
): number[] => {
  if (forfeited.length === 0) return [...ranks]
  const playing = ranks.map((r, seat) => ({ r, seat })).filter((x) => !forfeited.includes(x.seat))
  const out = ranks.map(() => 0)
  for (const { r, seat } of playing) out[seat] = 1 + playing.filter((o) => o.r < r).length
  for (const seat of forfeited) out[seat] = playing.length + 1
  return out
}
