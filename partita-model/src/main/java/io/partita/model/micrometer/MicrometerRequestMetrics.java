package io.partita.model.micrometer;

import java.util.Objects;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.partita.model.ModelListener;

/**
 * Micrometer meters for every request of a {@link io.partita.model.ModelClient}:
 * <ul>
 *   <li>{@code partita.model.requests}, a timer of latency, tagged {@code operation}, {@code table},
 *       {@code pattern} (the access pattern's name, {@code none} outside one) and {@code outcome}
 *       ({@code success}, or the error's class name: {@code ConditionalCheckFailedException}, …);</li>
 *   <li>{@code partita.model.capacity}, a distribution summary of the capacity units DynamoDB reported, tagged
 *       {@code operation}, {@code table}, {@code pattern}.</li>
 * </ul>
 * A {@link MeterBinder}: bind it to a registry, then register it on the client. Requests made before it is bound
 * are not counted. Micrometer is an optional dependency of partita-model: add {@code micrometer-core} to use this
 * class.
 *
 * <pre>{@code
 * MicrometerRequestMetrics metrics = new MicrometerRequestMetrics();
 * metrics.bindTo(registry);
 * ModelClient db = ModelClient.builder(model, dynamo).listener(metrics).build();
 * }</pre>
 */
public final class MicrometerRequestMetrics implements ModelListener, MeterBinder {
  public static final String REQUESTS = "partita.model.requests";
  public static final String CAPACITY = "partita.model.capacity";

  private volatile MeterRegistry registry;

  @Override
  public void bindTo(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  @Override
  public void after(Request request, Response response) {
    MeterRegistry r = registry;
    if (r == null) {
      return;
    }
    Tags tags = Tags.of("operation", request.operation(), "table", request.table(), "pattern",
        request.accessPattern().orElse("none"));
    String outcome = response.error().map(e -> e.getClass().getSimpleName()).orElse("success");
    Timer.builder(REQUESTS).description("DynamoDB requests of partita-model clients").tags(tags)
        .tag("outcome", outcome).register(r).record(response.latency());
    response.consumedCapacity().ifPresent(units -> DistributionSummary.builder(CAPACITY)
        .description("capacity units DynamoDB reported per request").baseUnit("capacity units").tags(tags)
        .register(r).record(units));
  }
}
