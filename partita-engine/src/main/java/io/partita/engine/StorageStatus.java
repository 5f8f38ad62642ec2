package io.partita.engine;

import java.time.Instant;

/**
 * Whether a database's storage can write now ({@link Partita#storageStatus()}).
 *
 * @param writable whether writes work
 * @param problem why they do not, in words fit for a client (never a path); null when writable
 * @param failingSince when writes started failing; null when writable
 * @param failedWrites writes refused by a storage fault since the database was opened
 * @param recoveries times the storage recovered from a fault by itself since the database was opened
 */
public record StorageStatus(boolean writable, String problem, Instant failingSince, long failedWrites,
    long recoveries) {}
