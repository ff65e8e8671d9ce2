import type { AnyGame } from "@boroughs/core"
import { bluffDice } from "@boroughs/core/fixture"
import { EventStore } from "@boroughs/store"
import { Effect, Layer } from "effect"
import { GameEngine } from "../GameEngine.js"
import { LiveGames } from "../LiveGames.js"
import { LiveTail } from "../LiveTail.js"
import { migrateServer } from "../migrateServer.js"

/** The games engine tests play: the kernel's fixture. */
export const testGames: Record<string, AnyGame> = { "bluff-dice": bluffDice }
export const findTestGame = (id: string) => testGames[id]
export const knownTestGames = () => Object.keys(testGames)

/** Engine, tailer and live games over a store layer, with the server tables migrated (the fixture by default). */
export const liveStack = <Out, E, R>(
  store: Layer.Layer<Out, E, R>,
  games: {
    readonly findGame: (id: string) => AnyGame | undefined
    readonly knownGames: () => ReadonlyArray<string>
  } = { findGame: findTestGame, knownGames: knownTestGames },
) => {
  const migrated = Layer.effectDiscard(
    Effect.gen(function* () {
      yield* migrateServer((yield* EventStore).db)
    }),
  )
  const live = Layer.mergeAll(
    GameEngine.layer(games.findGame, games.knownGames),
    LiveGames.layer(games.findGame, games.knownGames),
  ).pipe(Layer.provideMerge(LiveTail.layer))
  return Layer.mergeAll(live, migrated).pipe(Layer.provideMerge(store))
}

/** Polls until `check` holds (or throws after `timeoutMs`). */
export const eventually = async (check: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
