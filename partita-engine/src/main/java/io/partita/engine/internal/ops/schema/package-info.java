/**
 * Tables and their settings: create, update, delete, describe, list, index builds (global and
 * vector), SearchVectors, streams, tags, policies, and the settings Partita accepts without acting on
 * them. Uses {@code ops.context}, {@code ops.request}, {@code table}, {@code vector}, {@code expr},
 * {@code value}, {@code storage} and the root values.
 */
package io.partita.engine.internal.ops.schema;
