package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;

import io.partita.model.ModelClient;
import io.partita.spring.test.AutoConfigurePartita;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * @AutoConfigurePartita in a test whose auto-configuration is otherwise off (what another slice does): Partita's
 * auto-configuration alone is imported, and with partita.mode=embedded the ModelClient works on a made table.
 */
@SpringBootTest(properties = {"spring.boot.enableautoconfiguration=false", "partita.mode=embedded"})
@AutoConfigurePartita
class AutoConfigurePartitaTest {
  @Autowired ModelClient db;
  @Autowired DynamoDbClient dynamo;
  @Autowired OrderService orders;

  @Test
  void partitaIsThereWithAutoConfigurationOff() {
    assertThat(dynamo.listTables().tableNames()).containsExactly("Shop");
    orders.register("ada", "Ada", "ada@example.com");
    assertThat(orders.ordersOf("ada")).isEmpty();
  }
}
