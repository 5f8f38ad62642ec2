package io.partita.engine.internal.partiql;

import io.partita.engine.PartitaException;

/**
 * The service's PartiQL messages that more than one class gives. Each text is recorded from Amazon
 * DynamoDB (see docs/partiql.md for the sources); those marked chosen in that page are Partita's.
 */
final class Errors {
  private Errors() {}

  static final String NOT_WELL_FORMED = "Statement wasn't well formed, can't be processed: ";
  static final String KEY_EQUALITY = "Where clause does not contain a mandatory equality on all key attributes";
  static final String PARAMETER_COUNT = "Number of parameters in request and statement don't match.";

  /** A statement the parser cannot read; {@code detail} may be empty, as the service leaves it for some. */
  static PartitaException notWellFormed(String detail) {
    return PartitaException.validation(NOT_WELL_FORMED + detail);
  }

  static PartitaException invalid(String message) {
    return PartitaException.validation(message);
  }
}
