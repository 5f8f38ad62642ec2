package io.partita.engine.internal.storage;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Refused conditional writes against an in-memory database, with the process's resident memory
 * (VmRSS) printed after a warm-up and at the end: the measurement behind {@link
 * NativeMemoryFlatTest}, and a tool to run by hand with more writes (docs/RELIABILITY.md):
 *
 * <pre>
 * java -Xms256m -Xmx256m -XX:+AlwaysPreTouch -cp ... io.partita.engine.internal.storage.RefusedWritesMemory 100000 1000000
 * </pre>
 *
 * <p>A fixed heap touched up front keeps the JVM's heap out of what changes, so what grows is
 * native memory. Prints {@code warmed <kB>}, then {@code after <kB> <writes> <ms>}.
 */
public final class RefusedWritesMemory {
  private RefusedWritesMemory() {}

  public static void main(String[] args) throws IOException {
    long warmup = Long.parseLong(args[0]);
    long measured = Long.parseLong(args[1]);
    try (Partita p = Partita.inMemory()) {
      NativeHandlesTest.createTableWithItem(p);
      Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("a"), "v", AttributeValue.fromS("x".repeat(100)));
      PutItemRequest refused = PutItemRequest.builder().tableName("leaks").item(item)
          .conditionExpression("attribute_not_exists(pk)").build();
      refuse(p, refused, warmup);
      System.gc();
      System.out.println("warmed " + rssKb());
      long start = System.nanoTime();
      refuse(p, refused, measured);
      System.gc();
      System.out.println("after " + rssKb() + " " + measured + " " + (System.nanoTime() - start) / 1_000_000);
    }
  }

  private static void refuse(Partita p, PutItemRequest refused, long times) {
    for (long i = 0; i < times; i++) {
      try {
        p.execute(refused);
        throw new IllegalStateException("the conditional write was not refused");
      } catch (PartitaException expected) {
        // ConditionalCheckFailedException
      }
    }
  }

  static long rssKb() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("\\D", ""));
      }
    }
    throw new IllegalStateException("no VmRSS in /proc/self/status");
  }
}
