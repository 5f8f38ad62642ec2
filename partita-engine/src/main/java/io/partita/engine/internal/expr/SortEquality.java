package io.partita.engine.internal.expr;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@code attributeName = value} on a leading attribute of a multi-attribute sort key. */
public record SortEquality(String attributeName, AttributeValue value) {}
