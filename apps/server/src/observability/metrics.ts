import type { EventStore } from "@boroughs/store"
import { Effect, Metric } from "effect"
import { PrometheusMetrics } from "effect/observability"

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Requests answered, by endpoint (`unknown` for none) and status. */
export const httpRequests = Metric.counter("boroughs_http_requests_total", {
  description: "HTTP requests answered, by endpoint and status",
  incremental: true,
})

/** How long requests took to answer (streams: until their headers and first frames). */
export const httpSeconds = Metric.histogram("boroughs_http_request_duration_seconds", {
  description: "Time to answer an HTTP request, by endpoint",
  boundaries: SECONDS,
})

/** Appends to the log by stream type: a `game` append is one command's events (or a game's creation). */
export const appends = Metric.counter("boroughs_appends_total", {
  description: "Appends to the event log, by stream type and outcome",
  incremental: true,
})

/** Append latency, from the call to the commit (or refusal). */
export const appendSeconds = Metric.histogram("boroughs_append_duration_seconds", {
  description: "Time to append to the event log, by stream type",
  boundaries: SECONDS,
})

/** Default moves the turn clock played for seats whose time ran out. */
export const clockMoves = Metric.counter("boroughs_clock_moves_total", {
  description: "Default commands played by the turn clock",
  incremental: true,
})

/** Open SSE and bot streams on this process. */
export const openStreams = Metric.gauge("boroughs_open_streams", {
  description: "Open spectator (SSE) and bot (NDJSON) streams on this process",
})

/** How far each projection is behind the log: the age of the oldest event it has not applied. */
export const projectionLag = Metric.gauge("boroughs_projection_lag_seconds", {
  description: "Age of the oldest event each projection has not applied yet (0 when caught up)",
})

/**
 * The store, measured: each append's latency and outcome by stream type, and the clock's default moves
 * (appends whose actor is `clock`). Nothing else changes.
 */
export const instrumentStore = (store: EventStore["Service"]): EventStore["Service"] => ({
  ...store,
  append: (request) => {
    const started = performance.now()
    const type = { stream_type: request.streamType }
    return store.append(request).pipe(
      Effect.onExit((exit) => {
        const outcome =
          exit._tag === "Success" ? (exit.value.duplicate ? "duplicate" : "appended") : "refused"
        const clock =
          exit._tag === "Success" && !exit.value.duplicate && request.events[0]?.metadata?.actor === "clock"
        return Effect.all(
          [
            Metric.update(Metric.withAttributes(appends, { ...type, outcome }), 1),
            Metric.update(Metric.withAttributes(appendSeconds, type), (performance.now() - started) / 1000),
            clock ? Metric.update(clockMoves, 1) : Effect.void,
          ],
          { discard: true },
        )
      }),
    )
  },
})

/** The Prometheus exposition of every metric, with the gauges read now. */
export const metricsText = (gauges: Effect.Effect<void>) => Effect.andThen(gauges, PrometheusMetrics.format())
