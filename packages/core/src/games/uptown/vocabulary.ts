/*
 * The closed icon vocabulary of Uptown's project cards. Every literal here is one icon of the rule text's
 * "Explanation of Symbols" (`../shared/rules/uptown.txt`), one to one: cards are built only from these
 * words, and the rules read only `FORMULAS`, never a card's name.
 */
import { Schema } from "effect"

/** Project types (rule text, "Project types"): office, apartment, store, coffee shop, hotel, service. */
export const PROJECT_TYPES = ["office", "apartment", "store", "coffee", "hotel", "service"] as const
export type ProjectType = (typeof PROJECT_TYPES)[number]
export const ProjectTypeSchema = Schema.Literals(PROJECT_TYPES)

/**
 * Placement requirements (rule text, "Requirements"), one per project: none, ground floor (first card on a
 * site), upper floor (not the first card), built on top of a roof. "No gifts" is its own icon (a flag),
 * since it limits the site rather than the card.
 */
export const REQUIREMENTS = ["none", "ground", "upper", "on-roof"] as const
export type Requirement = (typeof REQUIREMENTS)[number]
export const RequirementSchema = Schema.Literals(REQUIREMENTS)

/**
 * Income icons (rule text, "Income"): what a project earns its street's owner each time any site of that
 * street is finished. `$+1/office@site` reads "$1 per office on this site"; `@street` is "on your whole
 * street"; `$+1@ground` is "$1 if on the ground floor".
 */
export const INCOME_ICONS = [
  "none",
  "$+1",
  "$+2",
  "$+3",
  "$+4",
  "$-1",
  "$-2",
  "$+1/floor-below",
  "$-1/floor-below",
  "$+1/office@site",
  "$+1/apartment@site",
  "$+1/office@street",
  "$+1/apartment@street",
  "$+2/store@street",
  "$+2/coffee@street",
  "$+1@ground",
] as const
export type IncomeIcon = (typeof INCOME_ICONS)[number]
export const IncomeIconSchema = Schema.Literals(INCOME_ICONS)

/**
 * Prestige icons (rule text, "Prestige"), scored at the end: flat stars, stars per project of a type at this
 * site (`@site`) or on all your sites (`@street`), per floor below this card, or if on the ground floor.
 */
export const PRESTIGE_ICONS = [
  "none",
  "+1",
  "+2",
  "+3",
  "+4",
  "+5",
  "+6",
  "-1",
  "-2",
  "-3",
  "-4",
  "+1/office@site",
  "-1/office@site",
  "+1/apartment@site",
  "-1/apartment@site",
  "+2/store@site",
  "+2/coffee@site",
  "+1/office@street",
  "+2/service@street",
  "+2/coffee@street",
  "+2/store@street",
  "+2/gift@street",
  "+1/apartment@street",
  "+3/hotel@street",
  "+1/floor-below",
  "+1@ground",
  "+2@ground",
] as const
export type PrestigeIcon = (typeof PRESTIGE_ICONS)[number]
export const PrestigeIconSchema = Schema.Literals(PRESTIGE_ICONS)

/** What a `per …` icon counts: a project type, or gifts (projects given by an opponent). */
export type Counted = ProjectType | "gift"

/**
 * The meaning of an icon: a flat amount, an amount per floor below the card, an amount per counted project
 * on the card's site or the whole street, or an amount if the card is on the ground floor.
 */
export type Formula =
  | { readonly kind: "none" }
  | { readonly kind: "flat"; readonly amount: number }
  | { readonly kind: "per-floor-below"; readonly amount: number }
  | {
      readonly kind: "per"
      readonly amount: number
      readonly counted: Counted
      readonly scope: "site" | "street"
    }
  | { readonly kind: "if-ground"; readonly amount: number }

