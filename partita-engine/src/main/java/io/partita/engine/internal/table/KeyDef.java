package io.partita.engine.internal.table;

import io.partita.engine.internal.value.ScalarType;

/** One key attribute: its name and scalar type. */
public record KeyDef(String name, ScalarType type) {}
