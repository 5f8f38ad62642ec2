/**
 * DynamoDB's expression language and the legacy parameters it replaced: tokenizer, parser, binder
 * against a table, and evaluation of conditions, updates, projections and key conditions; parses
 * are cached by text. Uses {@code table}, {@code value} and the root values.
 *
 * <p>One package in four parts, each using only the parts before it ({@code ArchitectureTest} keeps the order;
 * docs/DESIGN.md says why they are not four packages):
 * <ol>
 *   <li>syntax: {@code Token}, {@code Tokenizer}, {@code ReservedWords}, {@code Ast}, {@code Parser} and
 *       {@code AstCache}, the parses shared by text;
 *   <li>what a bound expression is and how it evaluates against an item: {@code Values}, {@code DocPath},
 *       {@code Operands}, {@code Condition} and {@code Conditions}, {@code Update}, {@code UpdateImpl} and
 *       {@code AddDelete}, {@code Projection} and {@code ProjectionImpl}, {@code KeyCondition},
 *       {@code SortCondition}, {@code SortEquality}, {@code KeySchemaSpec};
 *   <li>binding a parse to a request's names and values and checking it: {@code Binder}, the key
 *       conditions' {@code KeyClauses} and {@code KeyConditions}, SearchVectors' {@code SearchConditions};
 *   <li>the legacy parameters (Expected, QueryFilter and ScanFilter, KeyConditions, AttributeUpdates):
 *       {@code LegacyConditions}, {@code LegacyKeyConditions}, {@code LegacyUpdate}.
 * </ol>
 * Beside them, used by all four: {@code ExpressionContext}, one request's names and values and the way in for the
 * operations; {@code ExprErrors}, every message the parts raise, in DynamoDB's words; and
 * {@code Uncached}, the benchmarks' way past the cache.
 */
package io.partita.engine.internal.expr;
