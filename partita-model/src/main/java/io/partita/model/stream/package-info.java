/**
 * Typed stream events run where stream records come from: Partita's in-process listener or a Lambda
 * function triggered by a DynamoDB stream. Uses {@code io.partita.model} and, of {@code internal},
 * its JSON reader.
 */
package io.partita.model.stream;
