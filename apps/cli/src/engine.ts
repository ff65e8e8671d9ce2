import { findGame, gameIds } from "@boroughs/core"
import { GameEngine } from "@boroughs/engine"
import { Cause, Effect, Layer } from "effect"
import { storeLayer } from "./db.js"
import { CliError, describeError } from "./fail.js"

/** The engine over the store `--db` names. */
export const engineLayer = (db: string | undefined) =>
  GameEngine.layer((id) => findGame(id)?.game, gameIds).pipe(Layer.provideMerge(storeLayer(db)))

/** Runs an Effect program; a typed failure becomes a CliError with one clear line. */
export const runEffect = async <A, E>(program: Effect.Effect<A, E>): Promise<A> => {
  const exit = await Effect.runPromiseExit(program)
  if (exit._tag === "Success") return exit.value
  throw new CliError(describeError(Cause.squash(exit.cause)))
}
