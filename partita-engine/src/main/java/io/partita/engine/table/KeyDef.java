package io.partita.engine.table;

import io.partita.engine.value.ScalarType;

/** One key attribute: its name and scalar type. */
public record KeyDef(String name, ScalarType type) {}
