import { type Client, makeClient } from "@boroughs/protocol"
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { classify, type Fetched } from "./fetched"

export { classify, type Fetched } from "./fetched"

/**
 * Runs one call of the typed protocol client against `baseUrl`: as a spectator, or as the seat whose token
 * is given (a play page's server side, with the token from the person's cookie).
 */
export const fetchFrom = <A, E>(
  baseUrl: string,
  call: (client: Client) => Effect.Effect<A, E>,
  token?: string,
): Promise<Fetched<A>> =>
  Effect.runPromise(
    makeClient({ baseUrl, token }).pipe(
      Effect.flatMap(call),
      Effect.map((value): Fetched<A> => ({ kind: "ok", value })),
      Effect.catch((error) => Effect.succeed(classify(error))),
      Effect.catchDefect((defect) => Effect.succeed(classify(defect))),
      Effect.provide(FetchHttpClient.layer),
    ),
  )