/** Reads an icon's literal into its formula: the one place where icon words get a meaning. */
const parse = (icon: string, prefix: "$" | ""): Formula => {
  if (icon === "none") return { kind: "none" }
  const body = prefix === "$" ? icon.slice(1) : icon
  const amount = Number.parseInt(body, 10)
  if (body.endsWith("/floor-below")) return { kind: "per-floor-below", amount }
  if (body.endsWith("@ground")) return { kind: "if-ground", amount }
  const per = /^[+-]\d\/(\w+)@(site|street)$/.exec(body)
  if (per) return { kind: "per", amount, counted: per[1] as Counted, scope: per[2] as "site" | "street" }
  return { kind: "flat", amount }
}

/** The formula of every income icon. */
export const INCOME_FORMULAS: Readonly<Record<IncomeIcon, Formula>> = Object.fromEntries(
  INCOME_ICONS.map((icon) => [icon, parse(icon, "$")]),
) as Record<IncomeIcon, Formula>

/** The formula of every prestige icon. */
export const PRESTIGE_FORMULAS: Readonly<Record<PrestigeIcon, Formula>> = Object.fromEntries(
  PRESTIGE_ICONS.map((icon) => [icon, parse(icon, "")]),
) as Record<PrestigeIcon, Formula>

/** The rule text's words for each icon, for the catalogue and renderers. */
export const ICON_TEXT = {
  income: {
    none: "no income",
    "$+1": "$1 each time any site on your street is finished",
    "$+2": "$2 each time any site on your street is finished",
    "$+3": "$3 each time any site on your street is finished",
    "$+4": "$4 each time any site on your street is finished",
    "$-1": "−$1 each time any site on your street is finished",
    "$-2": "−$2 each time any site on your street is finished",
    "$+1/floor-below": "$1 per floor below this card",
    "$-1/floor-below": "−$1 per floor below this card",
    "$+1/office@site": "$1 per office on this site",
    "$+1/apartment@site": "$1 per apartment on this site",
    "$+1/office@street": "$1 per office on your whole street",
    "$+1/apartment@street": "$1 per apartment on your whole street",
    "$+2/store@street": "$2 per store on your whole street",
    "$+2/coffee@street": "$2 per coffee shop on your whole street",
    "$+1@ground": "$1 if this card is on the ground floor",
  } satisfies Record<IncomeIcon, string>,
  prestige: {
    none: "no prestige",
    "+1": "1 prestige",
    "+2": "2 prestige",
    "+3": "3 prestige",
    "+4": "4 prestige",
    "+5": "5 prestige",
    "+6": "6 prestige",
    "-1": "−1 prestige",
    "-2": "−2 prestige",
    "-3": "−3 prestige",
    "-4": "−4 prestige",
    "+1/office@site": "1 prestige per office at this site",
    "-1/office@site": "−1 prestige per office at this site",
    "+1/apartment@site": "1 prestige per apartment at this site",
    "-1/apartment@site": "−1 prestige per apartment at this site",
    "+2/store@site": "2 prestige per store at this site",
    "+2/coffee@site": "2 prestige per coffee shop at this site",
    "+1/office@street": "1 prestige per office on all your sites",
    "+2/service@street": "2 prestige per service on all your sites",
    "+2/coffee@street": "2 prestige per coffee shop on all your sites",
    "+2/store@street": "2 prestige per store on all your sites",
    "+2/gift@street": "2 prestige per gift on all your sites",
    "+1/apartment@street": "1 prestige per apartment on all your sites",
    "+3/hotel@street": "3 prestige per hotel on all your sites",
    "+1/floor-below": "1 prestige per floor below this card",
    "+1@ground": "1 prestige if this card is on the ground floor",
    "+2@ground": "2 prestige if this card is on the ground floor",
  } satisfies Record<PrestigeIcon, string>,
  requirement: {
    none: "no requirement",
    ground: "ground floor: only as the first card on a site (it touches the street board)",
    upper: "upper floor: never as the first card on a site (it touches a previous card)",
    "on-roof": "must be built on top of a roof",
  } satisfies Record<Requirement, string>,
  flags: {
    double: "counts as two projects of its type (office, apartment, store, coffee shop or service)",
    roof: "finishes its site; the site's owner earns income from all their street's sites",
    gift: "can be placed only on an opponent's site",
    noGifts: "no gifts can be built on this site",
  },
} as const
