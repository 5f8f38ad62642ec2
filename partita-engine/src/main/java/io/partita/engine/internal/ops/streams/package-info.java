/**
 * DynamoDB Streams' reads of the stream log {@code ops.context} keeps. Uses {@code ops.context},
 * {@code table}, {@code storage} and the root values.
 */
package io.partita.engine.internal.ops.streams;
