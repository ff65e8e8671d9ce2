import { Duration, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { OtlpSerialization, OtlpTracer } from "effect/observability"

/** Where spans go: OpenTelemetry's standard variables, or nowhere when no endpoint is set. */
export const otlpTracesUrl = (env: NodeJS.ProcessEnv): string | undefined => {
  if (env.OTEL_SDK_DISABLED === "true" || env.OTEL_TRACES_EXPORTER === "none") return undefined
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT
  return base ? `${base.replace(/\/+$/, "")}/v1/traces` : undefined
}

/**
 * Exports the server's spans (one per request, the engine's per command) over OTLP/HTTP JSON when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; nothing otherwise. The
 * service is `OTEL_SERVICE_NAME` (default `boroughs-server`), tagged with this process's node name.
 */
export const tracingLayer = (node: string, env: NodeJS.ProcessEnv = process.env) => {
  const url = otlpTracesUrl(env)
  if (url === undefined) return Layer.empty
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY)
  return OtlpTracer.layer({
    url,
    resource: {
      serviceName: env.OTEL_SERVICE_NAME || "boroughs-server",
      attributes: { "service.instance.id": node },
    },
    ...(Number.isFinite(delay) && delay > 0 ? { exportInterval: Duration.millis(delay) } : {}),
  }).pipe(Layer.provide([OtlpSerialization.layerJson, FetchHttpClient.layer]))
}
