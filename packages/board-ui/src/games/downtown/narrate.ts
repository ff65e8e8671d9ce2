import { type Ended, endedText } from "../../common/ended.js"
import { capitalise, money, plural, withArticle } from "../../common/names.js"
import type { Names, Narrator } from "../../common/types.js"

const word = (construction: string) => capitalise(construction)

interface Tally {
  readonly housing: number
  readonly industry: number
  readonly commerce: number
}

const tallyWords = (t: Tally) =>
  (["housing", "industry", "commerce"] as const)
    .filter((k) => t[k] > 0)
    .map((k) => `${t[k]} ${word(k)}`)
    .join(", ") || "no cards"

const DECIDED_BY: Readonly<Record<string, string>> = {
  majority: "by majority",
  mayor: "on the mayor's tie-break",
  "only-choice": "as the only choice",
}

/** Downtown's events in plain words. Secret cards and dials arrive redacted to other viewers. */
export const downtownNarrator: Narrator = {
  // Money in the standard game, points in the two-player variant: the bare number fits both.
  GameEnded: (e: Ended, n: Names) => endedText(e, n),
  FirstConstructionsDrawn: (e: { zones: number[] }) =>
    `First constructions: Parks on zones ${e.zones.slice(0, 3).join(", ")}; Housing on ${e.zones[3]}, Commerce on ${e.zones[4]}, Industry on ${e.zones[5]}`,
  ZoningTilesDealt: (e: { hands: number[][] }, n: Names) =>
    `Zoning tiles dealt face up: ${e.hands.map((h, seat) => `${n.seat(seat)} ${plural(h.length, "tile")}`).join(", ")}`,
  ZoningTileDrawn: (e: { mayor: number; pile: string; zone: number; draw: number }, n: Names) =>
    `${n.seat(e.mayor)} drew zone ${e.zone} from the ${e.pile} pile${e.draw === 2 ? " (the extra draw)" : ""}`,
  ZoningTilePlayed: (e: { mayor: number; zone: number }, n: Names) =>
    `${n.seat(e.mayor)} played zoning tile ${e.zone}`,
  VoteCast: (e: { seat: number; zone: number; construction?: string }, n: Names) =>
    e.construction
      ? `${n.seat(e.seat)} voted ${word(e.construction)} for zone ${e.zone} (secret until the reveal)`
      : `${n.seat(e.seat)} cast a secret vote on zone ${e.zone}`,
  LobbyDeclared: (e: { seat: number; zone: number; use: boolean }, n: Names) =>
    e.use
      ? `${n.seat(e.seat)} lobbies on zone ${e.zone}: their card counts double`
      : `${n.seat(e.seat)} does not lobby on zone ${e.zone}`,
  VotesRevealed: (
    e: { zone: number; votes: { seat: number; construction: string; weight: number }[]; tally: Tally },
    n: Names,
  ) =>
    `Votes revealed for zone ${e.zone}: ${tallyWords(e.tally)} (${e.votes
      .map((v) => `${n.seat(v.seat)} ${word(v.construction)}${v.weight > 1 ? " ×2" : ""}`)
      .join(", ")})`,
  VoteResolved: (e: { zone: number; construction: string; decidedBy: string; tied: string[] }) =>
    `Zone ${e.zone} becomes ${word(e.construction)} ${DECIDED_BY[e.decidedBy] ?? e.decidedBy}${
      e.tied.length > 1 ? ` (tied: ${e.tied.map(word).join(" / ")})` : ""
    }`,
  ConstructionChosen: (e: { seat: number; zone: number; construction: string }, n: Names) =>
    `${n.seat(e.seat)} chose ${word(e.construction)} for zone ${e.zone}`,
  FramePlaced: (e: { zone: number; construction: string; shape: string; cause: string }) =>
    e.cause === "park-fallback"
      ? `No ${e.shape} frame of the chosen type is left: zone ${e.zone} becomes a Park`
      : `${capitalise(withArticle(word(e.construction)))} frame goes on zone ${e.zone}`,
  ZoneLeftUnconstructed: (e: { zone: number; shape: string }) =>
    `No ${e.shape} frame is left for zone ${e.zone}: it stays unconstructed`,
  ZoneChosen: (e: { seat: number; zone?: number; spaces?: number }, n: Names) =>
    e.zone !== undefined
      ? `${n.seat(e.seat)} set the dial to zone ${e.zone}, ${plural(e.spaces ?? 0, "space")} (secret until the reveal)`
      : `${n.seat(e.seat)} set a secret dial`,
  ChoicesRevealed: (
    e: { choices: { seat: number; zone: number; spaces: number; request: boolean }[] },
    n: Names,
  ) =>
    `Dials revealed: ${e.choices
      .map((c) => (c.request ? `${n.seat(c.seat)} zone ${c.zone} ×${c.spaces}` : `${n.seat(c.seat)} passes`))
      .join(", ")}`,
  SpacesBought: (e: { seat: number; zone: number; spaces: number; cost: number }, n: Names) =>
    `${n.seat(e.seat)} bought ${plural(e.spaces, "space")} in zone ${e.zone} for ${money(e.cost)}`,
  MarkerPlaced: (e: { seat: number; zone: number; plot: number }, n: Names) =>
    `${n.seat(e.seat)} takes space ${e.plot + 1} of zone ${e.zone}`,
  ZoneScored: (
    e: {
      zone: number
      construction: string
      desirable: boolean
      spaceValue: number
      owners: { seat: number; spaces: number; total: number }[]
    },
    n: Names,
  ) =>
    `Zone ${e.zone} (${word(e.construction)}${e.desirable ? ", desirable" : ""}) scored at ${e.spaceValue} a space: ${
      e.owners.map((o) => `${n.seat(o.seat)} +${o.total}`).join(", ") || "no owners"
    }`,
  ZoneClosed: (e: { zone: number; markersReturned: { seat: number; markers: number }[] }, n: Names) =>
    `Zone ${e.zone} closes${
      e.markersReturned.length > 0
        ? `; markers back to ${e.markersReturned.map((m) => `${n.seat(m.seat)} (${m.markers})`).join(", ")}`
        : ""
    }`,
  MayorPassed: (e: { from: number; to: number; round: number }, n: Names) =>
    `${n.seat(e.from)} passes the mayor's token to ${n.seat(e.to)} for round ${e.round}`,
  FinalRoundEnded: (e: { round: number; unfinished: number[] }) =>
    `Final round ${e.round} is over${
      e.unfinished.length > 0 ? `; zones ${e.unfinished.join(", ")} were not full and score nothing` : ""
    }`,
}

/** The zones an event touches, as place keys (`zone-14`). */
export const downtownPlacesOf = (event: {
  zone?: number
  zones?: number[]
  choices?: { zone: number; request: boolean }[]
  owners?: unknown
}): string[] => {
  if (typeof event.zone === "number") return [`zone-${event.zone}`]
  if (Array.isArray(event.zones)) return event.zones.map((z) => `zone-${z}`)
  if (Array.isArray(event.choices)) return event.choices.filter((c) => c.request).map((c) => `zone-${c.zone}`)
  return []
}
