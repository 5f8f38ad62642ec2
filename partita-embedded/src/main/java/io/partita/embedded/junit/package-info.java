/**
 * A JUnit 5 extension ({@code PartitaExtension}) that hands tests an in-memory Partita as a {@code
 * DynamoDbClient}. Uses {@code io.partita.embedded} and the engine's public API.
 */
package io.partita.embedded.junit;
