/**
 * BatchGetItem and BatchWriteItem: lists of the single-item reads' and writes' work. Uses {@code
 * ops.read}, {@code ops.write} and the rooms below them.
 */
package io.partita.engine.internal.ops.batch;
