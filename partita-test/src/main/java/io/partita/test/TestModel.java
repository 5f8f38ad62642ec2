package io.partita.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the static {@link io.partita.model.Model} field of a {@link ModelTest} class (or of a class it extends or
 * is nested in) whose table the tests get.
 *
 * <p>Why a field and not an annotation naming a class: the test then holds the model under a name it can use
 * (its entities and access patterns go into the assertions: {@code requests.servedBy(Shop.ORDERS)}), the compiler
 * checks that it is a {@code Model}, and no naming convention (which static method of which class?) has to be
 * learnt. Static, because the table is created before any instance of the test class exists ({@code @BeforeAll}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface TestModel {}
