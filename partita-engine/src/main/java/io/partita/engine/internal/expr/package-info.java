/**
 * DynamoDB's expression language and the legacy parameters it replaced: tokenizer, parser, binder
 * against a table, and evaluation of conditions, updates, projections and key conditions; parses
 * are cached by text. Uses {@code table}, {@code value} and the root values.
 */
package io.partita.engine.internal.expr;
