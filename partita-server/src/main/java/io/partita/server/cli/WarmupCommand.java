package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import io.partita.server.wire.Dispatcher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code partita warmup} (hidden): serves the requests a project's test suite typically sends, on an
 * in-memory database, and exits. The launchers run it once per build (and JDK) with
 * {@code -XX:ArchiveClassesAtExit} (or Java 25's {@code -XX:AOTCacheOutput}), so that every later start
 * maps the classes a server needs from the archive instead of loading and verifying them: the server is
 * ready in about half the time, and a test suite's first requests of each kind (a table with indexes, a
 * query, a transaction, a refusal) are not slowed by loading their classes either. Each answer is checked
 * ({@code WarmupCommandTest}): a request this command got wrong would leave its classes out of the archive
 * without anyone noticing.
 */
@Command(name = "warmup", hidden = true, description = "Serves typical requests once and exits (builds the class archive).")
public final class WarmupCommand implements Callable<Integer> {
  private static final String KEY = "\"Key\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}}";
  private static final String ORDER = "{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"ORDER#1\"},"
      + "\"GSI1PK\":{\"S\":\"OPEN\"},\"LSI1SK\":{\"S\":\"2026\"},\"n\":{\"N\":\"3\"}}";

  /**
   * Operation, body, and the error it must answer (null: it must succeed). Also what a server serves itself on a
   * scratch database once it listens ({@link Preload#afterListening}).
   */
  static final String[][] REQUESTS = {
      {"CreateTable", "{\"TableName\":\"warmup\",\"AttributeDefinitions\":[{\"AttributeName\":\"PK\",\"AttributeType\":\"S\"},"
          + "{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"},{\"AttributeName\":\"GSI1PK\",\"AttributeType\":\"S\"},"
          + "{\"AttributeName\":\"LSI1SK\",\"AttributeType\":\"S\"}],"
          + "\"KeySchema\":[{\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"SK\",\"KeyType\":\"RANGE\"}],"
          + "\"GlobalSecondaryIndexes\":[{\"IndexName\":\"GSI1\",\"KeySchema\":[{\"AttributeName\":\"GSI1PK\",\"KeyType\":\"HASH\"},"
          + "{\"AttributeName\":\"SK\",\"KeyType\":\"RANGE\"}],\"Projection\":{\"ProjectionType\":\"ALL\"}}],"
          + "\"LocalSecondaryIndexes\":[{\"IndexName\":\"LSI1\",\"KeySchema\":[{\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"},"
          + "{\"AttributeName\":\"LSI1SK\",\"KeyType\":\"RANGE\"}],\"Projection\":{\"ProjectionType\":\"KEYS_ONLY\"}}],"
          + "\"BillingMode\":\"PAY_PER_REQUEST\"}", null},
      {"DescribeTable", "{\"TableName\":\"warmup\"}", null},
      {"PutItem", "{\"TableName\":\"warmup\",\"Item\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"},\"n\":{\"N\":\"1.5\"},"
          + "\"b\":{\"B\":\"AAE=\"},\"l\":{\"L\":[{\"M\":{\"x\":{\"BOOL\":true}}}]},\"ss\":{\"SS\":[\"a\",\"b\"]}},"
          + "\"ConditionExpression\":\"attribute_not_exists(PK)\",\"ReturnConsumedCapacity\":\"TOTAL\"}", null},
      {"PutItem", "{\"TableName\":\"warmup\",\"Item\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}},"
          + "\"ConditionExpression\":\"attribute_not_exists(PK)\"}", "ConditionalCheckFailedException"},
      {"PutItem", "{\"TableName\":\"warmup\",\"Item\":" + ORDER + "}", null},
      {"PutItem", "{\"TableName\":\"warmup\",\"Item\":{\"PK\":{\"S\":\"USER#a\"}}}", "ValidationException"},
      {"GetItem", "{\"TableName\":\"warmup\"," + KEY + ",\"ConsistentRead\":true}", null},
      {"GetItem", "{\"TableName\":\"warmup\"," + KEY + ",\"ProjectionExpression\":\"#n, l[0].x\","
          + "\"ExpressionAttributeNames\":{\"#n\":\"n\"}}", null},
      {"GetItem", "{\"TableName\":\"missing\"," + KEY + "}", "ResourceNotFoundException"},
      {"UpdateItem", "{\"TableName\":\"warmup\"," + KEY + ","
          + "\"UpdateExpression\":\"SET #v = if_not_exists(#v, :z) + :one, l = list_append(l, :l) REMOVE b ADD ss :s\","
          + "\"ConditionExpression\":\"attribute_exists(PK) AND n > :z\",\"ExpressionAttributeNames\":{\"#v\":\"v\"},"
          + "\"ExpressionAttributeValues\":{\":z\":{\"N\":\"0\"},\":one\":{\"N\":\"1\"},\":l\":{\"L\":[{\"NULL\":true}]},"
          + "\":s\":{\"SS\":[\"c\"]}},\"ReturnValues\":\"ALL_NEW\"}", null},
      {"Query", "{\"TableName\":\"warmup\",\"KeyConditionExpression\":\"PK = :p AND begins_with(SK, :o)\","
          + "\"FilterExpression\":\"n >= :z\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"USER#a\"},"
          + "\":o\":{\"S\":\"ORDER#\"},\":z\":{\"N\":\"0\"}},\"ScanIndexForward\":false,\"Limit\":10}", null},
      {"Query", "{\"TableName\":\"warmup\",\"KeyConditionExpression\":\"PK = :p\",\"ExpressionAttributeValues\":"
          + "{\":p\":{\"S\":\"USER#a\"}},\"Limit\":1,\"ExclusiveStartKey\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"A\"}}}",
          null}, // a page of a paginated query: both items after SK "A", one a page
      {"Query", "{\"TableName\":\"warmup\",\"IndexName\":\"GSI1\",\"KeyConditionExpression\":\"GSI1PK = :g\","
          + "\"ExpressionAttributeValues\":{\":g\":{\"S\":\"OPEN\"}},\"Select\":\"COUNT\"}", null},
      {"Query", "{\"TableName\":\"warmup\",\"IndexName\":\"LSI1\",\"KeyConditionExpression\":\"PK = :p AND LSI1SK > :y\","
          + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"USER#a\"},\":y\":{\"S\":\"2025\"}}}", null},
      {"Scan", "{\"TableName\":\"warmup\",\"FilterExpression\":\"attribute_exists(n)\",\"ReturnConsumedCapacity\":\"INDEXES\"}", null},
      {"BatchWriteItem", "{\"RequestItems\":{\"warmup\":[{\"PutRequest\":{\"Item\":{\"PK\":{\"S\":\"USER#b\"},"
          + "\"SK\":{\"S\":\"PROFILE\"}}}},{\"DeleteRequest\":{\"Key\":{\"PK\":{\"S\":\"USER#c\"},"
          + "\"SK\":{\"S\":\"PROFILE\"}}}}]}}", null},
      {"BatchGetItem", "{\"RequestItems\":{\"warmup\":{\"Keys\":[{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}},"
          + "{\"PK\":{\"S\":\"USER#b\"},\"SK\":{\"S\":\"PROFILE\"}}]}}}", null},
      {"TransactWriteItems", "{\"TransactItems\":[{\"Put\":{\"TableName\":\"warmup\",\"Item\":{\"PK\":{\"S\":\"USER#b\"},"
          + "\"SK\":{\"S\":\"ORDER#2\"}}}},{\"Update\":{\"TableName\":\"warmup\"," + KEY + ",\"UpdateExpression\":\"ADD n :one\","
          + "\"ExpressionAttributeValues\":{\":one\":{\"N\":\"1\"}}}},{\"ConditionCheck\":{\"TableName\":\"warmup\","
          + "\"Key\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"ORDER#1\"}},\"ConditionExpression\":\"attribute_exists(PK)\"}},"
          + "{\"Delete\":{\"TableName\":\"warmup\",\"Key\":{\"PK\":{\"S\":\"USER#b\"},\"SK\":{\"S\":\"PROFILE\"}}}}],"
          + "\"ClientRequestToken\":\"warmup-1\"}", null}, // the SDK sends a token with every transaction
      {"TransactWriteItems", "{\"TransactItems\":[{\"ConditionCheck\":{\"TableName\":\"warmup\","
          + "\"Key\":{\"PK\":{\"S\":\"USER#z\"},\"SK\":{\"S\":\"PROFILE\"}},\"ConditionExpression\":\"attribute_exists(PK)\"}}],"
          + "\"ClientRequestToken\":\"warmup-2\"}", "TransactionCanceledException"},
      {"TransactGetItems", "{\"TransactItems\":[{\"Get\":{\"TableName\":\"warmup\"," + KEY + "}}]}", null},
      {"DeleteItem", "{\"TableName\":\"warmup\"," + KEY + ",\"ReturnValues\":\"ALL_OLD\"}", null},
      {"ListTables", "{}", null},
      {"DeleteTable", "{\"TableName\":\"warmup\"}", null},
  };

  /**
   * Serves every request over HTTP. A wrong answer is said on standard error but is no failure: the archive made
   * from the rest is still worth having (the launchers discard a failed run's archive, and would then make the
   * run again at every start); {@code WarmupCommandTest} holds the answers to what they should be.
   */
  @Override
  public Integer call() throws Exception {
    overHttp().forEach(System.err::println);
    return 0;
  }

  /** Serves every request to a server on an in-memory database over one connection; each wrong answer, in a line. */
  static List<String> overHttp() throws IOException, InterruptedException {
    List<String> wrong = new ArrayList<>();
    try (Partita partita = Partita.inMemory();
         PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
         Socket socket = new Socket(server.address().getAddress(), server.port())) {
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      for (String[] request : REQUESTS) {
        send(out, request[0], request[1]);
        String answer = readAnswer(in);
        check(request, Integer.parseInt(answer.substring("HTTP/1.1 ".length(), "HTTP/1.1 200".length())),
            answer.substring(answer.indexOf("\r\n\r\n") + 4), wrong);
      }
    }
    return wrong;
  }

  /** Serves every request through {@code dispatcher}, in this thread, with no HTTP; each wrong answer, in a line. */
  static List<String> through(Dispatcher dispatcher) {
    List<String> wrong = new ArrayList<>();
    for (String[] request : REQUESTS) {
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      int status = dispatch(dispatcher, request[0], request[1], answer);
      check(request, status, answer.toString(StandardCharsets.UTF_8), wrong);
    }
    return wrong;
  }

  /** Serves {@code operation} with {@code body} through {@code dispatcher}, its answer into {@code answer}; its status. */
  static int dispatch(Dispatcher dispatcher, String operation, String body, ByteArrayOutputStream answer) {
    return dispatcher.dispatch(Dispatcher.TARGET_PREFIX + operation,
        new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), Dispatcher.Output.to(answer));
  }

  /** Adds a line to {@code wrong}, naming the request, unless its answer is the one it expects. */
  private static void check(String[] request, int status, String body, List<String> wrong) {
    boolean ok = request[2] == null ? status == 200 : status == 400 && body.contains("#" + request[2] + "\"");
    if (!ok) {
      wrong.add("partita warmup: " + request[0] + " answered " + status + " " + body + ", not "
          + (request[2] == null ? "200" : request[2]));
    }
  }

  private static void send(OutputStream out, String operation, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    out.write(("POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810." + operation
        + "\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: " + bytes.length + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
  }

  /** Reads one answer, its headers up to the blank line and then Content-Length bytes, as text. */
  private static String readAnswer(InputStream in) throws IOException {
    StringBuilder headers = new StringBuilder();
    while (!headers.toString().endsWith("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("the server closed the connection");
      }
      headers.append((char) c);
    }
    int length = 0;
    for (String line : headers.toString().split("\r\n")) {
      if (line.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(line.substring("content-length:".length()).trim());
      }
    }
    return headers + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }
}
