/**
 * Generates Uptown's card set (design note §3.4, "Generation and balance") into
 * src/games/uptown/cards.ts. Run: npx tsx scripts/uptown-cards.ts
 *
 * Method, in order:
 * 1. TEMPLATES below list every project of the set as (type, requirement, income, prestige, flags) × count:
 *    168 blue-bar projects to the design note's mix (office 32, apartment 32, store 28, coffee 24,
 *    service 34, hotel 18; roofs ≈ 30 %, 8 gifts, 10 doubles, ≈ 20 % ground-only, ≈ 20 % upper-only, 6 on a
 *    roof) and 112 green-bar public projects, about 30 % weaker (V ≈ 2 against ≈ 3).
 * 2. Each project's value V comes from value.ts (prestige + income × 4 / 3 + 1 per roof + 1.5 per gift
 *    − 0.5 per restriction, street-dependent icons at their expected context).
 * 3. Blue projects are sorted by V and paired greedily into 84 cards, each pairing a project with the
 *    nearest-valued unpaired project of another type (avoiding twin cards), so a card offers two comparable
 *    choices; a card costs clamp(round(best V), 1, 8). Green projects are paired the same way, and the
 *    strongest pair shares a card with the weakest (two faces) to make 28 free cards.
 * 4. Names are ours: a qualifier and a noun for the type, drawn without repeats by a seeded shuffle.
 * Balance is then measured in self-play (scripts/uptown-balance.ts, docs/uptown-balance.md); the template
 * counts and icons were adjusted until the report passed (history in that document).
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Card, Project } from "../src/games/uptown/card.js"
import { costOf, projectValue } from "../src/games/uptown/value.js"
import type { IncomeIcon, PrestigeIcon, ProjectType, Requirement } from "../src/games/uptown/vocabulary.js"

type Flag = "roof" | "gift" | "double" | "no-gifts"
type Template = readonly [
  count: number,
  type: ProjectType,
  requirement: Requirement,
  income: IncomeIcon,
  prestige: PrestigeIcon,
  ...flags: Flag[],
]

/** The 168 blue-bar projects. */
const BLUE: ReadonlyArray<Template> = [
  // office 32
  [2, "office", "none", "$+1", "+2"],
  [1, "office", "none", "$+1", "+2", "roof"],
  [2, "office", "none", "$+2", "+1"],
  [1, "office", "ground", "$+2", "+1", "roof"],
  [3, "office", "none", "$+1/office@site", "+1"],
  [2, "office", "none", "$+1/office@street", "none"],
  [3, "office", "upper", "$+1/floor-below", "+1"],
  [3, "office", "upper", "$+1", "+3", "roof"],
  [2, "office", "none", "$+2", "+1", "roof"],
  [2, "office", "none", "none", "+1/office@site", "double"],
  [2, "office", "ground", "$+2", "+1"],
  [1, "office", "none", "$+3", "-1"],
  [1, "office", "none", "$+4", "-4"],
  [2, "office", "upper", "$+1/office@site", "+1/floor-below"],
  [2, "office", "none", "$+1", "+1", "no-gifts"],
  [2, "office", "none", "none", "+1/office@street"],
  [1, "office", "upper", "$+1/office@site", "+2", "roof"],
  // apartment 32
  [2, "apartment", "none", "$+1", "+2"],
  [1, "apartment", "ground", "$+1", "+2", "roof"],
  [3, "apartment", "none", "$+1", "+1/apartment@site"],
  [2, "apartment", "none", "$+1/apartment@site", "+1"],
  [1, "apartment", "ground", "$+1/apartment@site", "+1"],
  [2, "apartment", "none", "$+1/apartment@street", "none"],
  [3, "apartment", "upper", "$+1", "+1/floor-below"],
  [3, "apartment", "upper", "$+1", "+2", "roof"],
  [2, "apartment", "none", "none", "+3", "roof"],
  [1, "apartment", "ground", "none", "+3", "roof"],
  [2, "apartment", "none", "$+1", "+1/apartment@site", "double"],
  [2, "apartment", "ground", "$+1", "+2"],
  [1, "apartment", "none", "none", "+1/apartment@street"],
  [1, "apartment", "none", "$+2", "-1/office@site"],
  [2, "apartment", "upper", "$-1/floor-below", "+4"],
  [2, "apartment", "none", "none", "+3", "no-gifts"],
  [1, "apartment", "none", "$+2", "-1/apartment@site"],
  [1, "apartment", "upper", "none", "+1/apartment@site", "roof"],
  // store 28
  [3, "store", "none", "$+1/apartment@street", "+1"],
  [3, "store", "ground", "$+2", "+1"],
  [2, "store", "ground", "$+1", "+2", "roof"],
  [2, "store", "none", "$+2/store@street", "-1"],
  [3, "store", "none", "none", "+2/store@site"],
  [2, "store", "ground", "$+1", "+2", "roof"],
  [1, "store", "none", "$+1", "+2", "roof"],
  [2, "store", "upper", "$+1/floor-below", "+1"],
  [1, "store", "none", "$+1", "+1", "double"],
  [1, "store", "ground", "$+1", "+1", "double", "roof"],
  [2, "store", "none", "$-1", "-1", "gift"],
  [2, "store", "none", "$+1", "+1", "no-gifts"],
  [2, "store", "none", "none", "+2/store@street"],
  [2, "store", "upper", "$+1/apartment@street", "+1", "roof"],
  // coffee 24
  [1, "coffee", "none", "$+1", "+2"],
  [1, "coffee", "ground", "$+1", "+2", "roof"],
  [1, "coffee", "ground", "$+1", "+2", "roof"],
  [3, "coffee", "none", "$+1/office@street", "none"],
  [2, "coffee", "none", "$+1@ground", "+2"],
  [2, "coffee", "on-roof", "none", "+4"],
  [2, "coffee", "none", "$+2/coffee@street", "-2"],
  [2, "coffee", "none", "none", "+2/coffee@site"],
  [2, "coffee", "none", "none", "+2/coffee@street"],
  [2, "coffee", "upper", "$+1", "+1/floor-below"],
  [2, "coffee", "none", "$-1", "none", "gift"],
  [1, "coffee", "none", "$+1", "+1", "double"],
  [2, "coffee", "none", "$+1", "+1", "roof"],
  [1, "coffee", "none", "$+1", "+1", "double"],
  // hotel 18
  [2, "hotel", "none", "$-1", "+5"],
  [1, "hotel", "none", "$-1", "+5", "roof"],
  [2, "hotel", "upper", "$-1", "+5", "roof"],
  [2, "hotel", "none", "$-2", "+6"],
  [2, "hotel", "none", "none", "+3/hotel@street"],
  [2, "hotel", "on-roof", "$+1", "+3"],
  [3, "hotel", "none", "none", "+4", "roof"],
  [2, "hotel", "upper", "$+1", "+1/floor-below"],
  [2, "hotel", "ground", "$+1", "+3", "roof"],
  // service 34
  [4, "service", "none", "$+1", "+1", "roof"],
  [3, "service", "ground", "$+2", "none", "roof"],
  [2, "service", "ground", "none", "+2@ground", "roof"],
  [3, "service", "none", "$+1@ground", "+1"],
  [2, "service", "none", "none", "+2/service@street"],
  [2, "service", "none", "$+1", "+1", "double"],
  [2, "service", "on-roof", "$+1", "+1"],
  [2, "service", "none", "none", "-2", "gift"],
  [2, "service", "none", "none", "-1", "gift", "roof"],
  [2, "service", "none", "$+1", "none", "no-gifts"],
  [2, "service", "upper", "$+1/floor-below", "none"],
  [2, "service", "ground", "$+2", "none", "roof"],
  [1, "service", "none", "$+1", "+2/gift@street"],
  [2, "service", "ground", "$+1", "+2@ground"],
  [1, "service", "none", "$+4", "-3"],
  [1, "service", "none", "$+3", "-2"],
  [1, "service", "none", "$+1", "+1/office@street"],
]

