import { metrics, trace } from "@opentelemetry/api";

/** What the CLI flushes before it exits (after a success, a failure or an abort). */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry export, switched on by the standard variables: `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (traces and metrics), or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` /
 * `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT` for one signal. agent-core already emits its
 * spans and metrics through `@opentelemetry/api`; this registers the SDK that sends them
 * over OTLP/HTTP (JSON). `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` are read by
 * the SDK's env detector. The SDK is imported only here, and only then, so a run without
 * these variables (and `gong --version`) pays nothing for it.
 */
export async function startTelemetry(env: NodeJS.ProcessEnv): Promise<Telemetry | undefined> {
  const traces = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const metricsOn = Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT,
  );
  if (!traces && !metricsOn) return undefined;

  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = commonJs(
    await import("@opentelemetry/resources"),
  );
  // Later wins: OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES over gong's defaults.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": "gong" }))
    .merge(detectResources({ detectors: [envDetector] }));

  const shutdowns: (() => Promise<void>)[] = [];
  if (traces) {
    const { TracerProvider, BatchSpanProcessor } = commonJs(
      await import("@opentelemetry/sdk-trace"),
    );
    const { OTLPTraceExporter } = commonJs(await import("@opentelemetry/exporter-trace-otlp-http"));
    const provider = new TracerProvider({
      resource,
      spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
    });
    trace.setGlobalTracerProvider(provider);
    shutdowns.push(() => provider.shutdown());
  }
  if (metricsOn) {
    const { MeterProvider, PeriodicExportingMetricReader } = commonJs(
      await import("@opentelemetry/sdk-metrics"),
    );
    const { OTLPMetricExporter } = commonJs(
      await import("@opentelemetry/exporter-metrics-otlp-http"),
    );
    // One export at shutdown is what a one-shot run needs; the interval only matters
    // for long runs.
    const provider = new MeterProvider({
      resource,
      readers: [
        new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter(),
          exportIntervalMillis: 60_000,
        }),
      ],
    });
    metrics.setGlobalMeterProvider(provider);
    shutdowns.push(() => provider.shutdown());
  }
  return {
    // Flushes what is buffered; an unreachable collector costs at most the exporter's
    // timeout (OTEL_EXPORTER_OTLP_TIMEOUT, 10 s by default) and never fails the run.
    shutdown: async () => {
      await Promise.allSettled(shutdowns.map((shutdown) => shutdown()));
    },
  };
}

/**
 * The SDK packages are CommonJS. Bundled by esbuild (dist/), a dynamic import of one
 * yields `{ default: module.exports }` only; run by Node from source, the named exports
 * too. Either way, `default` holds them all.
 */
function commonJs<T extends object>(module: T): T {
  return "default" in module ? (module as { default: T }).default : module;
}
