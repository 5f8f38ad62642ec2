/**
 * The engine's lowest room: the ordered key-value {@code Store} contract and RocksDB behind it
 * ({@code RocksStore}, composed of one file per concern: options, the open database, health, statistics,
 * a simulated crash, the consistency lag, tombstone compaction, readers), the plain-Java {@code
 * MemoryStore}, the keyspace's regions, whole images of a store by name ({@code StoreImages}) and the
 * faults tests inject. Uses RocksDB and no other
 * package of Partita.
 */
package io.partita.engine.internal.storage;
