package io.partita.server.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code partita hot-keys}: asks a running server ({@code partita serve --hot-keys}) for each
 * table's most-read and most-written partition keys at {@code GET /partita/hot-keys} and prints
 * them as a table, or as the server's JSON.
 */
@Command(name = "hot-keys", mixinStandardHelpOptions = true,
    description = "Lists each table's most-read and most-written partition keys over the current and the previous"
        + " minute, from a server started with `partita serve --hot-keys`.")
public final class HotKeysCommand implements Callable<Integer> {
  private static final String[] HEADINGS = {"PARTITION KEY", "READS", "WRITES"};

  @Spec CommandSpec spec;

  @Mixin AdminCall server;

  @Option(names = "--top", paramLabel = "N",
      description = "Keys listed per table, 1 to 100 (default: the server's, 10).")
  Integer top;

  @Option(names = "--json", description = "Print the server's JSON answer as it is.")
  boolean json;


  @Override
  public Integer call() throws InterruptedException {
    String bad = server.checkEndpoint();
    if (bad != null) {
      return fail(bad);
    }
    String path = "/partita/hot-keys" + (top == null ? "" : "?top=" + top);
    URI uri = server.endpoint.resolve(path);
    HttpResponse<String> answer;
    try {
      answer = server.send("GET", path, "partita serve --hot-keys");
    } catch (AdminCall.NoAnswer e) {
      return fail(e.getMessage());
    }
    String body = answer.body().strip();
    if (answer.statusCode() != 200) {
      // the server's reason, such as how to turn hot keys on or what top may be, on one line
      return fail(server.endpoint + " answered " + answer.statusCode() + ": " + body.replaceAll("\\s+", " "));
    }
    List<String[]> keys = parse(body);
    if (keys == null) {
      return fail(uri + " answered something other than a list of hot keys: is it a Partita server?");
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(body);
    } else {
      print(keys, out);
    }
    out.flush();
    return 0;
  }

  /** The listing's keys, each {table, partition key, reads, writes}; null if {@code body} is no listing. */
  private static List<String[]> parse(String body) {
    try (JsonParser p = new JsonFactory().createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME
          || !"HotKeys".equals(p.currentName()) || p.nextToken() != JsonToken.START_ARRAY) {
        return null;
      }
      List<String[]> keys = new ArrayList<>();
      while (p.nextToken() == JsonToken.START_OBJECT) {
        String[] k = new String[4];
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          int field = List.of("TableName", "PartitionKey", "Reads", "Writes").indexOf(p.currentName());
          p.nextToken();
          if (field >= 0) {
            k[field] = p.getText();
          } else {
            p.skipChildren();
          }
        }
        if (Arrays.asList(k).contains(null)) {
          return null;
        }
        keys.add(k);
      }
      return keys;
    } catch (IOException e) {
      return null;
    }
  }

  /** One block a table: its name, then a row a key, numbers aligned right. */
  private static void print(List<String[]> keys, PrintWriter out) {
    if (keys.isEmpty()) {
      out.println("No partition key was read or written in the current or the previous minute.");
      return;
    }
    Map<String, List<String[]>> tables = new LinkedHashMap<>();
    for (String[] k : keys) {
      tables.computeIfAbsent(k[0], t -> new ArrayList<>()).add(new String[] {k[1], k[2], k[3]});
    }
    out.println("Hot keys over the current and the previous minute, most used first:");
    tables.forEach((table, rows) -> {
      int[] width = new int[HEADINGS.length];
      for (String[] row : rows) {
        for (int i = 0; i < width.length; i++) {
          width[i] = Math.max(Math.max(width[i], HEADINGS[i].length()), row[i].length());
        }
      }
      out.println();
      out.println(table);
      out.println(row(HEADINGS, width));
      rows.forEach(r -> out.println(row(r, width)));
    });
  }

  private static String row(String[] cells, int[] width) {
    return String.format("  %-" + width[0] + "s  %" + width[1] + "s  %" + width[2] + "s", (Object[]) cells)
        .stripTrailing();
  }

  private int fail(String message) {
    spec.commandLine().getErr().println("partita hot-keys: " + message);
    return 1;
  }
}
