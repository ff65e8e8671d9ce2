import type { Seat } from "../../kernel/game.js"
import { neighboursOf } from "./board.js"
import { BONUS, type Construction } from "./data.js"
import type { ZoneScored } from "./events.js"
import type { ZoneState } from "./state.js"

/**
 * Whether a construction is desirable given its neighbours' constructions (rule text 4.2): Housing with
 * no adjacent Industry, Industry with at least one adjacent Commerce, Commerce with at least two adjacent
 * Housing. Parks are neutral (never desirable, and count for nothing in these conditions).
 */
export const isDesirable = (
  construction: Construction,
  around: ReadonlyArray<Construction | null>,
): boolean => {
  let housing = 0
  let industry = 0
  let commerce = 0
  for (const c of around) {
    if (c === "housing") housing++
    else if (c === "industry") industry++
    else if (c === "commerce") commerce++
  }
  switch (construction) {
    case "housing":
      return industry === 0
    case "industry":
      return commerce >= 1
    case "commerce":
      return housing >= 2
    case "park":
      return false
  }
}

/** The bonus each owner gets, by number of owners (rule text 4.4, ruling 10). */
export const bonusFor = (owners: number, desirable: boolean, withBonus: boolean): number => {
  if (!withBonus) return 0
  const base = owners === 1 ? BONUS.oneOwner : owners === 2 ? BONUS.twoOwners : 0
  return desirable ? base * 2 : base
}

/**
 * The payout of a constructed, sold-out zone (rule text 4.3–4.4): every space is worth the number of
 * adjacent constructions (parks included), doubled if desirable; one or two owners add the bonus. The
 * 2p variant has no bonus (`withBonus` false).
 */
export const scoreZone = (zones: ReadonlyArray<ZoneState>, zone: number, withBonus: boolean): ZoneScored => {
  const z = zones[zone - 1] as ZoneState
  const construction = z.construction as Construction
  const neighbours = neighboursOf(zone).map((n) => ({
    zone: n,
    construction: (zones[n - 1] as ZoneState).construction,
  }))
  const around = neighbours.map((n) => n.construction)
  const baseValue = around.reduce((k, c) => (c === null ? k : k + 1), 0)
  const desirable = isDesirable(construction, around)
  const spaceValue = desirable ? baseValue * 2 : baseValue
  const counts = new Map<Seat, number>()
  for (const seat of z.markers) counts.set(seat, (counts.get(seat) ?? 0) + 1)
  const seats = [...counts.keys()].sort((a, b) => a - b)
  const bonus = bonusFor(seats.length, desirable, withBonus)
  return {
    type: "ZoneScored",
    zone,
    construction,
    neighbours,
    baseValue,
    desirable,
    spaceValue,
    bonus,
    owners: seats.map((seat) => {
      const spaces = counts.get(seat) as number
      return { seat, spaces, value: spaces * spaceValue, bonus, total: spaces * spaceValue + bonus }
    }),
  }
}
