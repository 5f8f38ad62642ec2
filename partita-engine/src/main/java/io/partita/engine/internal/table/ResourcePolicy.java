package io.partita.engine.internal.table;

/**
 * A resource-based policy attached to a table or a stream: the document as PutResourcePolicy gave it,
 * and its RevisionId (the epoch milliseconds of the change, as the service's are).
 */
public record ResourcePolicy(String document, String revisionId) {}
