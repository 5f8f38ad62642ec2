package io.partita.spring.test;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.test.context.SpringBootTestContextBootstrapper;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * {@link PartitaTest}'s bootstrapper: the slice's properties, then the test's own (a later one wins). Spring Boot
 * places these before any {@code @TestPropertySource}, which still overrides them.
 */
class PartitaTestContextBootstrapper extends SpringBootTestContextBootstrapper {
  static final List<String> SLICE_PROPERTIES = List.of(
      // only AutoConfigurePartita's list: what @OverrideAutoConfiguration(enabled = false) does for Boot's slices
      "spring.boot.enableautoconfiguration=false",
      "partita.mode=embedded",
      // in memory even where application.properties names a data folder: a test must not write to it
      "partita.embedded.data-dir=",
      "partita.model.create-table=true");

  @Override
  protected String[] getProperties(Class<?> testClass) {
    List<String> properties = new ArrayList<>(SLICE_PROPERTIES);
    PartitaTest test = TestContextAnnotationUtils.findMergedAnnotation(testClass, PartitaTest.class);
    if (test != null) {
      properties.addAll(List.of(test.properties()));
    }
    return properties.toArray(String[]::new);
  }
}
