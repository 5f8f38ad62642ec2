package io.partita.test;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.engine.internal.storage.StorageFaults;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.time.Duration;
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

  TestDatabase(Model model, ModelTest settings) {
    this.model = model;
    ManualClock clock = new ManualClock();
    StorageFaults storage = new StorageFaults();
    Faults faults = settings.faults().isBlank() ? Faults.NONE : Faults.parse(settings.faults());
    this.partita = Partita.with()
        .clock(clock)
        .storageFaults(storage)
        .throttling(settings.throttling())
        .faults(faults)
        // no sweeper thread: items whose Time to Live passed go when the test calls expireNow(), not on a timer
        .timeToLiveInterval(Duration.ZERO)
        .inMemory();
    try {
      this.dynamo = PartitaDynamoDb.over(partita);
      this.switches = new Switches(partita, storage, clock, model.table().name(), faults);
      this.requests = new RecordingListener(switches::afterRequest);
      // the table is created by a client of its own, so CreateTable is neither recorded nor faulted by the tests'
      ModelClient.create(model, dynamo).createTable();
      this.client = ModelClient.builder(model, dynamo).listener(requests).build();
    } catch (RuntimeException e) {
      partita.close();
      throw e;
    }
  }

  /** Before each test: nothing recorded so far counts, no switch left on by a test before. */
  void beforeEach() {
    switches.clear();
    requests.clear();
  }

  @Override
  public void close() {
    partita.close();
  }
}
