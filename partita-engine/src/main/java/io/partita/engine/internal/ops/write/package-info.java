/**
 * Item writes: the immutable commands ({@code WriteCommand}), their one validator ({@code
 * WriteCommands}), the one write path ({@code ReadModifyWrite}), PutItem, UpdateItem, DeleteItem and
 * Time to Live's index ({@code ExpiryIndex}). Uses {@code ops.context}, {@code ops.request}, {@code
 * expr}, {@code table}, {@code vector} (the in-memory vector indexes each write keeps), {@code value},
 * {@code storage} and the root values.
 */
package io.partita.engine.internal.ops.write;
