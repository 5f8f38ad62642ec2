/**
 * partita-model's public API for single-table modeling on any {@code DynamoDbClient}: the model
 * ({@code Model}, {@code Entity}, {@code AccessPattern}, {@code TableSchema}), its clients, updates,
 * conditions, transactions, batches and exceptions (docs/api.md lists them). Everything it does is
 * in {@code internal}, which no public signature here shows.
 */
package io.partita.model;
