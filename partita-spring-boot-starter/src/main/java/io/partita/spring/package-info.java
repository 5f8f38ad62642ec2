/**
 * Spring Boot auto-configuration: a {@code DynamoDbClient} chosen by {@code partita.mode} (embedded
 * Partita, or the SDK over HTTP), a {@code ModelClient} from the application's {@code Model}, and
 * its listeners. Uses {@code io.partita.embedded}, the engine's API and {@code io.partita.model}
 * (with its {@code micrometer} and {@code slf4j} listeners).
 */
package io.partita.spring;
