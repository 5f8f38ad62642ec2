package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.server.mcp.McpHttp;
import io.partita.server.mcp.McpRelay;
import io.partita.server.mcp.McpServer;
import io.partita.server.mcp.McpStdio;
import io.partita.server.observe.RequestLog;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code partita mcp}: Partita's MCP server on standard input and output, for an agent an IDE starts
 * (docs/mcp.md), over a data folder or an in-memory database it opens itself, or relayed to a running
 * server's {@code /mcp} ({@code --endpoint}).
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
    description = "Serves the Model Context Protocol on standard input and output, for a coding agent that starts it:"
        + " tools to list and describe tables, read and write items, query, scan, show item collections by entity,"
        + " run a registered model's access patterns, PartiQL, snapshots and hot keys (docs/mcp.md).")
public final class McpCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR", defaultValue = "partita-data",
      description = "Data folder (default: ./${DEFAULT-VALUE}); must not be in use by a running server (its /mcp"
          + " serves the same tools).")
  Path data;

  @Option(names = "--in-memory", description = "Keep the data in memory, discarded when the agent stops the command.")
  boolean inMemory;

  @Option(names = "--read-only", description = "List and run only the tools that read; PartiQL runs SELECT only.")
  boolean readOnly;

  @Option(names = "--model", paramLabel = "TABLE=FILE",
      description = "A table's model, as partita-model's Model.describe() writes it, for the tools that group items by"
          + " entity and run access patterns. Repeat for more tables.")
  List<String> models;

  @Option(names = "--hot-keys", description = "Count the busiest partition keys, for the hot_keys tool.")
  boolean hotKeys;

  @Option(names = "--log-requests", paramLabel = "FORMAT", arity = "0..1", fallbackValue = "plain",
      description = "Log one line per DynamoDB request the tools make, and per snapshot saved, restored or deleted"
          + " and reset, to standard error (standard output is the protocol's): plain (the default when no FORMAT is"
          + " given) or json, the lines of serve --log-requests (docs/SERVER.md).")
  String logRequests;

  @Option(names = "--endpoint", paramLabel = "URL",
      description = "Relay to a running server's /mcp instead (its database, models and snapshots), signing with the"
          + " environment's AWS credentials when it asks; --data, --in-memory, --model and --hot-keys are then the"
          + " server's.")
  URI endpoint;

  @Option(names = "--region", paramLabel = "REGION",
      description = "With --endpoint, the region to sign for (default: AWS_REGION, AWS_DEFAULT_REGION or us-east-1).")
  String region;

  @Option(names = "--key", paramLabel = "ACCESS_KEY_ID",
      description = "With --endpoint, for a server that keeps a database per access key (serve --isolate keys): the"
          + " namespace whose database the tools act on, sent as ?key=ACCESS_KEY_ID (and &region= with --region).")
  String key;

  @Override
  public Integer call() throws IOException {
    if (key != null && endpoint == null) {
      return fail("--key goes with --endpoint URL: it names a running server's namespace");
    }
    RequestLog.Format logFormat;
    try {
      logFormat = logRequests == null ? null : RequestLog.Format.named(logRequests);
    } catch (IllegalArgumentException e) {
      return fail("--log-requests " + e.getMessage());
    }
    if (endpoint != null) {
      if (logFormat != null) {
        return fail("with --endpoint the server logs the tools' requests: drop --log-requests and start the server"
            + " with it");
      }
      return relay(protocolOwnsStandardOutput());
    }
    Map<String, String> schemas = new TreeMap<>();
    for (String m : models == null ? List.<String>of() : models) {
      int eq = m.indexOf('=');
      if (eq <= 0) {
        return fail("--model takes TABLE=FILE, not '" + m + "'");
      }
      Path file = Path.of(m.substring(eq + 1));
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        return fail("cannot read the model file " + file + ": " + e.getMessage());
      }
      String wrong = McpServer.checkModel(m.substring(0, eq), text);
      if (wrong != null) {
        return fail(file + ": " + wrong);
      }
      schemas.put(m.substring(0, eq), text);
    }
    PrintStream protocol = protocolOwnsStandardOutput(); // once the options are known good
    // made after that, so whatever the logging sets up as it starts can no longer write into the protocol
    RequestLog log = logFormat == null ? null : new RequestLog(logFormat);
    Partita.Options options = Partita.with().trackHotKeys(hotKeys);
    try (Partita partita = inMemory ? options.inMemory() : options.open(data)) {
      // an agent that stops its server with SIGTERM (as the SDKs do when it does not exit on end of input) still
      // leaves the data folder closed
      Thread hook = new Thread(partita::close, "partita-mcp-close");
      Runtime.getRuntime().addShutdownHook(hook);
      McpStdio.serve(McpServer.of(partita, schemas, () -> { }, readOnly, log == null ? null : log::record, null),
          System.in, protocol);
      Runtime.getRuntime().removeShutdownHook(hook);
    }
    return 0;
  }

  /** Each message relayed to the server's /mcp (or /mcp/read-only), its answer passed back. */
  private int relay(PrintStream protocol) throws IOException {
    if (models != null || inMemory || hotKeys) {
      return fail("with --endpoint the server's own database, models and hot keys are used: drop --in-memory,"
          + " --model and --hot-keys");
    }
    AdminCall server = new AdminCall();
    server.endpoint = endpoint;
    server.region = region;
    server.key = key;
    String bad = server.checkEndpoint();
    if (bad != null) {
      return fail(bad);
    }
    String path = readOnly ? "/mcp/read-only" : "/mcp";
    McpStdio.serve(message -> McpRelay.answer(message, m -> {
      try {
        HttpResponse<String> a = server.send("POST", path, m, "partita serve", "Content-Type", "application/json",
            "Accept", "application/json, text/event-stream");
        return new McpHttp.Answer(a.statusCode(), a.headers().firstValue("Content-Type").orElse(null),
            a.body().getBytes(StandardCharsets.UTF_8));
      } catch (AdminCall.NoAnswer e) {
        throw new IOException(e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
    }, endpoint.resolve(path).toString()), System.in, protocol);
    return 0;
  }

  /**
   * The protocol owns standard output: anything else printed (a log line, a warning) goes to standard
   * error from here on. Answers the stream the protocol writes to.
   */
  private static PrintStream protocolOwnsStandardOutput() {
    PrintStream protocol = System.out;
    System.setOut(System.err);
    return protocol;
  }

  private int fail(String message) {
    spec.commandLine().getErr().println("partita mcp: " + message);
    return 1;
  }
}
