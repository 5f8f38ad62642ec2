package io.partita.model.internal;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.partita.model.Ids;

/** What an {@code Entity} definition says, frozen when a model is built; {@link ModelCompiler} checks it. */
public record EntitySpec(
    Class<?> type,
    String name,
    String partitionKey,
    String sortKey,
    Map<String, List<String>> indexes, // [partition template (null: the table's), sort template or null]
    Map<String, String> storedNames,
    Map<String, Ids> generatedIds,
    Map<String, Object> defaults,
    String createdAt,
    String updatedAt,
    String ttl,
    Set<String> epochSeconds,
    String version,
    Map<String, List<io.partita.model.Rule>> rules,
    int schemaVersion,
    String schemaAttribute,
    Map<Integer, java.util.function.UnaryOperator<Map<String, software.amazon.awssdk.services.dynamodb.model
        .AttributeValue>>> upgrades,
    Map<String, List<List<String>>> multiIndexes,
    Map<String, String> vectors) {} // vector index name -> the field bound to it
