/**
 * Testing a partita-model application: {@code @ModelTest} hands each test the model's table on an
 * in-memory Partita, fixtures, a recording listener, a manual clock and switches for trouble
 * (throttling, storage faults). Uses {@code io.partita.model}, {@code io.partita.embedded} and the
 * engine (its API, and {@code internal.storage}'s injected faults).
 */
package io.partita.test;
