package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateBackupResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * {@code Partita.with().account(..)}: the account a database stands for names every ARN it makes, and a
 * table ARN of another account is refused as the service refuses a caller another account's table
 * (what {@code partita serve --isolate accounts} gives each account's database).
 */
class IsolatedAccountTest {
  private static final String ACCOUNT = "123456789012";

  @Test
  void theAccountNamesEveryArnAndAnotherAccountsTableIsRefused() {
    try (Partita p = Partita.with().account(ACCOUNT).region("eu-west-2").inMemory()) {
      CreateTableResponse created = p.execute(CreateTableRequest.builder().tableName("Orders")
          .billingMode(BillingMode.PAY_PER_REQUEST)
          .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
          .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH))
          .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)).build());
      TableDescription t = created.tableDescription();
      String arn = "arn:aws:dynamodb:eu-west-2:" + ACCOUNT + ":table/Orders";
      assertEquals(arn, t.tableArn());
      assertTrue(t.latestStreamArn().startsWith(arn + "/stream/"), t.latestStreamArn());
      CreateBackupResponse backedUp = p.execute(CreateBackupRequest.builder().tableName("Orders").backupName("nightly")
          .build());
      String backup = backedUp.backupDetails().backupArn();
      assertTrue(backup.startsWith(arn + "/backup/"), backup);
      // the table by its own ARN; the same table in the all-zero account is another account's
      DescribeTableResponse described = p.execute(DescribeTableRequest.builder().tableName(arn).build());
      assertEquals("Orders", described.table().tableName());
      PartitaException refused = assertThrows(PartitaException.class, () -> p.execute(DescribeTableRequest.builder()
          .tableName("arn:aws:dynamodb:eu-west-2:000000000000:table/Orders").build()));
      assertEquals(ErrorCode.AccessDeniedException, refused.code());
      assertTrue(refused.getMessage().startsWith("User: arn:aws:iam::" + ACCOUNT + ":root is not authorized"),
          refused.getMessage());
    }
  }

  @Test
  void anAccountIsTwelveDigits() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Partita.with().account("12345"));
    assertTrue(e.getMessage().contains("twelve digits"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Partita.with().account("../../etc/pw"));
  }
}
