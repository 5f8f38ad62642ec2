package io.partita.spring.shop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.partita.embedded.PartitaDynamoDb;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An application that defines its own DynamoDbClient: the starter makes none (no partita.mode is set, so it would
 * have built an SDK client for Amazon DynamoDB), and the ModelClient works on the application's.
 */
@SpringBootTest(properties = "partita.model.create-table=true")
class OwnDynamoDbClientTest {

  @TestConfiguration(proxyBeanMethods = false)
  static class OwnClient {
    @Bean
    DynamoDbClient ownDynamoDbClient() {
      return PartitaDynamoDb.inMemory();
    }
  }

  @Autowired ApplicationContext context;
  @Autowired DynamoDbClient dynamo;
  @Autowired OrderService orders;

  @Test
  void theStarterBacksOff() {
    assertThat(context.getBeanNamesForType(DynamoDbClient.class)).containsExactly("ownDynamoDbClient");
    orders.register("grace", "Grace", "grace@example.com");
    var item = dynamo.getItem(b -> b.tableName("Shop")
        .key(Map.of("pk", AttributeValue.fromS("CUSTOMER#grace"), "sk", AttributeValue.fromS("PROFILE")))).item();
    assertThat(item.get("name").s()).isEqualTo("Grace");
  }
}
