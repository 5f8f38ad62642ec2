package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;

/**
 * SearchVectors, an operation newer than issue 16: Partita has no vector indexes (CreateTable's and
 * UpdateTable's vector index parameters are not built), so it is refused by name rather than answered
 * UnknownOperationException.
 */
public final class VectorSearch {
  private VectorSearch() {}

  public static SearchVectorsResponse search(EngineContext ctx, SearchVectorsRequest req) {
    throw Unsupported.refuse("SearchVectors", "it has no vector indexes yet");
  }
}
