package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * {@code partita mcp --endpoint URL}: each message an agent sends on standard input, POSTed to a
 * running server's {@code /mcp} and its answer passed back, so an agent that speaks stdio only works
 * on the server's database (its registered models, its snapshots) rather than a folder of its own. A
 * message the server refuses (403 from its gate, say) is answered with a JSON-RPC error carrying the
 * server's reason.
 */
public final class McpRelay {
  /** Sends one message's text to the server; answers its HTTP answer, or throws saying why there is none. */
  public interface Sender {
    McpHttp.Answer send(String message) throws IOException;
  }

  private McpRelay() {}

  /** The answer to pass back for {@code message}, or null for none (a notification's 202). */
  public static String answer(String message, Sender sender, String where) {
    McpHttp.Answer a;
    try {
      a = sender.send(message);
    } catch (IOException e) {
      return failed(message, "no answer from " + where + ": " + e.getMessage());
    }
    String body = new String(a.body(), java.nio.charset.StandardCharsets.UTF_8).strip();
    if (a.status() == 200) {
      return body;
    }
    return a.status() == 202 ? null : failed(message, where + " answered " + a.status() + ": " + body);
  }

  /** A JSON-RPC error for {@code message} (none for a notification, which takes no answer). */
  private static String failed(String message, String why) {
    JsonNode id = null;
    try {
      JsonNode m = Engine.JSON.readTree(message);
      id = m == null ? null : m.get("id");
      if (m != null && m.isObject() && id == null) {
        System.err.println("partita mcp: " + why);
        return null;
      }
    } catch (IOException e) {
      // not JSON: answered with a null id, as the server would
    }
    return McpServer.error(id, -32000, why).toString();
  }
}
