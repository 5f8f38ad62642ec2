package io.partita.engine.ops;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A validated primary key: the key attributes as given and the storage key they encode to.
 */
record ItemKey(byte[] storageKey, Map<String, AttributeValue> attributes) {}
