package io.partita.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Imports Partita's auto-configuration (the DynamoDbClient, the ModelClient, the listeners) into a test whose
 * auto-configuration is otherwise off, such as another slice ({@code @WebMvcTest}, {@code @JsonTest}); the classes
 * are listed in {@code META-INF/spring/io.partita.spring.test.AutoConfigurePartita.imports}. {@link PartitaTest}
 * carries it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigurePartita {}
