/**
 * The catalog of tables ({@code Catalog}) and what is stored of each: its definition ({@code
 * TableDef}, its indexes, stream, Time to Live, policies) and their encoding. Uses {@code storage},
 * {@code value} and the root values.
 */
package io.partita.engine.internal.table;
