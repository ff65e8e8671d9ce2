/**
 * Balance of the Downtown board (design note, Decisions: "mean score per zone number within ±15 %"): plays
 * many seeded games and writes docs/downtown-balance.md with the mean payout of every zone number.
 * Run: npx tsx scripts/downtown-balance.ts [games for 4 seats, default 80000; half as many for 3, 5 and 6
 * seats] (about half an hour)
 *
 * The measure is random play: every zone is chosen, voted and bought with the same chance, so what remains
 * is what the board gives each zone (its neighbours, its shape, its number and pile). Strategic players
 * amplify any difference (they avoid weaker zones, which then sell out less often); their figures are
 * printed as well, for information.
 */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { NEIGHBOURS, ZONES } from "../src/games/downtown/board.js"
import type { Event as DowntownEvent } from "../src/games/downtown/events.js"
import {
  downtown,
  heuristicBot as downtownHeuristicBot,
  randomBot as downtownRandomBot,
} from "../src/games/downtown/index.js"
import type { Bot } from "../src/kernel/bot.js"
import { simulate } from "../src/kernel/simulate.js"

const TOLERANCE = 0.15

interface Run {
  readonly label: string
  readonly seats: number
  readonly games: number
  /** Mean payout per game of each zone (index = zone − 1), zero when it did not score. */
  readonly mean: number[]
  /** Standard error of each mean. */
  readonly se: number[]
  /** Share of games in which each zone scored. */
  readonly scoredShare: number[]
  readonly seconds: number
}

const measure = (label: string, seats: number, games: number, bot: Bot): Run => {
  const t = performance.now()
  const sum = new Array<number>(24).fill(0)
  const squares = new Array<number>(24).fill(0)
  const scored = new Array<number>(24).fill(0)
  const bots = Array.from({ length: seats }, () => bot)
  for (let i = 0; i < games; i++) {
    const perZone = new Array<number>(24).fill(0)
    const { events } = simulate(downtown, { variant: "standard" }, bots, `balance-${label}-${seats}-${i}`)
    for (const e of events as DowntownEvent[])
      if (e.type === "ZoneScored") {
        perZone[e.zone - 1] = e.owners.reduce((k, o) => k + o.total, 0)
        scored[e.zone - 1] = (scored[e.zone - 1] as number) + 1
      }
    perZone.forEach((p, z) => {
      sum[z] = (sum[z] as number) + p
      squares[z] = (squares[z] as number) + p * p
    })
  }
  const mean = sum.map((s) => s / games)
  const se = squares.map((q, z) => Math.sqrt(Math.max(0, q / games - (mean[z] as number) ** 2) / games))
  return {
    label,
    seats,
    games,
    mean,
    se,
    scoredShare: scored.map((k) => k / games),
    seconds: (performance.now() - t) / 1000,
  }
}

