/**
 * Moves between models and tables: backfills with resumable checkpoints ({@code Migration}),
 * dual-write windows within one table or across a legacy one, shadow reads and the cut-over of
 * reads. Uses {@code io.partita.model}'s public API and, of {@code internal}, the record codecs (a legacy
 * table's items) and the type values that keep its records apart from the entities'.
 */
package io.partita.model.migrate;
