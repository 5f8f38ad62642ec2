package io.partita.embedded.oracle;

import java.util.function.LongConsumer;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What every differential test shares: the client under test and the oracle it is compared with,
 * opened once per class and closed after it, and one dynamic test per random seed.
 *
 * <p>In this module the subject is the embedded engine and the oracle the reference model
 * ({@link Subjects#oracle()}). The server module's subclasses give {@link #engineOverTheWire()} a
 * client that reaches the engine over HTTP: that becomes the subject, the embedded engine the oracle,
 * and every answer, error messages included, must be identical, so the same sequences check that the
 * wire protocol changes nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class OracleHarness {
  protected DynamoDbClient subject;
  protected DynamoDbClient oracle;

  /** Whether the subject is the engine over the wire and the oracle the same engine in process. */
  private boolean sameEngine;

  /** A client of the engine over HTTP, to be compared with the embedded engine; null (here) for the embedded one. */
  protected DynamoDbClient engineOverTheWire() {
    return null;
  }

  /**
   * Whether error messages are compared too (error code, HTTP status and exception class always are). Against the
   * reference model only on request ({@code -Dpartita.compareMessages=true}): the model words errors as Amazon
   * DynamoDB does where its wording is known, which is not everywhere. The engine over HTTP against itself in
   * process: always, since every answer must be identical.
   */
  protected boolean compareMessages() {
    return sameEngine || Boolean.getBoolean("partita.compareMessages");
  }

  @BeforeAll
  protected void openClients() {
    DynamoDbClient wire = engineOverTheWire();
    sameEngine = wire != null;
    subject = sameEngine ? wire : Subjects.partita();
    oracle = sameEngine ? Subjects.partita() : Subjects.oracle();
  }

  @AfterAll
  protected void closeClients() {
    for (DynamoDbClient c : new DynamoDbClient[] {subject, oracle}) {
      try {
        if (c != null) c.close();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
  }

  /** One test per seed: {@code -Dpartita.seed=N} runs seed N alone (a replay), else seeds 1..{@code seeds}. */
  protected static Stream<DynamicTest> perSeed(int seeds, LongConsumer run) {
    String one = System.getProperty("partita.seed");
    LongStream chosen = one != null ? LongStream.of(Long.parseLong(one.trim())) : LongStream.rangeClosed(1, seeds);
    return chosen.mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> run.accept(seed)));
  }
}
