/**
 * Partita's engine and its public API ({@code Partita}, {@code Limits}, {@code PartitaException},
 * {@code ErrorCode}, {@code Faults}, {@code HotKeys}, {@code StorageStatus}); the rest is package-private.
 * The entry ({@code Partita} and what dispatches for it) uses the rooms under {@code internal}; the
 * root values use none, so every room may use them (ArchitectureTest).
 */
package io.partita.engine;