const average = (xs: ReadonlyArray<number>): number => xs.reduce((a, b) => a + b, 0) / xs.length
const deviation = (run: Run, z: number): number => (run.mean[z] as number) / average(run.mean) - 1
const spread = (run: Run): { min: number; max: number; pass: boolean } => {
  const devs = run.mean.map((_, z) => deviation(run, z))
  const min = Math.min(...devs)
  const max = Math.max(...devs)
  return { min, max, pass: min >= -TOLERANCE && max <= TOLERANCE }
}
const pct = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} %`

const games4 = Number(process.argv[2] ?? 80_000)
const others = Math.max(1, Math.round(games4 / 2))
const runs: Run[] = [
  measure("random", 4, games4, downtownRandomBot),
  measure("random", 3, others, downtownRandomBot),
  measure("random", 5, others, downtownRandomBot),
  measure("random", 6, others, downtownRandomBot),
  measure("heuristic", 4, Math.max(1, Math.round(games4 / 20)), downtownHeuristicBot),
]
const main = runs[0] as Run
const heuristic = runs[4] as Run
const degree = (z: number) => NEIGHBOURS[z]?.length ?? 0

const groupMean = (run: Run, keep: (z: number) => boolean): number =>
  average(run.mean.filter((_, z) => keep(z))) / average(run.mean) - 1

const lines: string[] = []
const out = (s = "") => lines.push(s)
const s4 = spread(main)
out("# Downtown — board balance by simulation")
out()
out("Produced by `packages/core/scripts/downtown-balance.ts` (do not edit by hand). Board:")
out("`packages/core/src/games/downtown/board.ts`, picture: [downtown-board.svg](downtown-board.svg).")
out()
out(
  "**Criterion** (design note, Decisions): the mean score of every zone number lies within ±15 % of the mean " +
    "over all zones. The score of a zone in a game is everything it paid out (spaces and bonuses, all owners); " +
    "a zone that never scored counts 0.",
)
out()
out(
  "**Measure**: random play (every seat plays the random bot, uniform over the legal commands), so zones are " +
    "drawn, voted and bought with equal chances and only the board separates them. Strategic bots are a " +
    "different question — they avoid weaker zones, which then rarely sell out — and are shown for information.",
)
out()
out(`## Result: ${s4.pass ? "PASS" : "FAIL"}`)
out()
out(
  "| table | games | mean score per zone | 3-neighbour zones | 4-neighbour zones | lowest zone | highest zone | s.e. of a zone | within ±15 % |",
)
out("|---|---:|---:|---:|---:|---:|---:|---:|:---:|")
for (const run of runs) {
  const s = spread(run)
  // Relative standard error of one zone's mean: how far noise alone moves a zone.
  const noise = average(run.se) / average(run.mean)
  const verdict = s.pass ? "yes" : Math.max(-s.min, s.max) - 2 * noise <= TOLERANCE ? "within 2 s.e." : "no"
  out(
    `| ${run.seats} seats, ${run.label} bots | ${run.games.toLocaleString("en")} | ${average(run.mean).toFixed(2)} | ${pct(groupMean(run, (z) => degree(z) === 3))} | ${pct(groupMean(run, (z) => degree(z) === 4))} | ${pct(s.min)} | ${pct(s.max)} | ${(noise * 100).toFixed(1)} % | ${verdict} |`,
  )
}
out()
out(
  `The criterion is checked on the reference table, 4 seats with random bots (${main.games.toLocaleString("en")} ` +
    "games). The other tables use fewer games; the group columns (12 zones each) show the board's real spread " +
    "at every table size, the per-zone extremes add the noise of one zone's mean (its standard error).",
)
out()
out("## Per zone")
out()
out(
  "Mean score per game, deviation from the mean over zones, standard error of the mean, share of games in " +
    "which the zone scored; 4 seats.",
)
out()
out(
  "| zone | half | shape | neighbours | random: mean | deviation | s.e. | scored in | heuristic: mean | deviation |",
)
out("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|")
ZONES.forEach((zone, z) => {
  out(
    `| ${zone.zone} | ${zone.half} | ${zone.shape} | ${degree(z)} | ${(main.mean[z] as number).toFixed(2)} | ${pct(deviation(main, z))} | ${(main.se[z] as number).toFixed(2)} | ${((main.scoredShare[z] as number) * 100).toFixed(0)} % | ${(heuristic.mean[z] as number).toFixed(2)} | ${pct(deviation(heuristic, z))} |`,
  )
})
out()
out("## By group (4 seats, random bots; deviation of the group's mean from the mean over zones)")
out()
out("| group | zones | deviation |")
out("|---|---:|---:|")
const groups: Array<[string, (z: number) => boolean]> = [
  ["3 neighbours", (z) => degree(z) === 3],
  ["4 neighbours", (z) => degree(z) === 4],
  ["odd numbers", (z) => (z + 1) % 2 === 1],
  ["even numbers", (z) => (z + 1) % 2 === 0],
  ["west (1–12)", (z) => z < 12],
  ["east (13–24)", (z) => z >= 12],
  ["square", (z) => ZONES[z]?.shape === "square"],
  ["rectangular", (z) => ZONES[z]?.shape === "rectangle"],
]
for (const [name, keep] of groups)
  out(`| ${name} | ${ZONES.filter((_, z) => keep(z)).length} | ${pct(groupMean(main, keep))} |`)
out()
out("## Reading")
out()
out(
  "- A zone's payout grows with its number of neighbours (the base value of a space). With 12 zones of 3 and " +
    `12 of 4 neighbours (mean exactly 3.5) the two groups sit symmetrically around the mean ` +
    `(${pct(groupMean(main, (z) => degree(z) === 3))} and ${pct(groupMean(main, (z) => degree(z) === 4))}), ` +
    "which leaves little room: a board with more 4s than 3s pushes the 3s below −15 % (tried: an 8×12 plot " +
    "layout with ten 3s and fourteen 4s gave −19 %/+16 % on 3,000 games). Zones of the same degree differ by " +
    "noise only, so the per-zone check needs many games: the standard errors above are what is left of it.",
)
out(
  "- Numbers, parity and halves do not matter beyond that: odd and even zones, west and east, squares and " +
    "rectangles all land close to the mean.",
)
out(
  `- Heuristic players concentrate on the 4-neighbour zones; the 3-neighbour zones then often stay unsold, ` +
    `so under strategic play their mean falls far lower (${pct(spread(heuristic).min)}). That is the game's ` +
    "strategy, not a bias of the numbering; it is why the criterion is measured under random play.",
)
out()
out(`Run time: ${runs.map((r) => `${r.seats} seats ${r.label} ${r.seconds.toFixed(0)} s`).join(", ")}.`)

const target = fileURLToPath(new URL("../../../docs/downtown-balance.md", import.meta.url))
writeFileSync(target, `${lines.join("\n")}\n`)
console.log(`wrote ${target}: ${s4.pass ? "PASS" : "FAIL"} (${pct(s4.min)} … ${pct(s4.max)})`)
