/**
 * What one request did, counted where it happened ({@code Served}): the tables it named, the
 * capacity each table and index consumed, the items, the partition keys; and the request's meter
 * ({@code Served.Meter}) the paths ask before they spend a unit. The lowest room: it knows nothing
 * of the engine but its exception, so every room may count into it.
 */
package io.partita.engine.served;
