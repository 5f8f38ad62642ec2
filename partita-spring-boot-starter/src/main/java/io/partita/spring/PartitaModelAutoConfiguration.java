package io.partita.spring;

import java.util.Base64;

import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.ModelListener;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * A {@link ModelClient} over the application's {@link Model} bean and the {@link DynamoDbClient} (this starter's or
 * the application's own), with every {@link ModelListener} bean and {@link ModelClientBuilderCustomizer} bean
 * applied, and the model's table created at start when {@code partita.model.create-table} says so. Backs off when
 * the application defines its own {@code ModelClient}, and when there is no single {@code Model} (with two, which
 * one a client serves is the application's choice: it builds its clients itself).
 */
@AutoConfiguration(after = PartitaAutoConfiguration.class)
@ConditionalOnClass(ModelClient.class)
@ConditionalOnSingleCandidate(Model.class)
@EnableConfigurationProperties(PartitaProperties.class)
public class PartitaModelAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(ModelClient.class)
  @ConditionalOnSingleCandidate(DynamoDbClient.class)
  ModelClient partitaModelClient(Model model, DynamoDbClient dynamo, PartitaProperties properties,
      ObjectProvider<ModelListener> listeners, ObjectProvider<ModelClientBuilderCustomizer> customizers) {
    ModelClient.Builder builder = ModelClient.builder(model, dynamo);
    String cursorKey = properties.getModel().getCursorKey();
    if (cursorKey != null && !cursorKey.isBlank()) {
      builder.cursorKey(Base64.getDecoder().decode(cursorKey.trim()));
    }
    listeners.orderedStream().forEach(builder::listener);
    customizers.orderedStream().forEach(c -> c.customize(builder));
    ModelClient client = builder.build();
    // here rather than in a runner after start: the table exists before any bean that uses the client is made,
    // so a service may read in its own initialisation
    if (createTable(properties)) {
      createTableIfMissing(client, dynamo);
    }
    return client;
  }

  /**
   * An explicit setting, else true only for the embedded engine: there the database starts empty (in memory) or is
   * the developer's own folder; on Amazon DynamoDB a table is infrastructure, with billing, backups and alarms of
   * its own, made by CloudFormation or Terraform (TableSchema exports both) before the application runs, and an
   * application whose role may create tables is a role with too much power.
   */
  static boolean createTable(PartitaProperties properties) {
    Boolean set = properties.getModel().getCreateTable();
    return set != null ? set : properties.getMode() == PartitaProperties.Mode.EMBEDDED;
  }

  private static void createTableIfMissing(ModelClient client, DynamoDbClient dynamo) {
    String table = client.model().table().name();
    // DescribeTable first, straight to the SDK: a CreateTable on an existing table would reach the listeners as a
    // failed request (a WARN line, a failure metric) at every start on a kept data folder
    try {
      dynamo.describeTable(b -> b.tableName(table));
      return;
    } catch (ResourceNotFoundException absent) {
      // create it below
    }
    try {
      client.createTable();
    } catch (ResourceInUseException another) {
      // another instance of the application created it between the two requests: it exists, which is the aim
    }
  }
}
