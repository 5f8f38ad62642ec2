package io.partita.server.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * MCP's stdio transport, as {@code partita mcp} serves it to an agent that started it (from its own
 * database, or relayed to a running server's {@code /mcp} with {@code --endpoint}): one JSON-RPC
 * message a line on standard input, each answer a line on standard output, until input ends. Nothing
 * else may be written to that output: the command sends everything else (logs, warnings) to standard
 * error.
 */
public final class McpStdio {
  private McpStdio() {}

  /** Answers the messages read from {@code in} on {@code out} until {@code in} ends. */
  public static void serve(McpServer server, InputStream in, OutputStream out) throws IOException {
    serve(server::answer, in, out);
  }

  /**
   * Answers each message read from {@code in} with {@code answer}'s answer to it (none when it gives
   * null) on {@code out}, until {@code in} ends: a server's, or a relay's to a running server.
   */
  public static void serve(java.util.function.UnaryOperator<String> answer, InputStream in, OutputStream out)
      throws IOException {
    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    PrintStream answers = new PrintStream(out, false, StandardCharsets.UTF_8);
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      String a = answer.apply(line);
      if (a != null) {
        answers.print(a);
        answers.print('\n');
        answers.flush();
      }
    }
  }
}
