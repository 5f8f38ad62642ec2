/**
 * Time to Live: the sweep that deletes expired items through the write path, indexing an existing
 * table, and its two operations. Uses {@code ops.write}, {@code ops.context}, {@code ops.request},
 * {@code table}, {@code value}, {@code storage} and the root values.
 */
package io.partita.engine.internal.ops.ttl;
