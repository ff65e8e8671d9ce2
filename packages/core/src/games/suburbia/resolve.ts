/**
 * Tile effect resolution (rulespal ✔, both editions): 1 pay; 2 the placed tile's immediate effects; 3 its
 * conditional effects; 4 the conditional effects of adjacent tiles; 5 those of the other tiles of the
 * borough; 6 other players' tiles affecting you (none: an effect always moves its owner's tracks); 7 the
 * tiles of the other boroughs, clockwise from the player. Within a group, tiles resolve in placement order
 * and each tile's effects in printed order. Every movement is recorded with its cause.
 */

import { type Effect, type Matchable, matches } from "./effects.js"
import type { Cause, Change } from "./events.js"
import { adjacent } from "./hex.js"
import { Ledger } from "./ledger.js"
import { boroughRules, defOf, type RulesTile, sourceOf } from "./placed.js"
import type { Board, PlacedTile } from "./state.js"

/** A payment at the start of a resolution. */
export interface Payment {
  readonly item: "tile" | "surcharge" | "investment" | "dale-price"
  readonly amount: number
}

const effectCause = (
  t: PlacedTile,
  effect: number,
  of: ReadonlyArray<number>,
  multiplier: number,
  investment: boolean,
  count = of.length,
): Cause => ({
  kind: "effect",
  pid: t.pid,
  tile: sourceOf(t),
  effect,
  count,
  multiplier,
  of,
  line: null,
  investment,
})

/**
 * The placements an `each` effect of tile `self` (in `owner`'s borough) counts right now: its neighbours,
 * the owner's tiles, every tile, the other boroughs' tiles, or the owner's lake–tile pairs (listed by lake).
 * `own` is the owner's borough as it stands during this step and `ownDefs` its tiles' rules tiles.
 */
export const counted = (
  board: Board,
  own: ReadonlyArray<PlacedTile>,
  ownDefs: ReadonlyArray<RulesTile>,
  owner: number,
  self: PlacedTile,
  e: Extract<Effect, { trigger: "each" }>,
): number[] => {
  const of: number[] = []
  switch (e.scope) {
    case "adjacent":
      own.forEach((t, i) => {
        if (t !== self && adjacent(t, self) && matches(e.filter, ownDefs[i] as RulesTile)) of.push(t.pid)
      })
      return of
    case "own":
      own.forEach((t, i) => {
        if (matches(e.filter, ownDefs[i] as RulesTile)) of.push(t.pid)
      })
      return of
    case "every":
    case "others":
      for (let p = 0; p < board.players.length; p++) {
        if (e.scope === "others" && p === owner) continue
        const tiles = p === owner ? own : (board.players[p]?.tiles ?? [])
        const defs = p === owner ? ownDefs : boroughRules(tiles).defs
        tiles.forEach((t, i) => {
          if (matches(e.filter, defs[i] as RulesTile)) of.push(t.pid)
        })
      }
      return of
    case "lakeside":
      for (const lake of own) {
        if (!lake.lake) continue
        own.forEach((t, i) => {
          if (adjacent(t, lake) && matches(e.filter, ownDefs[i] as RulesTile)) of.push(lake.pid)
        })
      }
      return of
  }
}

/**
 * The placements of tile `y`'s effect `e` that a new placement `x` in `y`'s own borough adds — empty when
 * the effect does not react to it. `own` is the borough with `x` in it and `ownDefs` its rules tiles.
 */
const reacting = (
  own: ReadonlyArray<PlacedTile>,
  ownDefs: ReadonlyArray<RulesTile>,
  y: PlacedTile,
  e: Effect,
  x: PlacedTile,
  xDef: Matchable,
): ReadonlyArray<number> => {
  if (e.trigger === "each-later") return matches(e.filter, xDef) ? [x.pid] : NONE
  if (e.trigger !== "each") return NONE
  switch (e.scope) {
    case "adjacent":
      return adjacent(x, y) && matches(e.filter, xDef) ? [x.pid] : NONE
    case "own":
    case "every":
      return matches(e.filter, xDef) ? [x.pid] : NONE
    case "others":
      return NONE
    case "lakeside": {
      const of: number[] = []
      if (x.lake) {
        own.forEach((t, i) => {
          if (t !== x && adjacent(t, x) && matches(e.filter, ownDefs[i] as RulesTile)) of.push(x.pid)
        })
      } else if (matches(e.filter, xDef)) for (const t of own) if (t.lake && adjacent(t, x)) of.push(t.pid)
      return of
    }
  }
}
const NONE: ReadonlyArray<number> = []

/** Applies every effect of tile `y` that reacts to placement `x` in its own borough (steps 4 and 5). */
const react = (
  ledger: Ledger,
  own: ReadonlyArray<PlacedTile>,
  ownDefs: ReadonlyArray<RulesTile>,
  owner: number,
  y: PlacedTile,
  yDef: RulesTile,
  x: PlacedTile,
  xDef: Matchable,
): void => {
  for (const { index, effect } of yDef.reactions) {
    const of = reacting(own, ownDefs, y, effect, x, xDef)
    if (of.length === 0) continue
    const multiplier = y.invested ? 2 : 1
    ledger.add(
      owner,
      effect.stat,
      effect.amount * of.length * multiplier,
      effectCause(y, index, of, multiplier, false),
    )
  }
}

