/**
 * OneTable (and Dynatable) schemas read into a partita-model table and entities, so a Java service
 * shares a table with the TypeScript services that wrote the schema. Uses {@code io.partita.model}
 * and, of {@code internal}, its JSON reader.
 */
package io.partita.model.onetable;
