package io.partita.spring.shop;

import java.time.Instant;

/** An order, in its customer's item collection (orderId is a ULID, so the collection sorts by time). */
public record Order(String customerId, String orderId, long totalCents, Instant createdAt, Instant updatedAt) {}
