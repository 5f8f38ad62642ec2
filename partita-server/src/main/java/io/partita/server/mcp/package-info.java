/**
 * Partita's MCP server (the Model Context Protocol), for coding agents: {@code partita mcp} on
 * standard input and output ({@link io.partita.server.mcp.McpStdio}) and the server's {@code /mcp}
 * over streamable HTTP ({@link io.partita.server.mcp.McpHttp}, reached through the http package's
 * router and gate like the admin API), both answered by one {@link io.partita.server.mcp.McpServer}.
 * Its tools list and describe tables, read and write items, query and scan with paging, show an item
 * collection grouped by entity with its keys decoded against the registered model, list and run that
 * model's access patterns, run PartiQL, save and restore snapshots and list hot keys (docs/mcp.md).
 *
 * <p>Why not the official MCP Java SDK ({@code io.modelcontextprotocol.sdk:mcp}): its transports are
 * its own (stdio, and HTTP on a servlet container or its own server), none of them a handler in our
 * Netty pipeline behind {@code Gate}, and it brings Reactor, a JSON-schema validator and a second
 * Jackson. What a tools-only server needs of the protocol is four JSON-RPC methods
 * ({@code initialize}, {@code ping}, {@code tools/list}, {@code tools/call}) on Jackson, already
 * here; the official TypeScript SDK is the client in the end-to-end test (McpSdkClientTest), so the
 * protocol is checked against the SDK's own reading of it.
 *
 * <p>Every DynamoDB operation a tool runs goes through the server's {@code Dispatcher} as a DynamoDB
 * JSON request, so it is checked and refused exactly as on the wire, with DynamoDB's error types.
 * Nothing of this package is loaded until {@code /mcp} is first called or {@code partita mcp} runs.
 * It uses the engine's API, the {@code wire} package's dispatcher, Jackson, and the command line's version
 * ({@code cli.PartitaCommand.version()}) for its server info.
 */
package io.partita.server.mcp;
