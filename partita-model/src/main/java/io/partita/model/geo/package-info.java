/**
 * Geohashes and "what is near here" searches over an access pattern ({@code Nearby}). Uses {@code
 * io.partita.model}'s public API and {@code fanout}.
 */
package io.partita.model.geo;
