/**
 * The {@code @PartitaTest} slice and {@code @AutoConfigurePartita}: a data-layer test context on an
 * embedded in-memory Partita with the model's table created. Uses {@code io.partita.spring} and
 * {@code io.partita.model}.
 */
package io.partita.spring.test;
