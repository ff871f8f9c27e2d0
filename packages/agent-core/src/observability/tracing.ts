import { type Attributes, context, type Span, SpanStatusCode, trace } from "@opentelemetry/api";

/**
 * Spans around runs, turns, LLM calls and tool calls through `@opentelemetry/api`: a
 * no-op unless the host application registers an OpenTelemetry SDK. The parent is
 * passed explicitly because the loop's async steps do not share one active context.
 */
const tracer = () => trace.getTracer("@gong/agent-core");

export function startSpan(name: string, attributes: Attributes = {}, parent?: Span): Span {
  const parentContext = parent ? trace.setSpan(context.active(), parent) : context.active();
  return tracer().startSpan(name, { attributes }, parentContext);
}

export function endSpan(span: Span, error?: string): void {
  if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
  span.end();
}
