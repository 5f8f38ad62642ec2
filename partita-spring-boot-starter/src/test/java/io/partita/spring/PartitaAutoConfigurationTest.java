package io.partita.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.model.InvalidCursorException;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.ModelListener;
import io.partita.model.Page;
import io.partita.model.TableSchema;
import io.partita.model.micrometer.MicrometerRequestMetrics;
import io.partita.model.slf4j.Slf4jRequestLogger;
import io.partita.spring.shop.Customer;
import io.partita.spring.shop.Order;
import io.partita.spring.shop.ShopModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Each condition of the starter, one property combination or missing class at a time. */
class PartitaAutoConfigurationTest {
  static final String EMBEDDED = "io.partita.embedded.EmbeddedDynamoDbClient";

  private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
      AutoConfigurations.of(PartitaAutoConfiguration.class, PartitaListenersAutoConfiguration.class,
          PartitaModelAutoConfiguration.class));

  /** The test application's Model, without its service. */
  @Configuration(proxyBeanMethods = false)
  static class ShopModelOnly extends ShopModel {}

  @Configuration(proxyBeanMethods = false)
  static class TwoModels {
    @Bean
    Model one() {
      return Model.builder(TableSchema.named("One")).entities(ShopModel.CUSTOMER).build();
    }

    @Bean
    Model two() {
      return Model.builder(TableSchema.named("Two")).entities(ShopModel.CUSTOMER).build();
    }
  }

  // ---- the DynamoDbClient ----

  @Test
  void remoteByDefaultWithTheGivenRegion() {
    // static credentials here and below: the SDK's credentials chain is never consulted (it may ask the instance
    // metadata address, which no test may reach)
    runner.withPropertyValues("partita.region=eu-west-1", "partita.credentials.access-key-id=a",
        "partita.credentials.secret-access-key=b").run(context -> {
      DynamoDbClient dynamo = context.getBean(DynamoDbClient.class);
      assertThat(dynamo.getClass().getName()).isNotEqualTo(EMBEDDED);
      assertThat(dynamo.serviceClientConfiguration().region()).isEqualTo(Region.EU_WEST_1);
      assertThat(dynamo.serviceClientConfiguration().endpointOverride()).isEmpty();
      // no Model bean: no ModelClient, no table made
      assertThat(context).doesNotHaveBean(ModelClient.class);
    });
  }

  @Test
  void remoteToAnEndpoint() {
    runner.withPropertyValues("partita.mode=remote", "partita.endpoint=http://127.0.0.1:1", "partita.region=us-east-1",
            "partita.credentials.access-key-id=a", "partita.credentials.secret-access-key=b")
        .run(context -> assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration()
            .endpointOverride()).contains(URI.create("http://127.0.0.1:1")));
  }

  @Test
  void builderCustomizersComeAfterTheProperties() {
    runner.withPropertyValues("partita.endpoint=http://127.0.0.1:1", "partita.region=us-east-1",
            "partita.credentials.access-key-id=a", "partita.credentials.secret-access-key=b")
        .withBean(DynamoDbClientBuilderCustomizer.class, () -> b -> b.endpointOverride(URI.create("http://127.0.0.1:2")))
        .run(context -> assertThat(context.getBean(DynamoDbClient.class).serviceClientConfiguration()
            .endpointOverride()).contains(URI.create("http://127.0.0.1:2")));
  }

  @Test
  void halfTheCredentialsIsRefused() {
    runner.withPropertyValues("partita.region=us-east-1", "partita.credentials.access-key-id=AKIA")
        .run(context -> assertThat(context).getFailure().rootCause()
            .hasMessageContaining("partita.credentials.secret-access-key").hasMessageContaining("go together"));
  }

  @Test
  void embeddedInMemoryWithTheTableMadeAndClosedWithTheContext() {
    List<DynamoDbClient> seen = new ArrayList<>();
    runner.withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded").run(context -> {
      DynamoDbClient dynamo = context.getBean(DynamoDbClient.class);
      assertThat(dynamo.getClass().getName()).isEqualTo(EMBEDDED);
      assertThat(dynamo.listTables().tableNames()).containsExactly("Shop");
      assertThat(context).hasSingleBean(ModelClient.class);
      seen.add(dynamo);
    });
    // the runner closed the context: the in-memory engine is closed with it
    assertThatThrownBy(() -> seen.get(0).listTables()).isInstanceOf(RuntimeException.class);
  }

  @Test
  void embeddedOnADataFolderKeepsItsItemsAcrossStarts(@TempDir Path dir) {
    var onDisk = runner.withUserConfiguration(ShopModelOnly.class)
        .withPropertyValues("partita.mode=embedded", "partita.embedded.data-dir=" + dir);
    onDisk.run(context -> context.getBean(ModelClient.class).entity(ShopModel.CUSTOMER)
        .create(new Customer("ada", "Ada", "ada@example.com")));
    // a second start on the same folder: the table exists (create-table must not fail), the item is there
    onDisk.run(context -> {
      assertThat(context).hasNotFailed();
      assertThat(context.getBean(ModelClient.class).entity(ShopModel.CUSTOMER).get(Key.of("id", "ada")))
          .map(Customer::name).contains("Ada");
    });
  }

  @Test
  void engineCustomizersShapeTheEmbeddedEngine() {
    runner.withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded")
        .withBean(PartitaEngineCustomizer.class, () -> options -> options.region("eu-west-1"))
        .run(context -> {
          assertThat(context).hasSingleBean(Partita.class);
          assertThat(context.getBean(DynamoDbClient.class).describeTable(b -> b.tableName("Shop")).table().tableArn())
              .startsWith("arn:aws:dynamodb:eu-west-1:");
        });
  }

  @Test
  void theApplicationsOwnEngineIsWrapped() {
    Partita own = Partita.inMemory();
    try {
      runner.withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded")
          .withBean(Partita.class, () -> own)
          .run(context -> {
            assertThat(context).hasSingleBean(Partita.class);
            context.getBean(ModelClient.class).entity(ShopModel.CUSTOMER).create(new Customer("ada", "Ada", "a@b"));
            assertThat(PartitaDynamoDb.over(own).listTables().tableNames()).containsExactly("Shop");
          });
    } finally {
      own.close();
    }
  }

  @Test
  void embeddedWithoutPartitaEmbeddedFailsAndSaysWhy() {
    runner.withClassLoader(new FilteredClassLoader(PartitaDynamoDb.class))
        .withPropertyValues("partita.mode=embedded")
        .run(context -> assertThat(context).getFailure().rootCause()
            .hasMessageContaining("partita.mode=embedded needs io.partita:partita-embedded"));
  }

  @Test
  void theApplicationsOwnDynamoDbClientWins() {
    DynamoDbClient own = PartitaDynamoDb.inMemory();
    try {
      runner.withBean(DynamoDbClient.class, () -> own).withUserConfiguration(ShopModelOnly.class)
          .withPropertyValues("partita.mode=embedded", "partita.model.create-table=true").run(context -> {
            assertThat(context).getBean(DynamoDbClient.class).isSameAs(own);
            assertThat(own.listTables().tableNames()).containsExactly("Shop");
          });
    } finally {
      own.close();
    }
  }

  // ---- the ModelClient ----

  @Test
  void createTableCanBeTurnedOffInEmbeddedMode() {
    runner.withUserConfiguration(ShopModelOnly.class)
        .withPropertyValues("partita.mode=embedded", "partita.model.create-table=false")
        .run(context -> {
          assertThat(context).hasSingleBean(ModelClient.class);
          assertThat(context.getBean(DynamoDbClient.class).listTables().tableNames()).isEmpty();
        });
  }

  @Test
  void noModelClientForTwoModels() {
    runner.withUserConfiguration(TwoModels.class).withPropertyValues("partita.mode=embedded")
        .run(context -> assertThat(context).hasSingleBean(DynamoDbClient.class).doesNotHaveBean(ModelClient.class));
  }

  @Test
  void theApplicationsOwnModelClientWins() {
    runner.withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded")
        .withBean("ownModelClient", ModelClient.class,
            () -> ModelClient.create(new ShopModel().model(), PartitaDynamoDb.inMemory()))
        .run(context -> assertThat(context).hasSingleBean(ModelClient.class).hasBean("ownModelClient"));
  }

  @Test
  void listenerAndCustomizerBeansAreApplied() {
    List<String> operations = new ArrayList<>();
    Instant noon = Instant.parse("2026-01-01T12:00:00Z");
    runner.withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded")
        .withBean(ModelListener.class, () -> new ModelListener() {
          @Override
          public void after(Request request, Response response) {
            operations.add(request.operation());
          }
        })
        .withBean(ModelClientBuilderCustomizer.class, () -> b -> b.clock(Clock.fixed(noon, ZoneOffset.UTC)))
        .run(context -> {
          Order order = context.getBean(ModelClient.class).entity(ShopModel.ORDER)
              .create(new Order("ada", null, 100, null, null));
          assertThat(order.createdAt()).isEqualTo(noon);
          assertThat(operations).containsExactly("CreateTable", "PutItem");
        });
  }

  @Test
  void aSharedCursorKeyLetsAnotherInstanceContinueAPage() {
    // one database for both instances; each context closes its DynamoDbClient bean (Spring closes AutoCloseable
    // beans), and a client over() an engine leaves the engine open
    Partita engine = Partita.inMemory();
    String key = Base64.getEncoder().encodeToString("sixteen-byte-key-0123".getBytes());
    try {
      var instance = runner.withUserConfiguration(ShopModelOnly.class)
          .withBean(DynamoDbClient.class, () -> PartitaDynamoDb.over(engine))
          .withPropertyValues("partita.model.create-table=true");
      String[] cursor = new String[1];
      instance.withPropertyValues("partita.model.cursor-key=" + key).run(context -> {
        ModelClient db = context.getBean(ModelClient.class);
        db.entity(ShopModel.ORDER).create(new Order("ada", null, 1, null, null));
        db.entity(ShopModel.ORDER).create(new Order("ada", null, 2, null, null));
        Page<Order> first = db.query(ShopModel.ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "ada")).limit(1)
            .page();
        cursor[0] = first.cursor().orElseThrow();
      });
      instance.withPropertyValues("partita.model.cursor-key=" + key).run(context -> assertThat(
          context.getBean(ModelClient.class).query(ShopModel.ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "ada"))
              .limit(1).after(cursor[0]).page().items()).hasSize(1));
      // without the key, another instance signs with its own random key and refuses the cursor
      instance.run(context -> assertThatThrownBy(() -> context.getBean(ModelClient.class)
          .query(ShopModel.ORDERS_OF_CUSTOMER).partition(Key.of("customerId", "ada")).limit(1).after(cursor[0])
          .page()).isInstanceOf(InvalidCursorException.class));
    } finally {
      engine.close();
    }
  }

  // ---- the listeners ----

  @Test
  void slf4jListenerWhenSlf4jIsThere() {
    runner.withPropertyValues("partita.mode=embedded")
        .run(context -> assertThat(context).hasSingleBean(Slf4jRequestLogger.class));
    runner.withPropertyValues("partita.mode=embedded")
        .withClassLoader(new FilteredClassLoader("org.slf4j"))
        .run(context -> assertThat(context).doesNotHaveBean(Slf4jRequestLogger.class));
    runner.withPropertyValues("partita.mode=embedded", "partita.model.listeners.slf4j.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(Slf4jRequestLogger.class));
  }

  @Test
  void micrometerListenerNeedsAMeterRegistryBean() {
    var embedded = runner.withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded");
    embedded.run(context -> assertThat(context).doesNotHaveBean(MicrometerRequestMetrics.class));
    embedded.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
      assertThat(context).hasSingleBean(MicrometerRequestMetrics.class);
      context.getBean(ModelClient.class).entity(ShopModel.CUSTOMER).get(Key.of("id", "nobody"));
      assertThat(context.getBean(MeterRegistry.class).get(MicrometerRequestMetrics.REQUESTS)
          .tag("operation", "GetItem").timer().count()).isEqualTo(1);
    });
    embedded.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withClassLoader(new FilteredClassLoader(MeterRegistry.class))
        .run(context -> assertThat(context).doesNotHaveBean(MicrometerRequestMetrics.class));
    embedded.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withPropertyValues("partita.model.listeners.micrometer.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(MicrometerRequestMetrics.class));
  }

  /**
   * With Spring Boot's own metrics auto-configuration making the registry (what the actuator brings), listed after
   * this starter's: the ordering, not the listing, must put the listener after the registry. The classes are named
   * as each Boot line names them, so this test runs on both.
   */
  @Test
  void micrometerListenerAfterBootsOwnMetricsAutoConfiguration() throws ClassNotFoundException {
    List<Class<?>> classes = new ArrayList<>(List.of(PartitaModelAutoConfiguration.class,
        PartitaListenersAutoConfiguration.class, PartitaAutoConfiguration.class));
    classes.addAll(BootMetrics.autoConfigurations());
    new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(classes.toArray(Class<?>[]::new)))
        .withUserConfiguration(ShopModelOnly.class).withPropertyValues("partita.mode=embedded").run(context -> {
          assertThat(context).hasSingleBean(MicrometerRequestMetrics.class);
          context.getBean(ModelClient.class).entity(ShopModel.CUSTOMER).get(Key.of("id", "nobody"));
          assertThat(context.getBean(MeterRegistry.class).get(MicrometerRequestMetrics.REQUESTS).timer().count())
              .isEqualTo(1);
        });
  }
}
