/**
 * On-demand backups' records and copies, and point-in-time recovery's change log, at the storage
 * level (the operations over them are {@code ops.recovery}'s). Uses {@code storage} and {@code table}.
 */
package io.partita.engine.internal.backup;
