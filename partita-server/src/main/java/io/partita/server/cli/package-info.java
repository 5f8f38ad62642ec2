/**
 * The {@code partita} command line (picocli): {@code serve}, {@code demo}, {@code seed}, {@code
 * export}, {@code import}, {@code hot-keys}, {@code snapshot}, {@code mcp}, {@code warmup}, and their options. Uses {@code
 * io.partita.server} and its {@code access}, {@code auth}, {@code observe} and {@code mcp} rooms, the embedded
 * client and the engine (with its {@code internal.storage} and {@code internal.transfer}).
 */
package io.partita.server.cli;