/** The 112 green-bar public projects (28 cards × 2 faces × 2 projects), about 30 % weaker. */
const GREEN: ReadonlyArray<Template> = [
  // office 21
  [5, "office", "none", "$+1", "+1"],
  [3, "office", "none", "none", "+1", "roof"],
  [3, "office", "upper", "$+1/floor-below", "none"],
  [3, "office", "none", "$+1/office@site", "none"],
  [2, "office", "ground", "$+1", "+1"],
  [3, "office", "none", "$+1", "none", "roof"],
  [1, "office", "none", "none", "+1", "double"],
  [1, "office", "none", "none", "+1/office@site"],
  // apartment 21
  [5, "apartment", "none", "$+1", "+1"],
  [3, "apartment", "none", "none", "+1", "roof"],
  [3, "apartment", "upper", "$+1", "+1/floor-below"],
  [3, "apartment", "none", "$+1/apartment@site", "none"],
  [2, "apartment", "ground", "$+1", "none", "roof"],
  [2, "apartment", "none", "none", "+1/apartment@site"],
  [2, "apartment", "upper", "none", "+2", "roof"],
  [1, "apartment", "none", "$+1", "none", "double"],
  // store 19
  [3, "store", "none", "$+1/apartment@street", "none"],
  [3, "store", "ground", "$+1", "+1"],
  [2, "store", "ground", "$+1", "none", "roof"],
  [2, "store", "none", "none", "+2/store@site"],
  [4, "store", "none", "$+1", "+1"],
  [2, "store", "none", "$-1", "none", "gift"],
  [3, "store", "upper", "$+1/floor-below", "none"],
  // coffee 16
  [4, "coffee", "none", "$+1", "+1"],
  [2, "coffee", "none", "$+1/office@street", "none"],
  [2, "coffee", "on-roof", "none", "+2"],
  [2, "coffee", "none", "none", "+2/coffee@site"],
  [2, "coffee", "none", "none", "+1", "roof"],
  [2, "coffee", "none", "none", "-1", "gift"],
  [2, "coffee", "none", "$+1@ground", "+1"],
  // hotel 12
  [3, "hotel", "none", "$-1", "+4"],
  [2, "hotel", "none", "$-1", "+3", "roof"],
  [2, "hotel", "on-roof", "none", "+2"],
  [2, "hotel", "none", "$-2", "+5"],
  [3, "hotel", "ground", "none", "+2", "roof"],
  // service 23
  [4, "service", "none", "$+1", "none", "roof"],
  [3, "service", "ground", "none", "+1@ground", "roof"],
  [3, "service", "none", "$+1", "+1@ground"],
  [3, "service", "none", "$+2", "none"],
  [2, "service", "none", "none", "-1", "gift", "roof"],
  [2, "service", "upper", "$+1/floor-below", "none"],
  [3, "service", "none", "$+1", "none", "no-gifts"],
  [1, "service", "none", "$+1", "none", "double"],
  [2, "service", "on-roof", "$+1", "none"],
]

