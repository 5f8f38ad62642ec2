package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code partita warmup} (hidden): serves a few typical requests on an in-memory database and
 * exits. The {@code partita} script runs it once after a build with
 * {@code -XX:ArchiveClassesAtExit}, so that every later start maps the classes a server needs from
 * a class-data-sharing archive instead of loading and verifying them: the server is ready in about
 * half the time.
 */
@Command(name = "warmup", hidden = true, description = "Serves typical requests once and exits (builds the class archive).")
public final class WarmupCommand implements Callable<Integer> {
  private static final String[][] REQUESTS = {
      {"CreateTable", "{\"TableName\":\"warmup\",\"AttributeDefinitions\":[{\"AttributeName\":\"PK\",\"AttributeType\":\"S\"},"
          + "{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"},"
          + "{\"AttributeName\":\"SK\",\"KeyType\":\"RANGE\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}"},
      {"PutItem", "{\"TableName\":\"warmup\",\"Item\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"},\"n\":{\"N\":\"1.5\"},"
          + "\"b\":{\"B\":\"AAE=\"},\"l\":{\"L\":[{\"M\":{\"x\":{\"BOOL\":true}}}]}},"
          + "\"ConditionExpression\":\"attribute_not_exists(PK)\",\"ReturnConsumedCapacity\":\"TOTAL\"}"},
      {"GetItem", "{\"TableName\":\"warmup\",\"Key\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}},\"ConsistentRead\":true}"},
      {"UpdateItem", "{\"TableName\":\"warmup\",\"Key\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}},"
          + "\"UpdateExpression\":\"SET #v = if_not_exists(#v, :z) + :one\",\"ExpressionAttributeNames\":{\"#v\":\"v\"},"
          + "\"ExpressionAttributeValues\":{\":z\":{\"N\":\"0\"},\":one\":{\"N\":\"1\"}},\"ReturnValues\":\"ALL_NEW\"}"},
      {"PutItem", "{\"TableName\":\"warmup\",\"Item\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}},"
          + "\"ConditionExpression\":\"attribute_not_exists(PK)\"}"},
      {"DeleteItem", "{\"TableName\":\"warmup\",\"Key\":{\"PK\":{\"S\":\"USER#a\"},\"SK\":{\"S\":\"PROFILE\"}},\"ReturnValues\":\"ALL_OLD\"}"},
      {"DescribeTable", "{\"TableName\":\"warmup\"}"},
      {"ListTables", "{}"},
      {"DeleteTable", "{\"TableName\":\"warmup\"}"},
  };

  @Override
  public Integer call() throws Exception {
    try (Partita partita = Partita.inMemory();
         PartitaServer server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
         Socket socket = new Socket(server.address().getAddress(), server.port())) {
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      for (String[] request : REQUESTS) {
        send(out, request[0], request[1]);
        readAnswer(in);
      }
    }
    return 0;
  }

  private static void send(OutputStream out, String operation, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    out.write(("POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810." + operation
        + "\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: " + bytes.length + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
  }

  /** Reads one answer: headers up to the blank line, then Content-Length bytes. */
  private static void readAnswer(InputStream in) throws IOException {
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
    in.readNBytes(length);
  }
}
