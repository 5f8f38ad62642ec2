/**
 * How partita-model works: the model compiled and checked, entities' codecs and key templates, the
 * planned writes, queries, scans and cursors, and the exports of a model. Not API: it may change in
 * any release. Uses the root package's public types ({@code io.partita.model}) and the AWS SDK.
 */
package io.partita.model.internal;
