/**
 * Watching a running server: the request log ({@link io.partita.server.observe.RequestLog}), the
 * Prometheus metrics ({@link io.partita.server.observe.ServerMetrics}) and what both read from a
 * request and its answer ({@link io.partita.server.observe.Observation}). None of it runs unless
 * the server is configured with it (docs/SERVER.md). Uses the engine's API only.
 */
package io.partita.server.observe;
