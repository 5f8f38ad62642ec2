/**
 * Partita's modeling library for single-table design: its public packages, and nothing of {@code
 * io.partita.model.internal}, which the compiler keeps to this module (docs/api.md lists every
 * exported type). Records mapped to items are read and made by reflection: a modular application
 * opens the packages of its entity records to this module ({@code opens com.example.shop to
 * io.partita.model;}).
 */
module io.partita.model {
  requires transitive software.amazon.awssdk.services.dynamodb;
  requires transitive software.amazon.awssdk.core;
  requires static org.slf4j;
  requires static micrometer.core;

  exports io.partita.model;
  exports io.partita.model.fanout;
  exports io.partita.model.geo;
  exports io.partita.model.micrometer;
  exports io.partita.model.migrate;
  exports io.partita.model.onetable;
  exports io.partita.model.slf4j;
  exports io.partita.model.stream;
}
