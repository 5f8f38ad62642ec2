package io.partita.engine.internal.ops.schema;

import io.partita.engine.PartitaException;

/**
 * The one answer to a request a single local engine cannot honour (a replica in another region, a
 * Kinesis data stream, CloudWatch Contributor Insights, Application Auto Scaling): refused by name with
 * DynamoDB's error for a request it does not support, a ValidationException (the service's answer to an
 * unsupported input parameter is "ValidationException: One or more parameter values were invalid:
 * Unsupported input parameter X", recorded in hashicorp/terraform-provider-aws#7064), never
 * UnknownOperationException and never a pretended success. docs/other-operations.md lists them.
 */
final class Unsupported {
  private Unsupported() {}

  /** {@code what} refused, with why Partita cannot do it. */
  static PartitaException refuse(String what, String why) {
    return PartitaException.validation("One or more parameter values were invalid: " + what
        + " is not supported by Partita: " + why);
  }

  /**
   * Refuses the first of a table request's parameters that Partita cannot honour, named: the global
   * tables' (replicas, witnesses, multi-region consistency, settings replication, a source table in another
   * region, disassociation protection) and vector indexes. {@code given} alternates names and whether given.
   */
  static void refuseParameters(String operation, Object... given) {
    for (int i = 0; i < given.length; i += 2) {
      if ((Boolean) given[i + 1]) {
        String name = (String) given[i];
        throw refuse(operation + " parameter " + name, name.startsWith("Vector") ? "it has no vector indexes yet"
            : ONE_REGION);
      }
    }
  }

  static final String ONE_REGION = "it is one database in one region, with no replicas elsewhere";
  static final String NO_KINESIS = "it has no Amazon Kinesis Data Streams to write to (DynamoDB Streams are served)";
  static final String NO_CLOUDWATCH = "it has no Amazon CloudWatch to publish Contributor Insights to";
  static final String NO_AUTO_SCALING = "it has no Application Auto Scaling (throughput is not metered)";
}
