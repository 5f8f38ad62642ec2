/**
 * The server's HTTP side on Netty: the pipeline ({@code HttpServer}), one connection's life ({@code
 * DynamoDbHttpHandler}), who may be served ({@code Gate}), which endpoint answers ({@code Router})
 * and the endpoints, one class each. Uses {@code wire} (the API's requests and answers), {@code
 * access}, {@code auth} (a request as it was signed), {@code observe}, {@code mcp} (what {@code /mcp} answers, made
 * at its first request), the server's root ({@code
 * Authenticator}, {@code Latency}) and the engine's API.
 */
package io.partita.server.http;
