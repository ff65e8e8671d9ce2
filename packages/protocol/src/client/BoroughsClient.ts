import { Context, type Effect, Layer } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { BoroughsApi } from "../Api.js"

/** Where the server is and who is calling (no token: a spectator). */
export interface ClientOptions {
  /** e.g. `http://localhost:8080` (no trailing `/api`). */
  readonly baseUrl: string
  readonly token?: string | undefined
}

/** Adds the bearer token to every request of an HttpClient. */
export const withToken =
  (token: string | undefined) =>
  (client: HttpClient.HttpClient): HttpClient.HttpClient =>
    token === undefined ? client : HttpClient.mapRequest(client, HttpClientRequest.bearerToken(token))

/**
 * The typed client of the JSON endpoints, derived from the HttpApi definition: one method per endpoint,
 * grouped (`client.games.command({ params: { gameId }, payload })`). Failures are the API's tagged errors
 * (`RuleViolation`, `Conflict`…) or the HttpClient's. Runs anywhere an `HttpClient` does: provide
 * `FetchHttpClient.layer` in browsers and Node alike. For the live streams see `watchGame`/`botEvents`.
 */
export const makeClient = (options: ClientOptions) =>
  HttpApiClient.make(BoroughsApi, { baseUrl: options.baseUrl, transformClient: withToken(options.token) })

/** The client's type. */
export type Client = Effect.Success<ReturnType<typeof makeClient>>

/** The client as a service, for programs that take it from their context. */
export class BoroughsClient extends Context.Service<BoroughsClient, Client>()(
  "@boroughs/protocol/BoroughsClient",
) {
  /** The service for one server and token; needs an HttpClient (e.g. `FetchHttpClient.layer`). */
  static readonly layer = (
    options: ClientOptions,
  ): Layer.Layer<BoroughsClient, never, HttpClient.HttpClient> =>
    Layer.effect(BoroughsClient, makeClient(options))
}
