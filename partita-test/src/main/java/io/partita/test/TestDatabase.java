package io.partita.test;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.engine.StorageFaults;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One in-memory database with the model's table, and what a test is handed of it; JUnit closes it when its scope
 * (the test, or the class) ends.
 */
final class TestDatabase implements ExtensionContext.Store.CloseableResource {
  final Model model;
  final Partita partita;
  final DynamoDbClient dynamo;
  final Switches switches;
  final RecordingListener requests;
  final ModelClient client;

  private final boolean throttling;

  /** Opened with no fault and no throttling: the kit's own writes (the table, the fixtures) must go through. */
  TestDatabase(Model model, ModelTest settings) {
    this.model = model;
    this.throttling = settings.throttling();
    if (throttling && model.table().throughput().isEmpty()) {
      // an on-demand table is never throttled: the test would pass without what it asked for
      throw new ExtensionConfigurationException("@ModelTest(throttling = true) holds a table to its provisioned"
          + " throughput, and table " + model.table().name() + " is on demand: give its TableSchema provisioned(r, w)");
    }
    ManualClock clock = new ManualClock();
    // storage faults need RocksDB's memory environment: only when the test asks for them (ModelTest#storageFaults)
    StorageFaults storage = settings.storageFaults() ? new StorageFaults() : null;
    Faults faults = faults(settings.faults());
    Partita.Options options = Partita.with()
        .clock(clock)
        // no sweeper thread: items whose Time to Live passed go when the test calls expireNow(), not on a timer
        .timeToLiveInterval(Duration.ZERO);
    this.partita = (storage == null ? options : options.storageFaults(storage)).inMemory();
    try {
      this.dynamo = PartitaDynamoDb.over(partita);
      this.switches = new Switches(partita, storage, clock, faults);
      this.requests = new RecordingListener(switches::afterRequest);
      // the table is created by a client of its own, so CreateTable is not recorded
      ModelClient.create(model, dynamo).createTable();
      this.client = ModelClient.builder(model, dynamo).listener(requests).build();
    } catch (RuntimeException e) {
      partita.close();
      throw e;
    }
  }

  private static Faults faults(String spec) {
    try {
      return spec.isBlank() ? Faults.NONE : Switches.checked(Faults.parse(spec));
    } catch (IllegalArgumentException e) {
      throw new ExtensionConfigurationException("@ModelTest(faults = \"" + spec + "\"): " + e.getMessage(), e);
    }
  }

  /** Between tests, and while fixtures load: no fault, no throttling. */
  void quiet() {
    switches.off();
    partita.throttle(false);
  }

  /**
   * Just before a test: the class's faults and throttling on (throttling from fresh buckets, so a test's requests
   * are measured against its own units, not what the fixtures or the test before spent), nothing recorded so far.
   */
  void arm() {
    switches.clear();
    partita.throttle(throttling);
    requests.clear();
  }

  @Override
  public void close() {
    partita.close();
  }
}
