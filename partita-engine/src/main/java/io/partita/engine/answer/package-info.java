/**
 * What an operation answers ({@code Answer}): its SDK response, or for the reads that return items
 * an {@code ItemsAnswer} whose items ({@code StoredItem}) stay in their stored encoding until the
 * caller converts them once. Uses {@code value} and {@code expr} (a projection).
 */
package io.partita.engine.answer;
