package io.partita.spring;

import java.nio.file.Path;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The {@link DynamoDbClient} bean, chosen by {@code partita.mode}: Partita embedded in this process, or the AWS SDK
 * over HTTP to {@code partita.endpoint} or to Amazon DynamoDB. Backs off when the application defines its own
 * {@code DynamoDbClient}. What is opened here is closed with the application context (for the embedded engine:
 * the database is closed, and an in-memory one discarded).
 */
@AutoConfiguration
@ConditionalOnClass(DynamoDbClient.class)
@EnableConfigurationProperties(PartitaProperties.class)
public class PartitaAutoConfiguration {

  /**
   * partita.mode=embedded with partita-embedded present: the engine is a bean of its own, so a test can reach it
   * (switch faults, throttling or a consistency lag on while it runs; read streams), and an application may define
   * its own {@code Partita} instead, which is then wrapped as it is.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.partita.embedded.PartitaDynamoDb")
  @ConditionalOnProperty(prefix = "partita", name = "mode", havingValue = "embedded")
  @ConditionalOnMissingBean(DynamoDbClient.class)
  static class Embedded {
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(Partita.class)
    Partita partitaEngine(PartitaProperties properties, ObjectProvider<PartitaEngineCustomizer> customizers) {
      Partita.Options options = Partita.with();
      customizers.orderedStream().forEach(c -> c.customize(options));
      String dir = properties.getEmbedded().getDataDir();
      return dir == null || dir.isBlank() ? options.inMemory() : options.open(Path.of(dir));
    }

    /** Over the engine, not owning it: the engine bean is closed after this client, by its own destroy method. */
    @Bean
    DynamoDbClient partitaDynamoDbClient(Partita engine) {
      return PartitaDynamoDb.over(engine);
    }
  }

  /**
   * partita.mode=embedded without partita-embedded: the start fails and says why. Falling through to the remote
   * client instead would send a developer's test data to whatever AWS account the machine's credentials reach.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingClass("io.partita.embedded.PartitaDynamoDb")
  @ConditionalOnProperty(prefix = "partita", name = "mode", havingValue = "embedded")
  static class EmbeddedMissing {
    @Bean
    @ConditionalOnMissingBean(DynamoDbClient.class)
    DynamoDbClient partitaDynamoDbClient() {
      throw new IllegalStateException("partita.mode=embedded needs io.partita:partita-embedded on the class path"
          + " (add it, in test scope if only the tests use it), or set partita.mode=remote");
    }
  }

  /** partita.mode=remote, the default: the SDK's own client. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(prefix = "partita", name = "mode", havingValue = "remote", matchIfMissing = true)
  static class Remote {
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(DynamoDbClient.class)
    DynamoDbClient partitaDynamoDbClient(PartitaProperties properties,
        ObjectProvider<DynamoDbClientBuilderCustomizer> customizers) {
      DynamoDbClientBuilder builder = DynamoDbClient.builder();
      if (properties.getEndpoint() != null) {
        builder.endpointOverride(properties.getEndpoint());
      }
      // unset: the SDK's chains (AWS_REGION, ~/.aws/config, instance metadata; the same for credentials), read
      // by the SDK itself, so an application on AWS needs no Partita property at all
      if (properties.getRegion() != null && !properties.getRegion().isBlank()) {
        builder.region(Region.of(properties.getRegion()));
      }
      PartitaProperties.Credentials credentials = properties.getCredentials();
      boolean id = credentials.getAccessKeyId() != null && !credentials.getAccessKeyId().isBlank();
      boolean secret = credentials.getSecretAccessKey() != null && !credentials.getSecretAccessKey().isBlank();
      if (id != secret) {
        throw new IllegalStateException("partita.credentials.access-key-id and partita.credentials.secret-access-key"
            + " go together: " + (id ? "the secret access key" : "the access key id") + " is missing");
      }
      if (id) {
        builder.credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(credentials.getAccessKeyId(), credentials.getSecretAccessKey())));
      }
      customizers.orderedStream().forEach(c -> c.customize(builder));
      return builder.build();
    }
  }
}
