package io.partita.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.partita.model.ModelListener;
import io.partita.model.micrometer.MicrometerRequestMetrics;
import io.partita.model.slf4j.Slf4jRequestLogger;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * partita-model's own {@link ModelListener}s as beans, which {@link PartitaModelAutoConfiguration} registers on the
 * {@code ModelClient}: the SLF4J request logger when SLF4J is on the class path, and the Micrometer request metrics
 * when Micrometer is and the application has a {@code MeterRegistry} (Spring Boot's actuator makes one). Each can be
 * switched off ({@code partita.model.listeners.slf4j.enabled=false}, {@code ...micrometer.enabled=false}) or
 * replaced by a bean of the same type.
 *
 * <p>After Spring Boot's metrics auto-configuration, named for both lines (4.x moved it to its own module and
 * package, 3.x has it in the actuator's), so that its {@code MeterRegistry} is already defined when
 * {@code @ConditionalOnBean} looks. The nested classes name the optional libraries' types only behind their
 * {@code @ConditionalOnClass}, so this class loads without them.
 */
@AutoConfiguration(before = PartitaModelAutoConfiguration.class, afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
    "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration",
    "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass(ModelListener.class)
public class PartitaListenersAutoConfiguration {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.slf4j.LoggerFactory")
  @ConditionalOnProperty(prefix = "partita.model.listeners.slf4j", name = "enabled", matchIfMissing = true)
  static class Slf4j {
    /** DEBUG lines for requests, WARN for failures, under the logger io.partita.model.requests. */
    @Bean
    @ConditionalOnMissingBean(Slf4jRequestLogger.class)
    Slf4jRequestLogger partitaSlf4jRequestLogger() {
      return new Slf4jRequestLogger();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  @ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry")
  @ConditionalOnProperty(prefix = "partita.model.listeners.micrometer", name = "enabled", matchIfMissing = true)
  static class Micrometer {
    /**
     * Bound here, to the registry the application injects everywhere (Boot's composite when it has several):
     * without the actuator nothing else would bind it. With the actuator, Boot binds every MeterBinder bean to that
     * same registry again, which changes nothing.
     */
    @Bean
    @ConditionalOnMissingBean(MicrometerRequestMetrics.class)
    MicrometerRequestMetrics partitaMicrometerRequestMetrics(MeterRegistry registry) {
      MicrometerRequestMetrics metrics = new MicrometerRequestMetrics();
      metrics.bindTo(registry);
      return metrics;
    }
  }
}
