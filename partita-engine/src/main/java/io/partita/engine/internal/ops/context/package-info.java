/**
 * What every operation works with ({@code EngineContext}: store, catalog, clock, limits) and the
 * per-database state it holds: item locks, item collections' sizes, transactions, the stream log
 * and the base of background work. Uses {@code storage}, {@code value}, {@code table}, {@code
 * backup}, {@code vector} (the vector indexes held in memory), {@code ops.request} and the root values.
 */
package io.partita.engine.internal.ops.context;
