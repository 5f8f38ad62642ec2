package io.partita.engine.internal.table;

/**
 * Where a database's resources are named: the region and the 12-digit account of its ARNs
 * ({@code arn:aws:dynamodb:REGION:ACCOUNT:table/NAME}). One database is one account in one region,
 * as one DynamoDB endpoint serves one region of one caller's account; a server that keeps a database
 * per account or region ({@code partita serve --isolate}) gives each its own.
 */
public record Home(String region, String account) {
  /** us-east-1, and the all-zero account that marks a local, unowned resource. */
  public static final Home DEFAULT = new Home(Arns.DEFAULT_REGION, Arns.ACCOUNT);

  public Home {
    Arns.region(region);
    Arns.account(account);
  }

  /** The ARN of the table {@code name}. */
  public String tableArn(String name) {
    return "arn:aws:dynamodb:" + region + ":" + account + ":table/" + name;
  }
}
