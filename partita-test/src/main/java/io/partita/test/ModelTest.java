package io.partita.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class of a partita-model {@link io.partita.model.Model}: each test gets the model's table, created on an
 * in-memory Partita, and may ask for any of these as parameters (of a test, or of a {@code @BeforeEach} method;
 * of a {@code @BeforeAll} method with {@link Lifecycle#PER_CLASS}):
 *
 * <ul>
 *   <li>{@link io.partita.model.ModelClient}: the model bound to the database, with the {@link RecordingListener};
 *   <li>{@link RecordingListener}: what that client sent, with assertions;
 *   <li>{@link Switches}: throttling and faults, turned on by the test, off again after it;
 *   <li>{@link software.amazon.awssdk.services.dynamodb.DynamoDbClient} and {@link io.partita.engine.Partita}:
 *       the same database, raw.
 * </ul>
 *
 * <p>The model is the test class's static {@code Model} field marked {@link TestModel}; {@link Fixture} loads
 * items before a test.
 *
 * <pre>{@code
 * @ModelTest
 * class OrdersTest {
 *   @TestModel static final Model MODEL = Shop.MODEL;
 *
 *   @Test
 *   void findsACustomersOrders(ModelClient db, RecordingListener requests) { ... }
 * }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(ModelTestExtension.class)
public @interface ModelTest {

  /** How long one database, and so one table, lives. */
  enum Lifecycle {
    /** A new database for every test: nothing one test writes is seen by another. The default. */
    PER_METHOD,
    /**
     * One database for the class (and its {@code @Nested} classes): what {@code @BeforeAll} and the tests write
     * stays for the tests after. Throttling and faults are still turned off after each test.
     */
    PER_CLASS
  }

  Lifecycle lifecycle() default Lifecycle.PER_METHOD;

  /**
   * Holds the table to the throughput its {@link io.partita.model.TableSchema#provisioned} gives it, as DynamoDB
   * does ({@link io.partita.engine.Partita.Options#throttling}): a request beyond it is refused with
   * ProvisionedThroughputExceededException. Each test starts from fresh buckets (one second's units, as a new
   * table has); the table's creation, the fixtures and {@code @BeforeAll} are not throttled. The database's clock
   * stands still (see {@link Switches#advanceClock}), so which request is refused does not depend on how fast the
   * test runs. An on-demand table would never be throttled, so a model without {@code provisioned} is refused.
   */
  boolean throttling() default false;

  /**
   * Requests that fail at random, as a busy DynamoDB fails them, in the engine's own spec ({@link
   * io.partita.engine.Faults#parse}): {@code "rate=0.2,seed=7"}, {@code "rate=1,operations=Query"}. Empty: none.
   * On during each test and {@code @BeforeEach}, not while the table and the fixtures are made. Seeded, so a
   * single-threaded test sees the same failures every run.
   */
  String faults() default "";

  /**
   * Lets {@link Switches#failStorageWrites} fail the database's storage. The database then runs on RocksDB's memory
   * environment, which can inject storage faults, instead of the store in plain Java: the test needs {@code
   * org.rocksdb:rocksdbjni} on its class path (optional in the engine), and its database opens in a few milliseconds
   * instead of a fraction of one. Off: {@code failStorageWrites} is refused, saying so.
   */
  boolean storageFaults() default false;

  /**
   * With {@link Lifecycle#PER_CLASS}: the snapshot each test starts from, restored before it (and before its
   * fixtures) in milliseconds, so the tests share one seeding and none sees what another wrote. The class takes it
   * in {@code @BeforeAll} once it has seeded ({@code partita.snapshot("seeded")}, {@link
   * io.partita.engine.Partita#snapshot}). Empty: none.
   */
  String restoreBeforeEach() default "";
}
