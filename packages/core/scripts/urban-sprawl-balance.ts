/**
 * Urban Sprawl balance figures (docs/urban-sprawl-balance.md): heuristic self-play per table size with the
 * design note's §8 metrics, card uplifts over those tables, and one heuristic seat against three random ones.
 * One process, one core. Run from the repository root:
 *   pnpm exec tsx packages/core/scripts/urban-sprawl-balance.ts [games = 2000] [vsRandom = 500] [options JSON] [seats = 2,3,4]
 * The options JSON is merged over the default options, e.g. '{"variant":"tuned"}' (the tuned preset) or '{"turnOrder":"compensated"}'.
 */
import { playTable, type TableStats, wilson } from "../src/games/urban-sprawl/balance.js"
import { card } from "../src/games/urban-sprawl/data.js"
import { heuristicBot, randomBot, urbanSprawl } from "../src/games/urban-sprawl/index.js"
import type { Options } from "../src/games/urban-sprawl/options.js"

const GAMES = Number(process.argv[2] ?? 2000)
const VS_RANDOM = Number(process.argv[3] ?? 500)
const options: Options = { ...urbanSprawl.defaultOptions, ...JSON.parse(process.argv[4] ?? "{}") }
const SEATS = (process.argv[5] ?? "2,3,4").split(",").map(Number)

const pct = (x: number) => (100 * x).toFixed(1)

/** Event swings (design note §8 row 8: mean prestige swing below 6, wealth below 8): the largest, and any over. */
const eventLine = (t: TableStats): string => {
  const plain = t.events.filter((e) => !e.key)
  const top = (k: "prestigeSwing" | "wealthSwing") => {
    const e = [...plain].sort((a, b) => b[k] - a[k])[0]
    return e ? `${e.name} ${e[k].toFixed(1)} (${e.perGame.toFixed(2)}/game)` : "none"
  }
  const over = plain.filter((e) => e.prestigeSwing >= 6 || e.wealthSwing >= 8).map((e) => e.name)
  const keys = t.events
    .filter((e) => e.key)
    .map((e) => `${e.name} ${e.prestigeSwing.toFixed(1)} / ${e.wealthSwing.toFixed(1)}`)
  return `largest event swings: prestige ${top("prestigeSwing")}, wealth ${top("wealthSwing")}; over the targets: ${over.length ? over.join(", ") : "none"}; key events (prestige / wealth) ${keys.join(", ")}`
}

/** How often the least and the most frequent planning event turned up per game. */
const planningRange = (t: TableStats): string => {
  const n = t.events.filter((e) => e.deck === "planning").map((e) => e.perGame)
  return n.length ? `${Math.min(...n).toFixed(2)}–${Math.max(...n).toFixed(2)}` : "0"
}

const line = (t: TableStats, seats: number): string => {
  const rates = t.winsByPosition.map((w) => {
    const [lo, hi] = wilson(w, t.games)
    return `${pct(w / t.games)} (${pct(lo)}–${pct(hi)})`
  })
  const r = t.winsByPosition.map((w) => w / t.games)
  const fair = 1 / seats
  const worst = Math.max(...r.map((x) => Math.abs(x - fair)))
  const share = (k: string) => pct(t.prestigeShare[k] ?? 0)
  const key = t.keyEventTurn
  return [
    `${t.name}: ${t.games} games`,
    `  wins by position: ${rates.join(" / ")}  spread ${pct(Math.max(...r) - Math.min(...r))}, worst ${pct(worst)} off fair`,
    `  turns ${t.meanTurns.toFixed(1)} (rounds ${t.meanRounds.toFixed(1)}), key events at turn ${(key.Airport ?? 0).toFixed(1)} / ${(key["Sports Team"] ?? 0).toFixed(1)} / ${(key["Olympic Games"] ?? 0).toFixed(1)}, maxRounds reached ${t.maxRoundsReached}`,
    `  prestige share: payouts ${share("payouts")}, vocations ${share("vocations")}, offices ${share("offices")}, effects ${share("card effects")}, events ${share("events")}, tribute ${share("tribute")}`,
    `  median winner ${t.medianWinner}, builds ${t.meanBuilds.toFixed(1)}, demolished (Urban Renewal) ${t.meanDemolished.toFixed(1)}, lost to events ${t.meanLost.toFixed(1)}, office changes ${t.meanOfficeChanges.toFixed(1)}, AP unspent/turn ${t.meanApUnspent.toFixed(2)}`,
    `  contracts revealed ${t.contractsRevealed.toFixed(1)}, contract events ${t.contractEventsRevealed.toFixed(1)}, winner's share from the final payouts ${pct(t.finalPayoutShareOfWinner)}`,
    `  planning events per game ${t.planningEventsPerGame.toFixed(2)} (each ${planningRange(t)} times); ${eventLine(t)}`,
  ].join("\n")
}

const started = process.hrtime.bigint()
console.log(`options ${JSON.stringify(options)}`)
const tables: Array<{ t: TableStats; seats: number }> = []
for (const seats of SEATS) {
  const t = playTable(
    `${seats}-heuristic`,
    seats,
    GAMES,
    () => heuristicBot,
    () => false,
    options,
  )
  tables.push({ t, seats })
  console.log(line(t, seats))
}

// Card uplift over the self-play tables: the builder's win rate minus the table's fair share.
const uplift = new Map<string, { built: number; wins: number; base: number }>()
for (const { t, seats } of tables)
  for (const c of t.cards) {
    const u = uplift.get(c.card) ?? { built: 0, wins: 0, base: 0 }
    u.built += c.built
    u.wins += c.builderWins
    u.base += c.built / seats
    uplift.set(c.card, u)
  }
const ranked = [...uplift.entries()]
  .filter(([, u]) => u.built >= 50)
  .map(([id, u]) => {
    const c = card(id) as { name: string; highImpact?: boolean }
    return {
      id,
      name: c.name,
      high: c.highImpact === true,
      built: u.built,
      up: (100 * (u.wins - u.base)) / u.built,
    }
  })
  .sort((a, b) => b.up - a.up)
const fmt = (c: (typeof ranked)[number]) =>
  `${c.name}${c.high ? " (high impact)" : ""} ${c.up >= 0 ? "+" : ""}${c.up.toFixed(1)} (${c.built})`
console.log(`top uplifts: ${ranked.slice(0, 8).map(fmt).join(", ")}`)
console.log(`bottom uplifts: ${ranked.slice(-3).map(fmt).join(", ")}`)
const worst = ranked.find((c) => !c.high)
if (worst) console.log(`largest uplift outside the high-impact four: ${fmt(worst)}`)

if (VS_RANDOM > 0) {
  const mixed = playTable(
    "heuristic-vs-3-random",
    4,
    VS_RANDOM,
    (s, g) => (s === g % 4 ? heuristicBot : randomBot),
    (s, g) => s === g % 4,
    options,
  )
  const [lo, hi] = wilson(mixed.heroWins, mixed.heroGames)
  console.log(
    `heuristic vs 3 random: ${mixed.heroWins}/${mixed.heroGames} = ${pct(mixed.heroWins / mixed.heroGames)} % (${pct(lo)}–${pct(hi)}), turns ${mixed.meanTurns.toFixed(1)}`,
  )
}
console.log(`${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s`)
