package io.partita.engine.answer;

import software.amazon.awssdk.awscore.AwsResponse;

/**
 * What an operation answers. Most operations answer their SDK response; the reads that answer items
 * (GetItem, Query, Scan, BatchGetItem, TransactGetItems) answer an {@link ItemsAnswer}, whose items are still in their
 * stored encoding, so that each caller converts them once into what it sends: the embedded client
 * into the SDK's objects, the server straight into JSON.
 */
public sealed interface Answer permits Answer.Response, ItemsAnswer {
  /** The SDK response; an answer with stored items builds it when first asked. */
  AwsResponse response();

  static Answer of(AwsResponse response) {
    return new Response(response);
  }

  /** An answer that is its SDK response already. */
  record Response(AwsResponse response) implements Answer {}
}