/**
 * Applies every effect of `owner`'s tiles that reacts to placement `x` in another borough (step 7): only
 * `every`, `others` and `each-later` effects do, each counting `x` once when it matches.
 */
const reactElsewhere = (
  ledger: Ledger,
  owner: number,
  tiles: ReadonlyArray<PlacedTile>,
  x: PlacedTile,
  xDef: Matchable,
): void => {
  for (const { tile: y, index, effect } of boroughRules(tiles).reactionsToOthers) {
    if (!matches(effect.filter, xDef)) continue
    const multiplier = y.invested ? 2 : 1
    ledger.add(
      owner,
      effect.stat,
      effect.amount * multiplier,
      effectCause(y, index, [x.pid], multiplier, false),
    )
  }
}

/** A tile about to be placed: who, what, where, and what it costs. */
export interface Placement {
  readonly player: number
  readonly tile: string
  readonly lake: boolean
  readonly q: number
  readonly r: number
  readonly payments: ReadonlyArray<Payment>
}

/** The changes a placement makes, in resolution order (the board is the one before the placement). */
export const resolvePlacement = (board: Board, p: Placement): Change[] => {
  const { player } = p
  const borough = board.players[player]
  if (!borough) throw new Error(`suburbia: no player ${player}`)
  const placed: PlacedTile = {
    pid: board.nextPid,
    tile: p.tile,
    lake: p.lake,
    q: p.q,
    r: p.r,
    invested: false,
    linesAtPlacement: borough.linesUp,
  }
  const { tiles } = borough
  const tileDefs = boroughRules(tiles).defs
  const def = defOf(placed)
  const own = [...tiles, placed]
  const ownDefs = [...tileDefs, def]
  const tilesOf = (i: number) => (i === player ? own : (board.players[i]?.tiles ?? []))
  const ledger = new Ledger(board, tilesOf)
  for (const pay of p.payments) ledger.add(player, "money", -pay.amount, { kind: "cost", item: pay.item })
  // 2. immediate, then 3. conditional effects of the placed tile.
  def.effects.forEach((e, i) => {
    if (e.trigger === "immediate")
      ledger.add(player, e.stat, e.amount, effectCause(placed, i, [], 1, false, 1))
  })
  def.effects.forEach((e, i) => {
    if (e.trigger !== "each") return
    const of = counted(board, own, ownDefs, player, placed, e)
    if (of.length > 0) ledger.add(player, e.stat, e.amount * of.length, effectCause(placed, i, of, 1, false))
  })
  // 4. adjacent tiles, then 5. the rest of the borough.
  tiles.forEach((y, i) => {
    if (adjacent(y, placed)) react(ledger, own, ownDefs, player, y, tileDefs[i] as RulesTile, placed, def)
  })
  tiles.forEach((y, i) => {
    if (!adjacent(y, placed)) react(ledger, own, ownDefs, player, y, tileDefs[i] as RulesTile, placed, def)
  })
  // 7. the other boroughs, clockwise from the player.
  const n = board.players.length
  for (let k = 1; k < n; k++) {
    const other = (player + k) % n
    reactElsewhere(ledger, other, board.players[other]?.tiles ?? [], placed, def)
  }
  return ledger.changes
}

/**
 * The changes an investment marker on `target` makes (rule text, "Placing an Investment Marker"): pay the
 * tile's cost again ($0 for a lake), then apply each of its effects once more with everything it has
 * answered to so far — immediate effects, `each` counts as they stand, tiles placed since it for
 * `each-later`, red lines crossed since it for `red-line` — so the tile stands doubled from its placement
 * on. No other tile reacts.
 */
export const resolveInvestment = (board: Board, player: number, target: PlacedTile): Change[] => {
  const borough = board.players[player]
  if (!borough) throw new Error(`suburbia: no player ${player}`)
  const invested: PlacedTile = { ...target, invested: true }
  const own = borough.tiles.map((t) => (t.pid === target.pid ? invested : t))
  // An investment changes no tile's kind: the borough's rules tiles still line up with `own`.
  const ownDefs = boroughRules(borough.tiles).defs
  const tilesOf = (i: number) => (i === player ? own : (board.players[i]?.tiles ?? []))
  const ledger = new Ledger(board, tilesOf)
  const def = defOf(target)
  ledger.add(player, "money", -def.cost, { kind: "cost", item: "investment" })
  def.effects.forEach((e, i) => {
    switch (e.trigger) {
      case "immediate":
        ledger.add(player, e.stat, e.amount, effectCause(invested, i, [], 1, true, 1))
        return
      case "each": {
        const of = counted(board, own, ownDefs, player, invested, e)
        if (of.length > 0)
          ledger.add(player, e.stat, e.amount * of.length, effectCause(invested, i, of, 1, true))
        return
      }
      case "each-later": {
        const of: number[] = []
        for (let p = 0; p < board.players.length; p++)
          for (const t of tilesOf(p)) if (t.pid > target.pid && matches(e.filter, defOf(t))) of.push(t.pid)
        if (of.length > 0)
          ledger.add(player, e.stat, e.amount * of.length, effectCause(invested, i, of, 1, true))
        return
      }
      case "red-line": {
        const lines = borough.linesUp - target.linesAtPlacement
        if (lines > 0)
          ledger.add(player, e.stat, e.amount * lines, effectCause(invested, i, [], 1, true, lines))
        return
      }
    }
  })
  return ledger.changes
}
