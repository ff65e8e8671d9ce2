import { Data } from "effect"

/**
 * The caller decided on `expectedVersion` but the game has moved on (409 on the wire). Unlike a lost race
 * inside the engine, this is not retried: the command was meant for a position that no longer exists.
 */
export class StaleVersion extends Data.TaggedError("StaleVersion")<{
  readonly gameId: string
  readonly expectedVersion: number
  readonly actualVersion: number
}> {
  override get message() {
    return `the command was decided at version ${this.expectedVersion}, but game ${this.gameId} is at version ${this.actualVersion}`
  }
}
