package io.partita.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The attribute name a record component is stored under, when it differs from the component's name:
 * {@code record User(@Attr("e") String email)}. Works in nested records too. For a record you cannot annotate, use
 * {@link Entity#storedAs}, which wins over the annotation.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Attr {
  String value();
}
