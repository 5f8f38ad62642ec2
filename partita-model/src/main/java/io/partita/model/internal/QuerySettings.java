package io.partita.model.internal;

import java.util.List;

import io.partita.model.AccessPattern;
import io.partita.model.Condition;
import io.partita.model.Key;

/** What a caller asked of one query, frozen when it runs. */
public record QuerySettings(
    Key partition,
    Key sort,
    Key sortHigh,
    boolean descending,
    Integer limit,
    int maxRequests,
    boolean consistentRead,
    List<String> projection,
    Condition filter,
    AccessPattern.SortOp sortOp) {}
