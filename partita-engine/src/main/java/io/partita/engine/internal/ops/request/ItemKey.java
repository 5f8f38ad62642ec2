package io.partita.engine.internal.ops.request;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A validated primary key: the key attributes as given and the storage key they encode to.
 */
public record ItemKey(byte[] storageKey, Map<String, AttributeValue> attributes) {}
