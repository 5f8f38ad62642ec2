package io.partita.engine.internal.table;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The account Partita names its resources with by default (table, index, stream and key ARNs), the
 * all-zero account that marks a local, unowned resource; and the region they are named in by default.
 * A database names one region and one account ({@link Home}: {@code Partita.with().region},
 * {@code .account}, {@code partita serve --region} and {@code --isolate}), a real region name, so
 * that code which parses an ARN's region (SDKs resolving endpoints, IAM-style tooling) reads a valid
 * one, and stream records carry the region the client called.
 */
public final class Arns {
  public static final String DEFAULT_REGION = "us-east-1";
  public static final String ACCOUNT = "000000000000";
  /** AWS's region names: us-east-1, eu-central-2, us-gov-west-1, ap-southeast-5, cn-northwest-1. */
  private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-[0-9]{1,2}");
  /** An AWS account id: twelve decimal digits. */
  private static final Pattern ACCOUNT_ID = Pattern.compile("[0-9]{12}");

  /**
   * A DynamoDB ARN: partition, region, account, and the resource after the account ({@code table/T},
   * {@code table/T/index/I}, {@code table/T/stream/L}). The partitions are AWS's: aws, aws-cn, aws-us-gov...
   */
  private static final Pattern DYNAMODB_ARN = Pattern.compile("arn:(aws[a-z-]*):dynamodb:([^:]*):([^:]*):(.*)",
      Pattern.DOTALL);
  /** A table resource: table names are 3 to 255 of a-z, A-Z, 0-9, '_', '-' and '.'. */
  private static final Pattern TABLE = Pattern.compile("table/([a-zA-Z0-9_.-]{3,255})");
  private static final Pattern STREAM = Pattern.compile("table/([a-zA-Z0-9_.-]{3,255})/stream/([^/]+)");

  private Arns() {}

  /**
   * The table a request's TableName names, which DynamoDB accepts as a name or as the table's ARN
   * (API reference, every TableName of shape TableArn): a name is answered as it is; a table ARN
   * of {@code home}'s region and account by the name in it; a table ARN of another region
   * or account by null, since it names no table here (the caller answers its not-found, naming what
   * was given). Anything else that starts with {@code arn:} (an index's or a stream's ARN, another
   * service's, a malformed one) is a ValidationException: a TableName names a table.
   */
  public static String tableName(Home home, String nameOrArn) {
    if (nameOrArn == null || !nameOrArn.startsWith("arn:")) {
      return nameOrArn;
    }
    Matcher arn = DYNAMODB_ARN.matcher(nameOrArn);
    Matcher table = arn.matches() ? TABLE.matcher(arn.group(4)) : null;
    if (table == null || !table.matches()) {
      throw PartitaException.validation("One or more parameter values were invalid: " + nameOrArn
          + " is not a table ARN (arn:aws:dynamodb:<region>:<account>:table/<table name>)");
    }
    ownAccount(home, arn.group(3), nameOrArn);
    return arn.group(2).equals(home.region()) ? table.group(1) : null;
  }

  /**
   * Nothing when {@code account} is this database's ({@code home}'s), else {@link AnotherAccount}: the service refuses a
   * caller the tables of an account that has not granted it access (public suites recorded against the
   * service, 2025-2026, for ListTagsOfResource and the other operations that take a table ARN; issue 34).
   */
  public static void ownAccount(Home home, String account, String arn) {
    if (!account.equals(home.account())) {
      throw new AnotherAccount(home.account(), arn);
    }
  }

  /**
   * A table ARN of another account: AccessDeniedException, in the words dynalite recorded for an ARN the
   * caller may not use, the caller being this database's account. The words name the operation, which only
   * the engine's entry point knows: it answers {@link #in} with it.
   */
  public static final class AnotherAccount extends PartitaException {
    private final String caller;
    private final String arn;

    AnotherAccount(String caller, String arn) {
      super(ErrorCode.AccessDeniedException, denied(caller, "*", arn));
      this.caller = caller;
      this.arn = arn;
    }

    /** The refusal as the service words it for {@code operation}. */
    public PartitaException in(String operation) {
      return new PartitaException(ErrorCode.AccessDeniedException, denied(caller, operation, arn));
    }

    private static String denied(String caller, String operation, String arn) {
      return "User: arn:aws:iam::" + caller + ":root is not authorized to perform: dynamodb:" + operation
          + " on resource: " + arn;
    }
  }

  /** A DynamoDB ARN's parts, or null for what is not one. */
  public static Parsed parse(String arn) {
    Matcher m = arn == null ? null : DYNAMODB_ARN.matcher(arn);
    return m != null && m.matches() ? new Parsed(m.group(1), m.group(2), m.group(3), m.group(4)) : null;
  }

  /** An ARN's partition, region, account and resource ({@code table/T/stream/L}). */
  public record Parsed(String partition, String region, String account, String resource) {}

  /**
   * The table or stream an ARN's resource part names (what a resource-based policy attaches to), or
   * null for any other resource (an index, a backup).
   */
  public static Resource resource(String resource) {
    Matcher table = TABLE.matcher(resource);
    if (table.matches()) {
      return new Resource(table.group(1), null);
    }
    Matcher stream = STREAM.matcher(resource);
    return stream.matches() ? new Resource(stream.group(1), stream.group(2)) : null;
  }

  /** A table, or one of its streams by label ({@code stream} null for the table itself). */
  public record Resource(String table, String stream) {}

  /** {@code account} if it is an account id, twelve digits, else an IllegalArgumentException saying so. */
  public static String account(String account) {
    if (account == null || !ACCOUNT_ID.matcher(account).matches()) {
      throw new IllegalArgumentException("account must be an AWS account id, twelve digits such as 123456789012, not '"
          + account + "'");
    }
    return account;
  }

  /** {@code region} if it is a region name, else an IllegalArgumentException saying what one looks like. */
  public static String region(String region) {
    if (region == null || !REGION.matcher(region).matches()) {
      throw new IllegalArgumentException("region must be a region name such as us-east-1 or eu-west-2, not '"
          + region + "'");
    }
    return region;
  }
}
