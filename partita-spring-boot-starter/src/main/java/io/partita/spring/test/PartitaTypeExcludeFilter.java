package io.partita.spring.test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import io.partita.model.Model;
import io.partita.model.ModelListener;
import io.partita.spring.ModelClientBuilderCustomizer;
import io.partita.spring.PartitaEngineCustomizer;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.core.type.filter.RegexPatternTypeFilter;
import org.springframework.core.type.filter.TypeFilter;

/**
 * What {@link PartitaTest}'s component scan keeps: by default the classes that declare a {@code @Bean} method
 * returning a {@link Model} (the application's model configuration), {@link ModelListener}s,
 * {@link ModelClientBuilderCustomizer}s and {@link PartitaEngineCustomizer}s; plus the test's {@code includeFilters}, less its {@code excludeFilters}.
 * Everything else the scan finds (controllers, other services, their configurations) stays out of the context.
 */
final class PartitaTypeExcludeFilter extends TypeExcludeFilter {
  private static final List<TypeFilter> DEFAULTS = List.of(new AssignableTypeFilter(ModelListener.class),
      new AssignableTypeFilter(ModelClientBuilderCustomizer.class),
      new AssignableTypeFilter(PartitaEngineCustomizer.class));

  private final boolean useDefaultFilters;
  private final List<Filter> includes;
  private final List<Filter> excludes;
  private final List<TypeFilter> includeFilters;
  private final List<TypeFilter> excludeFilters;

  PartitaTypeExcludeFilter(PartitaTest test) {
    this.useDefaultFilters = test.useDefaultFilters();
    this.includes = List.of(test.includeFilters());
    this.excludes = List.of(test.excludeFilters());
    this.includeFilters = typeFilters(includes);
    this.excludeFilters = typeFilters(excludes);
  }

  @Override
  public boolean match(MetadataReader reader, MetadataReaderFactory factory) throws IOException {
    boolean include = useDefaultFilters && (declaresModelBean(reader) || any(DEFAULTS, reader, factory))
        || any(includeFilters, reader, factory);
    return !include || any(excludeFilters, reader, factory);
  }

  private static boolean declaresModelBean(MetadataReader reader) {
    return reader.getAnnotationMetadata().getAnnotatedMethods(Bean.class.getName()).stream()
        .anyMatch(m -> Model.class.getName().equals(m.getReturnTypeName()));
  }

  private static boolean any(List<TypeFilter> filters, MetadataReader reader, MetadataReaderFactory factory)
      throws IOException {
    for (TypeFilter f : filters) {
      if (f.match(reader, factory)) {
        return true;
      }
    }
    return false;
  }

  /** {@code @Filter}s as the component scan reads them (the types a test needs; AspectJ patterns are refused). */
  @SuppressWarnings("unchecked")
  private static List<TypeFilter> typeFilters(List<Filter> filters) {
    List<TypeFilter> out = new ArrayList<>();
    for (Filter filter : filters) {
      List<Class<?>> classes = new ArrayList<>(Arrays.asList(filter.classes()));
      classes.addAll(Arrays.asList(filter.value()));
      switch (filter.type()) {
        case ANNOTATION -> classes.forEach(c -> out.add(
            new AnnotationTypeFilter((Class<? extends java.lang.annotation.Annotation>) c)));
        case ASSIGNABLE_TYPE -> classes.forEach(c -> out.add(new AssignableTypeFilter(c)));
        case CUSTOM -> classes.forEach(c -> out.add(BeanUtils.instantiateClass(c, TypeFilter.class)));
        case REGEX -> Arrays.stream(filter.pattern())
            .forEach(p -> out.add(new RegexPatternTypeFilter(java.util.regex.Pattern.compile(p))));
        default -> throw new IllegalArgumentException("@PartitaTest does not take " + filter.type() + " filters");
      }
    }
    return List.copyOf(out);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartitaTypeExcludeFilter f && f.useDefaultFilters == useDefaultFilters
        && f.includes.equals(includes) && f.excludes.equals(excludes);
  }

  @Override
  public int hashCode() {
    return Objects.hash(useDefaultFilters, includes, excludes);
  }
}
