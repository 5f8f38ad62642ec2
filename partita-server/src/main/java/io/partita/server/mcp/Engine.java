package io.partita.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.partita.engine.HotKeys;
import io.partita.engine.Partita;
import io.partita.server.observe.Observation;
import io.partita.server.wire.Dispatcher;
import io.partita.server.wire.RequestIds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the tools act on: one database through its public API. A DynamoDB operation goes through the
 * server's own {@link Dispatcher} as a DynamoDB JSON request, so it is parsed, validated, executed and
 * refused exactly as a request on the wire is (the same error types and messages); snapshots, reset
 * and hot keys are the engine's own calls. The registered models are the server's ({@code PUT
 * /partita/schemas/TABLE}) or, for {@code partita mcp}, the files named on its command line.
 */
final class Engine {
  static final ObjectMapper JSON = new ObjectMapper();

  private final Partita partita;
  private final Dispatcher dispatcher;
  private final Map<String, String> schemas;
  private final Runnable reseed;
  /** Told each DynamoDB request the tools make (the server's request log and metrics), or null. */
  private final Consumer<Observation> observed;
  /** The namespace the requests are of, for {@link #observed}; null on a shared server. */
  private final String namespace;

  Engine(Partita partita, Map<String, String> schemas, Runnable reseed, Consumer<Observation> observed,
      String namespace) {
    this.partita = partita;
    this.dispatcher = new Dispatcher(partita);
    this.schemas = schemas;
    this.reseed = reseed;
    this.observed = observed;
    this.namespace = namespace;
  }

  /**
   * Runs a DynamoDB operation ({@code "Query"}) on its JSON request and answers its JSON response.
   *
   * @throws ToolError DynamoDB's error, when the engine refuses the request
   */
  JsonNode call(String operation, ObjectNode request) {
    try {
      byte[] body = JSON.writeValueAsBytes(request);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      // a tool's request is logged and counted as the same request over the API would be: nothing done unseen
      Observation watch = observed == null ? null : new Observation(System.nanoTime(), operation);
      if (watch != null) {
        watch.namespace(namespace);
      }
      int status = dispatcher.dispatch(Dispatcher.TARGET_PREFIX + operation, body, 0, body.length,
          Dispatcher.Output.to(out), watch);
      if (watch != null) {
        watch.finish(status, RequestIds.next(), System.nanoTime());
        observed.accept(watch);
      }
      JsonNode answer = JSON.readTree(out.toByteArray());
      if (status != 200) {
        String type = answer.path("__type").asText("InternalServerError");
        throw new ToolError(type.substring(type.indexOf('#') + 1), answer.path("message").asText(""));
      }
      return answer;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in memory, and the dispatcher writes JSON
    }
  }

  /** The registered model description (JSON text) of {@code table}, or null. */
  String schema(String table) {
    return schemas.get(table);
  }

  /** The tables with a registered model. */
  java.util.Set<String> schemaTables() {
    return schemas.keySet();
  }

  List<String> snapshots() {
    return partita.snapshots();
  }

  void snapshot(String name) {
    action("PartitaSaveSnapshot", () -> engineCall(() -> partita.snapshot(name)));
  }

  void restore(String name) {
    action("PartitaRestoreSnapshot", () -> engineCall(() -> partita.restore(name)));
  }

  /** Forgets the snapshot {@code name}: ResourceNotFoundException when there is none. */
  void deleteSnapshot(String name) {
    action("PartitaDeleteSnapshot", () -> {
      if (!partita.deleteSnapshot(name)) {
        throw new ToolError("ResourceNotFoundException", "no snapshot named '" + name + "'");
      }
    });
  }

  /** Empties the database and loads the seed given at start again. */
  void reset() {
    action("PartitaReset", () -> {
      partita.reset();
      reseed.run();
    });
  }

  /**
   * Runs one of Partita's own actions that change the database (a snapshot saved, restored or
   * deleted, a reset), logged and counted as a DynamoDB request is, under {@code operation}: what an
   * agent changes is in the request log and the metrics like everything else it does.
   */
  private void action(String operation, Runnable run) {
    if (observed == null) {
      run.run();
      return;
    }
    long start = System.nanoTime();
    // what an exception other than a refusal leaves: the server's own fault
    int status = 500;
    String error = "InternalServerError";
    try {
      run.run();
      status = 200;
      error = null;
    } catch (ToolError e) {
      status = 400;
      error = e.type();
      throw e;
    } finally {
      observed.accept(Observation.ofAction(operation, namespace, start, status, error, RequestIds.next()));
    }
  }

  /** Each table's {@code top} busiest keys, or null when the database does not count them. */
  List<HotKeys.HotKey> hotKeys(int top) {
    return partita.tracksHotKeys() ? partita.hotKeys(top) : null;
  }

  /** The engine's refusal of a snapshot's name (or of a name it has none of) as DynamoDB's error. */
  private static void engineCall(Runnable call) {
    try {
      call.run();
    } catch (IllegalArgumentException e) {
      String m = e.getMessage() == null ? "" : e.getMessage();
      throw new ToolError(e instanceof io.partita.engine.NoSuchSnapshotException ? "ResourceNotFoundException"
          : "ValidationException", m);
    }
  }
}
