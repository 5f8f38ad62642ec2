package io.partita.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.model.ModelClient;
import io.partita.server.PartitaServer;
import io.partita.server.ServerConfig;
import io.partita.spring.shop.Customer;
import io.partita.spring.shop.ShopModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Remote mode with partita.endpoint: the starter's SDK client reaches a real Partita server over HTTP (on a free
 * port of this machine). What the application wrote is read back on the server's side, from its engine, so the test
 * cannot pass by talking to anything else.
 */
class EndpointModeTest {
  private static Partita engine;
  private static PartitaServer server;
  private static DynamoDbClient serverSide;

  @Configuration(proxyBeanMethods = false)
  static class ShopModelOnly extends ShopModel {}

  @BeforeAll
  static void startServer() throws InterruptedException {
    engine = Partita.inMemory();
    server = PartitaServer.start(engine, ServerConfig.defaults().withPort(0));
    serverSide = PartitaDynamoDb.over(engine);
  }

  @AfterAll
  static void stopServer() throws InterruptedException {
    server.close();
    engine.close();
  }

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(PartitaAutoConfiguration.class,
            PartitaListenersAutoConfiguration.class, PartitaModelAutoConfiguration.class))
        .withUserConfiguration(ShopModelOnly.class)
        // any key pair: the server was started without credentials, so it checks no signature
        .withPropertyValues("partita.endpoint=" + server.endpoint(), "partita.region=us-east-1",
            "partita.credentials.access-key-id=partita", "partita.credentials.secret-access-key=partita-secret");
  }

  @Test
  void theModelClientWritesThroughTheServer() {
    // remote mode leaves the table alone unless told: nothing was created on the server
    runner().run(context -> {
      assertThat(context).hasSingleBean(ModelClient.class);
      assertThat(serverSide.listTables().tableNames()).doesNotContain("Shop");
    });
    runner().withPropertyValues("partita.model.create-table=true").run(context -> {
      context.getBean(ModelClient.class).entity(ShopModel.CUSTOMER)
          .create(new Customer("linus", "Linus", "linus@example.com"));
    });
    var item = serverSide.getItem(b -> b.tableName("Shop")
        .key(Map.of("pk", AttributeValue.fromS("CUSTOMER#linus"), "sk", AttributeValue.fromS("PROFILE")))).item();
    assertThat(item.get("email").s()).isEqualTo("linus@example.com");
  }
}