/** A small seeded generator (mulberry32): the set must come out the same on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const shuffle = <T>(items: ReadonlyArray<T>, next: () => number): T[] => {
  const out = items.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

const QUALIFIERS = [
  "Amber", "Birch", "Cobalt", "Linden", "Harbor", "Juniper", "Marigold", "Quarry", "Saffron", "Tamarack",
  "Ivy", "Copper", "Lantern", "Orchard", "Pewter", "Rowan", "Sable", "Thistle", "Umber", "Willow",
  "Zephyr", "Beacon", "Cinder", "Delta", "Ember", "Fern", "Granite", "Heron", "Indigo", "Jasper",
  "Kestrel", "Larch", "Meadow", "Nutmeg", "Opal", "Pinecone", "Quill", "Russet", "Slate", "Tidewater",
  "Verdigris", "Wren", "Yarrow", "Alder", "Brass", "Clover", "Dune", "Elm", "Flint", "Garnet",
] // biome-ignore format: a word list reads best in rows

const NOUNS: Record<ProjectType, ReadonlyArray<string>> = {
  office: ["Offices", "Exchange", "Chambers", "Bureau", "Counting House", "Works", "Studios", "Agency"],
  apartment: ["Flats", "Lofts", "Mansions", "Court", "Terrace", "Residences", "Walk-ups", "Rooms"],
  store: ["Emporium", "Market", "Drapers", "Grocers", "Arcade", "Outfitters", "Bazaar", "Mercantile"],
  coffee: ["Café", "Roastery", "Espresso Bar", "Tea Room", "Coffee House", "Bakery", "Brew Bar", "Kettle"],
  hotel: ["Grand Hotel", "Inn", "Suites", "Palace", "Lodge", "Hotel", "Regency", "Residence Hotel"],
  service: ["Laundry", "Clinic", "Garage", "Library", "Post Office", "Gym", "Depot", "Workshop"],
}
const ROOFTOP: Record<ProjectType, string> = {
  office: "Rooftop Office",
  apartment: "Penthouse",
  store: "Rooftop Stall",
  coffee: "Sky Café",
  hotel: "Sky Suite",
  service: "Roof Garden",
}
const GIFT: Record<ProjectType, ReadonlyArray<string>> = {
  office: ["Call Centre"],
  apartment: ["Boarding House"],
  store: ["Pawn Shop", "Discount Barn", "Night Market"],
  coffee: ["Late Bar", "Karaoke Den", "Fry Shop"],
  hotel: ["Hostel"],
  service: ["Billboard", "Scaffolding", "Bus Depot", "Substation", "Car Wash"],
}

const next = seeded(20260128)
const used = new Set<string>()
const qualifiers = shuffle(QUALIFIERS, next)
let q = 0
/** An original name: a qualifier and a noun fitting the project, never used twice. */
const nameFor = (type: ProjectType, requirement: Requirement, gift: boolean): string => {
  const nouns = gift
    ? (GIFT[type] as ReadonlyArray<string>)
    : requirement === "on-roof"
      ? [ROOFTOP[type]]
      : NOUNS[type]
  for (let tries = 0; ; tries++) {
    const noun = nouns[Math.floor(next() * nouns.length)] as string
    const name = `${qualifiers[q++ % qualifiers.length]} ${noun}`
    if (!used.has(name)) {
      used.add(name)
      return name
    }
    if (tries > 1000) throw new Error(`no fresh name for ${type}`)
  }
}

