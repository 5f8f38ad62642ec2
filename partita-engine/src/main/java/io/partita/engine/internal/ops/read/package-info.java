/**
 * GetItem, Query and Scan, and what they share: a read's source (the table's items or one index's
 * entries), its page and the key read. Uses {@code ops.context}, {@code ops.request}, {@code
 * answer}, {@code expr}, {@code table}, {@code value}, {@code storage} and the root values.
 */
package io.partita.engine.internal.ops.read;
