package io.partita.model.internal;

import java.util.List;

import io.partita.model.TableSchema;

/** The checked model: entities and patterns in declaration order. Immutable. */
public record CompiledModel(TableSchema table, List<EntityModel<?>> entities, List<PatternModel> patterns) {}
