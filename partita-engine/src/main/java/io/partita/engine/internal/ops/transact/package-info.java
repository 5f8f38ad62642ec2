/**
 * TransactWriteItems and TransactGetItems: all of the single-item commands or none, and the
 * cancellation reasons. Uses {@code ops.read}, {@code ops.write} and the rooms below them.
 */
package io.partita.engine.internal.ops.transact;
