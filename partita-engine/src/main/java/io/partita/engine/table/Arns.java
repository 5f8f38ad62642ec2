package io.partita.engine.table;

/**
 * The region and account Partita names its resources with (table, index and key ARNs): a real
 * region, so that code which parses an ARN's region (SDKs resolving endpoints, IAM-style tooling)
 * reads a valid one, and the all-zero account that marks a local, unowned resource.
 */
public final class Arns {
  public static final String REGION = "us-east-1";
  public static final String ACCOUNT = "000000000000";

  private Arns() {}
}
