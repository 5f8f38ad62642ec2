package io.partita.bench.sidebyside;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The SDK client's own CPU per GetItem against servers already running, in one JVM, rounds
 * alternating between them (so that a change in the machine's load falls on all of them alike):
 * what the benchmark's yardstick costs against each server, and so what a server's answers cost its
 * clients. One client thread, closed loop; the client's CPU is the whole process's (the SDK, Apache's
 * client, the JIT and the collector), from {@code OperatingSystemMXBean}.
 *
 * <pre>java -cp ... io.partita.bench.sidebyside.ClientCost [--ops N] [--rounds R] NAME=URL ...</pre>
 */
public final class ClientCost {
  private ClientCost() {}

  public static void main(String[] args) throws Exception {
    int ops = 20_000;
    int rounds = 5;
    List<String> names = new ArrayList<>();
    List<DynamoDbClient> clients = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--ops" -> ops = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> {
          String[] nameUrl = args[i].split("=", 2);
          names.add(nameUrl[0]);
          clients.add(Targets.overHttp(URI.create(nameUrl[1])));
        }
      }
    }
    Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("USER#u1"), "SK", AttributeValue.fromS("PROFILE"));
    for (DynamoDbClient db : clients) {
      prepare(db, key);
      measure(db, key, ops); // warm-up
    }
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    double[][] micros = new double[clients.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int t = 0; t < clients.size(); t++) {
        long cpu = os.getProcessCpuTime();
        long wall = measure(clients.get(t), key, ops);
        micros[t][r] = (os.getProcessCpuTime() - cpu) / 1e3 / ops;
        System.out.printf("round %d %-12s client CPU %6.1f us/op, latency %6.1f us/op%n", r + 1, names.get(t),
            micros[t][r], wall / 1e3 / ops);
      }
    }
    for (int t = 0; t < clients.size(); t++) {
      double[] m = micros[t].clone();
      java.util.Arrays.sort(m);
      System.out.printf("%-12s client CPU per GetItem: median %.1f us (min %.1f, max %.1f, %d rounds of %d)%n",
          names.get(t), m[m.length / 2], m[0], m[m.length - 1], rounds, ops);
      clients.get(t).close();
    }
  }

  private static void prepare(DynamoDbClient db, Map<String, AttributeValue> key) {
    try {
      db.createTable(b -> b.tableName("cost").billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build(),
              AttributeDefinition.builder().attributeName("SK").attributeType(ScalarAttributeType.S).build())
          .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build(),
              KeySchemaElement.builder().attributeName("SK").keyType(KeyType.RANGE).build()));
    } catch (ResourceInUseException e) {
      // there from an earlier run
    }
    db.waiter().waitUntilTableExists(b -> b.tableName("cost"));
    Map<String, AttributeValue> item = new java.util.HashMap<>(key);
    item.put("type", AttributeValue.fromS("profile"));
    item.put("name", AttributeValue.fromS("User One"));
    item.put("email", AttributeValue.fromS("u1@example.com"));
    item.put("version", AttributeValue.fromN("1"));
    item.put("pad", AttributeValue.fromS("x".repeat(200)));
    db.putItem(b -> b.tableName("cost").item(item));
  }

  private static long measure(DynamoDbClient db, Map<String, AttributeValue> key, int ops) {
    long start = System.nanoTime();
    for (int i = 0; i < ops; i++) {
      if (db.getItem(b -> b.tableName("cost").key(key)).item().size() != 7) {
        throw new IllegalStateException("wrong item");
      }
    }
    return System.nanoTime() - start;
  }
}
