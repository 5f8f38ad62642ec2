/**
 * Attribute values in the engine's own form: the item and key encodings ({@code ItemCodec}, {@code
 * KeyCodec}, keys sorting as DynamoDB sorts), numbers, item sizes, and an item's DynamoDB JSON
 * written from its stored bytes ({@code ItemJson}). Uses the root values only (and the SDK's
 * {@code AttributeValue}, Jackson).
 */
package io.partita.engine.internal.value;
