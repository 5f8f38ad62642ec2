package io.partita.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.ContextCustomizerFactories;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test slice for the data layer: an application context with Partita's auto-configuration only (no web, no
 * security, none of the application's other auto-configurations), an embedded in-memory Partita as the
 * {@code DynamoDbClient}, the model's table created from the application's {@code Model} bean, and a
 * {@code ModelClient} to inject. The application's configuration is found as {@code @SpringBootTest} finds it, and its
 * component scan keeps only what the data layer is made of: classes with a {@code @Bean} method returning a
 * {@code Model}, {@code ModelListener}s, {@code ModelClientBuilderCustomizer}s and {@code PartitaEngineCustomizer}s.
 * The engine is a bean too ({@code io.partita.engine.Partita}): a test may switch faults, throttling or a
 * consistency lag on through it. Add the classes under test (the
 * repositories or services that use the {@code ModelClient}) with {@link #includeFilters()} or {@code @Import}.
 *
 * <p>Each test class gets a fresh context and so a fresh empty database, closed after the class: the tests of one
 * class share it (give them distinct keys), and no class sees another's items. That costs a context start per class
 * (a fraction of a second for this slice) and is the point: data left by one class cannot make another pass or fail.
 *
 * <pre>{@code
 * @PartitaTest(includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = OrderService.class))
 * class OrderServiceTest {
 *   @Autowired OrderService orders;
 *
 *   @Test
 *   void placesAnOrder() { ... }
 * }
 * }</pre>
 *
 * <p>Built like Spring Boot's own slices ({@code @DataJpaTest}): its own test context bootstrapper for the
 * properties, auto-configuration switched off but for {@link AutoConfigurePartita}'s list, and a type exclude filter
 * on the component scan; the filter is registered by this module's context customizer rather than Boot's
 * {@code @TypeExcludeFilters}, whose package differs between Boot 3 and 4, so one starter serves both.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(PartitaTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@ContextCustomizerFactories(PartitaTestContextCustomizerFactory.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@AutoConfigurePartita
public @interface PartitaTest {

  /** More properties, {@code key=value}, applied over the slice's own ({@code partita.mode=embedded}, ...). */
  String[] properties() default {};

  /** Keep the slice's default includes (Model configurations, listeners, customizers) in the component scan. */
  boolean useDefaultFilters() default true;

  /** More classes to keep in the component scan: the services or repositories under test. */
  Filter[] includeFilters() default {};

  /** Classes to leave out of the component scan even when an include matches them. */
  Filter[] excludeFilters() default {};
}
