/**
 * The vector indexes held in memory ({@code VectorMirror}: flat float arrays per HASH value, exact
 * k-nearest-neighbour search), their scores ({@code Distance}), what an item means to them and the
 * checks of its vector ({@code VectorItems}), and the registry of them ({@code VectorIndexes}). Derived
 * from the table's items, never stored. Uses {@code table}, {@code value} and the root values.
 */
package io.partita.engine.internal.vector;
