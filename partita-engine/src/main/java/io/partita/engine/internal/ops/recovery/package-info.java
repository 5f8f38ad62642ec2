/**
 * On-demand backups, continuous backups and restores: a restore writes through {@code ops.write}
 * and creates its table through {@code ops.schema}. Uses those, {@code backup} and the rooms below.
 */
package io.partita.engine.internal.ops.recovery;
