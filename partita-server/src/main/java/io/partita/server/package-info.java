/**
 * DynamoDB's wire protocol in front of the Partita engine: the server as a whole ({@code
 * PartitaServer}, its {@code ServerConfig}) and what its rooms share ({@code Authenticator}, {@code
 * Latency}). Assembles {@code http}, {@code wire}, {@code access}, {@code auth} and {@code observe}
 * on the engine's API (and {@code internal.table}'s one rule for a region name).
 */
package io.partita.server;
