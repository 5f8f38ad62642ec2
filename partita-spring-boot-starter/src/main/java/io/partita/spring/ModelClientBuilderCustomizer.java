package io.partita.spring;

import io.partita.model.ModelClient;

/**
 * Changes the builder of the auto-configured {@link ModelClient} before it is built, after the properties and the
 * {@code ModelListener} beans were applied: a clock, a batch retry policy, a cursor key from a secret store. Every
 * bean of this type is applied, in {@code @Order}.
 */
@FunctionalInterface
public interface ModelClientBuilderCustomizer {
  void customize(ModelClient.Builder builder);
}
