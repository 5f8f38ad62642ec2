/**
 * Micrometer meters for every request of a {@code ModelClient} (optional: needs Micrometer on the
 * classpath). Uses {@code io.partita.model}'s public API only.
 */
package io.partita.model.micrometer;
