/**
 * What a request means before anything runs: the API's declared constraints, request parameters,
 * keys, an item's index entries and the capacity an operation consumes. Uses {@code storage},
 * {@code value}, {@code table}, {@code vector} (an item's vector checks), {@code expr} and the root values.
 */
package io.partita.engine.internal.ops.request;
