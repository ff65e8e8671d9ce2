import { type Catalogue, uptown } from "@boroughs/core/games/uptown"

export type Card = Catalogue["cards"][number]
export type Project = Card["faces"][number]["projects"][number]

// Cards and the icons' words come from the game's own catalogue: one card list, never a second copy.
const catalogue = uptown.catalogue(uptown.defaultOptions)

const CARDS = new Map(catalogue.cards.map((c) => [c.id, c]))
const TEXT = catalogue.vocabulary.text

/** A card by id; throws on an id the game does not know (a view from another rules version). */
export const cardOf = (id: number): Card => {
  const card = CARDS.get(id)
  if (!card) throw new Error(`Uptown has no card ${id}`)
  return card
}

/** The project a placed card shows: `faces[face].projects[project]`. */
export const projectOf = (p: { card: number; face: number; project: number }): Project =>
  cardOf(p.card).faces[p.face]?.projects[p.project] as Project

/** A card's name for people: its first face's two projects ("Corner Office / Loft"). */
export const cardName = (id: number): string =>
  (cardOf(id).faces[0]?.projects ?? []).map((p) => p.name).join(" / ")

export const TYPE_STYLE: Readonly<Record<Project["type"], { fill: string; ink: string; label: string }>> = {
  office: { fill: "#C6DDF5", ink: "#184F7A", label: "Office" },
  apartment: { fill: "#CDE8C4", ink: "#25602D", label: "Apartment" },
  store: { fill: "#F9D9B8", ink: "#7A3E00", label: "Store" },
  coffee: { fill: "#E3D3C4", ink: "#5B3A29", label: "Coffee shop" },
  hotel: { fill: "#E2D4EF", ink: "#4B2A75", label: "Hotel" },
  service: { fill: "#DCDFE5", ink: "#3A4250", label: "Service" },
}

/** Income icon in a few characters ("$+1/office site"). */
export const incomeShort = (icon: string): string =>
  icon === "none"
    ? ""
    : icon.replace("@site", " site").replace("@street", " st.").replace("@ground", " ground")

/** Prestige icon in a few characters ("★+2/store street"). */
export const prestigeShort = (icon: string): string =>
  icon === "none"
    ? ""
    : `★${icon.replace("@site", " site").replace("@street", " st.").replace("@ground", " ground")}`

/** A project in words, for labels: name, type, flags, income and prestige in the rule text's words. */
export const projectWords = (p: Project): string => {
  const flags = [
    p.double ? "counts double" : "",
    p.roof ? "roof" : "",
    p.gift ? "gift" : "",
    p.noGifts ? "no gifts on this site" : "",
    p.requirement !== "none"
      ? `needs ${p.requirement === "on-roof" ? "a roof below" : `the ${p.requirement} floor`}`
      : "",
  ].filter(Boolean)
  const income = TEXT.income[p.income] ?? p.income
  const prestige = TEXT.prestige[p.prestige] ?? p.prestige
  return `${p.name} (${TYPE_STYLE[p.type].label.toLowerCase()}${flags.length ? `, ${flags.join(", ")}` : ""}): ${income}; ${prestige}`
}
