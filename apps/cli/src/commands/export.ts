import { writeFile } from "node:fs/promises"
import { Streams, toNdjsonLine } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { storeLayer } from "../db.js"
import { runEffect } from "../engine.js"
import { CliError } from "../fail.js"

/** The stream of a game as NDJSON (docs/export-format.md), to a file or stdout. */
export const exportGame = async (o: { gameId: string; db?: string; out?: string }) => {
  const envelopes = await runEffect(
    Effect.gen(function* () {
      const store = yield* EventStore
      return yield* store.readStream(Streams.game(o.gameId))
    }).pipe(Effect.scoped, Effect.provide(storeLayer(o.db))),
  )
  if (envelopes.length === 0) throw new CliError(`no game with id "${o.gameId}" in this database`)
  const text = envelopes.map((e) => `${toNdjsonLine(e)}\n`).join("")
  if (o.out) await writeFile(o.out, text)
  else process.stdout.write(text)
  return envelopes.length
}
