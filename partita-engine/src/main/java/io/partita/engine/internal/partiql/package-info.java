/**
 * PartiQL: statements parsed, planned against their table and turned into the item operations'
 * commands, with no request object in between. Uses {@code ops.write}, {@code ops.read}, {@code
 * ops.transact} and the rooms below them.
 */
package io.partita.engine.internal.partiql;
