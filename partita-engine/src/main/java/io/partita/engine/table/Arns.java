package io.partita.engine.table;

/** The region and account Partita names its resources with, as DynamoDB Local does. */
public final class Arns {
  public static final String REGION = "ddblocal";
  public static final String ACCOUNT = "000000000000";

  private Arns() {}
}
