/**
 * One SLF4J log line for every request of a {@code ModelClient} (optional: needs {@code slf4j-api}
 * on the classpath). Uses {@code io.partita.model}'s public API only.
 */
package io.partita.model.slf4j;
