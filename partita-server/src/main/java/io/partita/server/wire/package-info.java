/**
 * DynamoDB's JSON wire protocol: a request body read into the SDK's request ({@code
 * SdkJsonReader}), dispatched to the engine ({@code Dispatcher}), and its answer or error written
 * ({@code SdkJsonWriter}, {@code WireErrors}), items straight from their stored bytes. Uses the
 * engine (its API, {@code internal.answer}, {@code internal.value}, {@code internal.ops.request}),
 * the embedded module's {@code HttpStatuses} and {@code observe}; nothing of HTTP.
 */
package io.partita.server.wire;
