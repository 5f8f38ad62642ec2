/**
 * Export to and import from files (DynamoDB JSON, Ion, CSV; S3's layout): the operations and the
 * {@code partita export}/{@code import}/{@code seed} commands' work. Uses {@code ops.write}, {@code
 * ops.schema}, {@code ops.context}, {@code backup}, {@code table}, {@code value}, {@code storage}
 * and the root values.
 */
package io.partita.engine.internal.transfer;
