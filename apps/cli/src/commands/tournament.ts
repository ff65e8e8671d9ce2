import { randomBytes } from "node:crypto"
import { writeFile } from "node:fs/promises"
import { sha256Hex } from "@boroughs/core"
import {
  type Format,
  loadSigner,
  type Standing,
  type Step,
  standingsOf,
  type TournamentState,
  toNdjsonLine,
  tournamentsFrom,
} from "@boroughs/engine"
import { Effect } from "effect"
import { engineLayer, runEffect } from "../engine.js"
import { CliError } from "../fail.js"
import { requireGame } from "../games.js"
import { progressBar } from "../progress.js"

export interface TournamentOptions {
  readonly game: string
  readonly format: string
  readonly rounds?: number
  readonly tableSize: number
  readonly bots: string
  readonly entrants?: number
  readonly seed?: string
  readonly id?: string
  readonly name?: string
  readonly db?: string
  readonly key?: string
  readonly out?: string
}

/**
 * Entrants from `--bots`: `heuristic:6,random:6` gives six of each; with `--entrants n`, plain names
 * (`heuristic,random`) take turns until there are n. Ids are `<bot>-<k>`, played by those built-in bots.
 */
export const entrantsOf = (spec: string, bots: ReadonlyArray<string>, game: string, total?: number) => {
  const parts = spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
  if (parts.length === 0) throw new CliError("--bots needs at least one bot, e.g. heuristic:6,random:6")
  const names: string[] = []
  for (const part of parts) {
    const [name, count] = part.split(":") as [string, string?]
    if (!bots.includes(name)) throw new CliError(`${game} has no bot "${name}"; its bots: ${bots.join(", ")}`)
    const n = count === undefined ? 1 : Number(count)
    if (!Number.isInteger(n) || n < 1 || n > 200)
      throw new CliError(`"${part}": the count after ':' must be 1–200`)
    if (total !== undefined && count !== undefined)
      throw new CliError("give either counts in --bots (heuristic:6) or --entrants, not both")
    for (let i = 0; i < n; i++) names.push(name)
  }
  if (total !== undefined) {
    if (!Number.isInteger(total) || total < 3 || total > 512) throw new CliError("--entrants must be 3–512")
    const cycle = [...names]
    names.length = 0
    for (let i = 0; i < total; i++) names.push(cycle[i % cycle.length] as string)
  }
  const seen = new Map<string, number>()
  return names.map((name) => {
    const k = (seen.get(name) ?? 0) + 1
    seen.set(name, k)
    return { id: `${name}-${k}`, plays: `builtin:${name}` }
  })
}

/**
 * Runs a whole tournament of built-in bots on the store `--db` names: pairs each round, plays its games
 * through the engine, seals it with the organiser's key, and returns the final state.
 */
export const runTournament = async (o: TournamentOptions) => {
  const g = requireGame(o.game)
  if (o.format !== "swiss" && o.format !== "round-robin")
    throw new CliError(`--format is swiss or round-robin, not "${o.format}"`)
  const entrants = entrantsOf(o.bots, Object.keys(g.bots), g.game.id, o.entrants)
  const seed = o.seed ?? randomBytes(8).toString("hex")
  const tournamentId =
    o.id ??
    `${g.game.id}-${o.format}-${sha256Hex(`${seed}/${o.bots}/${o.entrants}/${o.rounds}/${o.tableSize}`).slice(0, 8)}`
  let signer: ReturnType<typeof loadSigner>
  try {
    signer = loadSigner(o.key)
  } catch (e) {
    throw new CliError(`cannot load the signing key: ${(e as Error).message}`)
  }
  const perRound = Math.floor(entrants.length / o.tableSize)
  let bar: ReturnType<typeof progressBar> | null = null
  const program = Effect.gen(function* () {
    const t = yield* tournamentsFrom({
      findGame: (id) => (id === g.game.id ? g : undefined),
      signer,
      // Secret per game, yet the same --seed replays the same tournament.
      seedFor: (gameId) => sha256Hex(`boroughs/cli-tournament/${seed}/${gameId}`),
    })
    const created = yield* t.create(
      {
        tournamentId,
        name: o.name ?? `${g.game.title} ${o.format}`,
        game: g.game.id,
        format: o.format as Format,
        ...(o.rounds === undefined ? {} : { rounds: o.rounds }),
        tableSize: o.tableSize,
        entrants,
        pairingSeed: seed,
      },
      { actor: "cli:tournament" },
    )
    bar = progressBar(`${tournamentId}`, created.created.rounds * (perRound + 1))
    const state = yield* t.runToEnd(tournamentId, (s: Step) => {
      if (s.did === "recorded") bar?.increment({ info: s.gameId })
      if (s.did === "sealed")
        bar?.increment({ info: `round ${s.round} sealed ${s.merkleRoot.slice(0, 12)}…` })
    })
    const exported = o.out ? yield* t.exportEnvelopes(tournamentId) : []
    return { state, exported }
  }).pipe(Effect.scoped, Effect.provide(engineLayer(o.db)))
  const { state, exported } = await runEffect(program).finally(() =>
    (bar as ReturnType<typeof progressBar> | null)?.stop(),
  )
  if (o.out) await writeFile(o.out, exported.map((e) => `${toNdjsonLine(e)}\n`).join(""))
  return {
    tournamentId,
    state,
    standings: standingsOf(state),
    publicKey: signer.publicKey,
    keyId: signer.keyId,
  }
}

/** The standings as a table for a person, with the round roots and the key that signed them. */
export const formatStandings = (r: {
  tournamentId: string
  state: TournamentState
  standings: ReadonlyArray<Standing>
  publicKey: string
  keyId: string
}): string => {
  const c = r.state.created
  const lines = [
    `${c.name} (${r.tournamentId}): ${c.game}, ${c.format}, ${r.state.rounds.length} rounds, ${c.entrants.length} entrants at tables of ${c.tableSize}`,
    "   #  entrant            points  games  wins  byes  opp.pts  rating (μ−3σ)",
    ...r.standings.map(
      (s) =>
        `  ${String(s.rank).padStart(2)}  ${s.entrant.padEnd(18)} ${s.points.toFixed(2).padStart(6)}  ${String(s.games).padStart(5)}  ${String(s.wins).padStart(4)}  ${String(s.byes).padStart(4)}  ${s.opposition.toFixed(2).padStart(7)}  ${s.rating.ordinal.toFixed(2).padStart(6)} (μ ${s.rating.mu.toFixed(1)}, σ ${s.rating.sigma.toFixed(2)})`,
    ),
    ...r.state.rounds.map(
      (round) => `  round ${round.round} root ${round.sealed?.merkleRoot ?? "(not sealed)"}`,
    ),
    `  signed by Ed25519 key ${r.keyId}: ${r.publicKey}`,
    `  audit: pnpm boroughs verify --tournament ${r.tournamentId}`,
  ]
  return lines.join("\n")
}
