package io.partita.spring.shop;

/** A customer of the test application's shop. */
public record Customer(String id, String name, String email) {}