const expand = (templates: ReadonlyArray<Template>): Project[] =>
  templates.flatMap(([count, type, requirement, income, prestige, ...flags]) =>
    Array.from({ length: count }, () => ({
      name: nameFor(type, requirement, flags.includes("gift")),
      type,
      double: flags.includes("double"),
      roof: flags.includes("roof"),
      gift: flags.includes("gift"),
      requirement,
      noGifts: flags.includes("no-gifts"),
      income,
      prestige,
    })),
  )

/** What makes two projects the same template: everything but the name. */
const signature = (p: Project): string =>
  [p.type, p.requirement, p.income, p.prestige, p.roof, p.gift, p.double, p.noGifts].join("|")

/** Sorts by value (ties by a seeded shuffle) and pairs each project with the nearest other-type project. */
const pairUp = (projects: ReadonlyArray<Project>): Array<[Project, Project]> => {
  const pool = shuffle(projects, next).sort((a, b) => projectValue(b) - projectValue(a))
  const pairs: Array<[Project, Project]> = []
  const made = new Set<string>()
  while (pool.length > 0) {
    // Take the best project, unless one type is so common that it must start a pair now to find partners.
    const counts = new Map<ProjectType, number>()
    for (const p of pool) counts.set(p.type, (counts.get(p.type) ?? 0) + 1)
    const [crowded, most] = [...counts].sort((a, b) => b[1] - a[1])[0] as [ProjectType, number]
    const [first] = pool.splice(
      most * 2 >= pool.length ? pool.findIndex((p) => p.type === crowded) : 0,
      1,
    ) as [Project]
    const fits = (p: Project) => p.type !== first.type && !(p.gift && first.gift)
    // The nearest fitting partner, unless the same pair of templates already made a card and another
    // partner is close in value: twins make a dull set.
    let at = -1
    for (let i = 0; i < pool.length && at < 0; i++) {
      const p = pool[i] as Project
      if (!fits(p)) continue
      const fresh = !made.has(`${signature(first)}+${signature(p)}`)
      const near = projectValue(first) - projectValue(p) < 1
      if (fresh || !near) at = i
    }
    if (at < 0) at = Math.max(0, pool.findIndex(fits))
    const [second] = pool.splice(at, 1)
    made.add(`${signature(first)}+${signature(second as Project)}`)
    pairs.push([first, second as Project])
  }
  return pairs
}

