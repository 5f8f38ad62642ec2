package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.model.AlreadyExistsException;
import io.partita.model.micrometer.MicrometerRequestMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The whole test application on the embedded backend, as a developer runs it: the starter's DynamoDbClient is
 * Partita in memory, the table was created at start, the service works through the ModelClient, and both listeners
 * see its requests (the application has a MeterRegistry; SLF4J is on the class path).
 */
@SpringBootTest(properties = "partita.mode=embedded")
@ExtendWith(OutputCaptureExtension.class)
class ShopApplicationTest {

  @TestConfiguration(proxyBeanMethods = false)
  static class Metrics {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  @Autowired OrderService orders;
  @Autowired DynamoDbClient dynamo;
  @Autowired Partita engine;
  @Autowired MeterRegistry registry;
  @Autowired ShopReports reports;

  @Test
  void theServiceWorksOnTheEmbeddedEngine(CapturedOutput output) {
    assertThat(dynamo.getClass().getName()).isEqualTo("io.partita.embedded.EmbeddedDynamoDbClient");
    assertThat(dynamo.listTables().tableNames()).containsExactly("Shop");
    assertThat(reports.clock()).isNotNull(); // the full application: the unrelated parts are there too

    orders.register("ada", "Ada", "ada@example.com");
    Order first = orders.place("ada", 1200);
    Order second = orders.place("ada", 3400);
    assertThat(orders.ordersOf("ada")).extracting(Order::orderId).containsExactly(second.orderId(), first.orderId());
    assertThatThrownBy(() -> orders.register("ada", "Ada", "ada@example.com"))
        .isInstanceOf(AlreadyExistsException.class);

    // Micrometer: one Query for the access pattern, counted under its name
    assertThat(registry.get(MicrometerRequestMetrics.REQUESTS).tag("pattern", "Orders of a customer")
        .tag("outcome", "success").timer().count()).isEqualTo(1);
    // SLF4J: a line per request under io.partita.model.requests, at DEBUG (off here, as in the tests' logging
    // settings) and at WARN for a failure, which a fault switched on through the engine bean makes
    engine.injectFaults(Faults.rate(1.0, 7));
    try {
      assertThatThrownBy(() -> orders.ordersOf("ada")).isInstanceOf(DynamoDbException.class);
    } finally {
      engine.injectFaults(Faults.NONE);
    }
    assertThat(output.getOut()).contains("Query Shop [Orders of a customer]").contains("InternalServerError");
    assertThat(registry.get(MicrometerRequestMetrics.REQUESTS).tag("pattern", "Orders of a customer")
        .tag("outcome", "InternalServerErrorException").timer().count()).isEqualTo(1);
  }

  @Test
  void theTableIsTheModelsOwn() {
    var described = dynamo.describeTable(b -> b.tableName("Shop")).table();
    assertThat(described.keySchema()).extracting(k -> k.attributeName()).isEqualTo(List.of("pk", "sk"));
  }
}
