package io.partita.spring.test;

import java.util.List;
import java.util.Objects;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Registers {@link PartitaTypeExcludeFilter} for a {@link PartitaTest} class, before the context refreshes: Spring
 * Boot's {@code TypeExcludeFilter} on the application's component scan asks every such bean whether to skip a class.
 */
class PartitaTestContextCustomizerFactory implements ContextCustomizerFactory {

  @Override
  public ContextCustomizer createContextCustomizer(Class<?> testClass,
      List<ContextConfigurationAttributes> configAttributes) {
    PartitaTest test = TestContextAnnotationUtils.findMergedAnnotation(testClass, PartitaTest.class);
    return test == null ? null : new Customizer(new PartitaTypeExcludeFilter(test));
  }

  /** Equal for equal filters, so that the context cache tells two slices apart by what they scan. */
  private static final class Customizer implements ContextCustomizer {
    private final PartitaTypeExcludeFilter filter;

    Customizer(PartitaTypeExcludeFilter filter) {
      this.filter = filter;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration merged) {
      context.getBeanFactory().registerSingleton(PartitaTypeExcludeFilter.class.getName(), filter);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Customizer c && c.filter.equals(filter);
    }

    @Override
    public int hashCode() {
      return Objects.hash(filter);
    }
  }
}