const blueProjects = expand(BLUE)
const greenProjects = expand(GREEN)
if (blueProjects.length !== 168) throw new Error(`blue: ${blueProjects.length} projects, not 168`)
if (greenProjects.length !== 112) throw new Error(`green: ${greenProjects.length} projects, not 112`)

const cards: Card[] = pairUp(blueProjects).map((projects, id) => {
  const card = { id, bar: "blue" as const, cost: 0, faces: [{ projects }] }
  return { ...card, cost: costOf(card) }
})
// Green: pairs by value; the strongest pair shares a card with the weakest, and so on, so that no public
// card holds four of the best choices.
const greenPairs = pairUp(greenProjects)
for (let i = 0; i < greenPairs.length / 2; i++)
  cards.push({
    id: cards.length,
    bar: "green",
    cost: 0,
    faces: [
      { projects: greenPairs[i] as [Project, Project] },
      { projects: greenPairs[greenPairs.length - 1 - i] as [Project, Project] },
    ],
  })

const row = (p: Project): string => {
  const flags = [p.roof && "roof", p.gift && "gift", p.double && "double", p.noGifts && "no-gifts"].filter(
    Boolean,
  )
  return JSON.stringify([p.name, p.type, p.requirement, p.income, p.prestige, ...flags])
}
const lines = cards.map((c) =>
  c.bar === "blue"
    ? `  blue(${c.id}, ${c.cost}, ${c.faces[0]?.projects.map(row).join(", ")}),`
    : `  green(${c.id}, [${c.faces[0]?.projects.map(row).join(", ")}], [${c.faces[1]?.projects.map(row).join(", ")}]),`,
)

const file = `/*
 * Uptown's card set: 84 blue-bar project cards (ids 0–83, the players' decks) and 28 green-bar public cards
 * (ids 84–111). Our original design (⚙, design note §3.4): no public card list exists. GENERATED by
 * packages/core/scripts/uptown-cards.ts from its templates — edit those and re-run, not this file.
 * A row is [name, type, requirement, income icon, prestige icon, ...flags] in the closed vocabulary of
 * vocabulary.ts; blue cards show (id, cost, project I, project II), green cards (id, face A, face B).
 */
import type { Card } from "./card.js"
import { blue, green } from "./rows.js"

/** Every card, indexed by id. */
// biome-ignore format: one card per line reads as a table
export const CARDS: ReadonlyArray<Card> = [
${lines.join("\n")}
]
`
writeFileSync(join(import.meta.dirname, "../src/games/uptown/cards.ts"), file)

// A summary to check the mix against the design note.
const count = (ps: ReadonlyArray<Project>, f: (p: Project) => boolean) => ps.filter(f).length
for (const [label, ps] of [
  ["blue", blueProjects],
  ["green", greenProjects],
] as const) {
  const byType = Object.fromEntries(
    (["office", "apartment", "store", "coffee", "hotel", "service"] as const).map((t) => [
      t,
      count(ps, (p) => p.type === t),
    ]),
  )
  const mean = ps.reduce((s, p) => s + projectValue(p), 0) / ps.length
  console.log(label, {
    byType,
    roof: count(ps, (p) => p.roof),
    gift: count(ps, (p) => p.gift),
    double: count(ps, (p) => p.double),
    ground: count(ps, (p) => p.requirement === "ground"),
    upper: count(ps, (p) => p.requirement === "upper"),
    onRoof: count(ps, (p) => p.requirement === "on-roof"),
    noGifts: count(ps, (p) => p.noGifts),
    meanV: Number(mean.toFixed(2)),
  })
}
const costs = new Map<number, number>()
for (const c of cards) if (c.bar === "blue") costs.set(c.cost, (costs.get(c.cost) ?? 0) + 1)
console.log("blue costs", Object.fromEntries([...costs].sort((a, b) => a[0] - b[0])))
