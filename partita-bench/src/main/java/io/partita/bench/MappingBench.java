package io.partita.bench;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.partita.model.internal.Codecs;
import io.partita.model.internal.RecordMapper;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbImmutable;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The cost of mapping a 10-attribute object to a DynamoDB item and back: partita-model's record mapper (method
 * handles per component, looked up once) against the AWS SDK v2 Enhanced Client's {@code TableSchema.fromBean} and
 * {@code TableSchema.fromImmutableClass} for the same shape (String ×2, int, long, double, boolean, Instant,
 * List&lt;String&gt;, BigDecimal, enum). Schemas and mappers are built once in setup, as an application would.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MappingBench {

  public enum Status { ACTIVE, SUSPENDED }

  /** The partita-model shape: a record. */
  public record Account(String id, String name, int logins, long balance, double score, boolean verified,
      Instant createdAt, List<String> tags, BigDecimal credit, Status status) {}

  /** The Enhanced Client's mutable shape. */
  @DynamoDbBean
  public static final class AccountBean {
    private String id;
    private String name;
    private int logins;
    private long balance;
    private double score;
    private boolean verified;
    private Instant createdAt;
    private List<String> tags;
    private BigDecimal credit;
    private Status status;

    @DynamoDbPartitionKey
    public String getId() {
      return id;
    }

    public void setId(String id) {
      this.id = id;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }

    public int getLogins() {
      return logins;
    }

    public void setLogins(int logins) {
      this.logins = logins;
    }

    public long getBalance() {
      return balance;
    }

    public void setBalance(long balance) {
      this.balance = balance;
    }

    public double getScore() {
      return score;
    }

    public void setScore(double score) {
      this.score = score;
    }

    public boolean isVerified() {
      return verified;
    }

    public void setVerified(boolean verified) {
      this.verified = verified;
    }

    public Instant getCreatedAt() {
      return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
      this.createdAt = createdAt;
    }

    public List<String> getTags() {
      return tags;
    }

    public void setTags(List<String> tags) {
      this.tags = tags;
    }

    public BigDecimal getCredit() {
      return credit;
    }

    public void setCredit(BigDecimal credit) {
      this.credit = credit;
    }

    public Status getStatus() {
      return status;
    }

    public void setStatus(Status status) {
      this.status = status;
    }
  }

  /** The Enhanced Client's immutable shape: getters and a builder. */
  @DynamoDbImmutable(builder = AccountImmutable.Builder.class)
  public static final class AccountImmutable {
    private final String id;
    private final String name;
    private final int logins;
    private final long balance;
    private final double score;
    private final boolean verified;
    private final Instant createdAt;
    private final List<String> tags;
    private final BigDecimal credit;
    private final Status status;

    private AccountImmutable(Builder b) {
      id = b.id;
      name = b.name;
      logins = b.logins;
      balance = b.balance;
      score = b.score;
      verified = b.verified;
      createdAt = b.createdAt;
      tags = b.tags;
      credit = b.credit;
      status = b.status;
    }

    public static Builder builder() {
      return new Builder();
    }

    @DynamoDbPartitionKey
    public String id() {
      return id;
    }

    public String name() {
      return name;
    }

    public int logins() {
      return logins;
    }

    public long balance() {
      return balance;
    }

    public double score() {
      return score;
    }

    public boolean verified() {
      return verified;
    }

    public Instant createdAt() {
      return createdAt;
    }

    public List<String> tags() {
      return tags;
    }

    public BigDecimal credit() {
      return credit;
    }

    public Status status() {
      return status;
    }

    public static final class Builder {
      private String id;
      private String name;
      private int logins;
      private long balance;
      private double score;
      private boolean verified;
      private Instant createdAt;
      private List<String> tags;
      private BigDecimal credit;
      private Status status;

      public Builder id(String v) {
        id = v;
        return this;
      }

      public Builder name(String v) {
        name = v;
        return this;
      }

      public Builder logins(int v) {
        logins = v;
        return this;
      }

      public Builder balance(long v) {
        balance = v;
        return this;
      }

      public Builder score(double v) {
        score = v;
        return this;
      }

      public Builder verified(boolean v) {
        verified = v;
        return this;
      }

      public Builder createdAt(Instant v) {
        createdAt = v;
        return this;
      }

      public Builder tags(List<String> v) {
        tags = v;
        return this;
      }

      public Builder credit(BigDecimal v) {
        credit = v;
        return this;
      }

      public Builder status(Status v) {
        status = v;
        return this;
      }

      public AccountImmutable build() {
        return new AccountImmutable(this);
      }
    }
  }

  RecordMapper<Account> partita;
  TableSchema<AccountBean> beanSchema;
  TableSchema<AccountImmutable> immutableSchema;
  Account record;
  AccountBean bean;
  AccountImmutable immutable;
  Map<String, AttributeValue> partitaItem;
  Map<String, AttributeValue> beanItem;
  Map<String, AttributeValue> immutableItem;

  @Setup
  public void setup() {
    partita = RecordMapper.forEntity(Account.class, new Codecs(), Map.of(), Set.of());
    beanSchema = TableSchema.fromBean(AccountBean.class);
    immutableSchema = TableSchema.fromImmutableClass(AccountImmutable.class);
    Instant created = Instant.parse("2026-11-21T10:15:30.123Z");
    List<String> tags = List.of("gold", "early", "eu");
    BigDecimal credit = new BigDecimal("1234.56");
    record = new Account("acct-000123", "Ada Lovelace", 42, 987654321L, 4.75, true, created, tags, credit,
        Status.ACTIVE);
    bean = new AccountBean();
    bean.setId(record.id());
    bean.setName(record.name());
    bean.setLogins(record.logins());
    bean.setBalance(record.balance());
    bean.setScore(record.score());
    bean.setVerified(record.verified());
    bean.setCreatedAt(created);
    bean.setTags(tags);
    bean.setCredit(credit);
    bean.setStatus(Status.ACTIVE);
    immutable = AccountImmutable.builder().id(record.id()).name(record.name()).logins(42).balance(987654321L)
        .score(4.75).verified(true).createdAt(created).tags(tags).credit(credit).status(Status.ACTIVE).build();
    partitaItem = partitaToItem();
    beanItem = beanToItem();
    immutableItem = immutableToItem();
    if (partitaItem.size() != 10 || beanItem.size() != 10 || immutableItem.size() != 10) {
      throw new IllegalStateException("10 attributes each: " + partitaItem.keySet() + " " + beanItem.keySet());
    }
    if (!partitaFromItem().equals(record) || !beanFromItem().getName().equals(record.name())
        || immutableFromItem().balance() != record.balance()) {
      throw new IllegalStateException("round trip");
    }
  }

  @Benchmark
  public Map<String, AttributeValue> partitaToItem() {
    Map<String, AttributeValue> out = new java.util.HashMap<>(32);
    partita.encodeValues(partita.values(record), out);
    return out;
  }

  @Benchmark
  public Account partitaFromItem() {
    return partita.decodeRecord(partitaItem, false);
  }

  @Benchmark
  public Account partitaRoundTrip() {
    Map<String, AttributeValue> out = new java.util.HashMap<>(32);
    partita.encodeValues(partita.values(record), out);
    return partita.decodeRecord(out, false);
  }

  @Benchmark
  public Map<String, AttributeValue> beanToItem() {
    return beanSchema.itemToMap(bean, true);
  }

  @Benchmark
  public AccountBean beanFromItem() {
    return beanSchema.mapToItem(beanItem);
  }

  @Benchmark
  public AccountBean beanRoundTrip() {
    return beanSchema.mapToItem(beanSchema.itemToMap(bean, true));
  }

  @Benchmark
  public Map<String, AttributeValue> immutableToItem() {
    return immutableSchema.itemToMap(immutable, true);
  }

  @Benchmark
  public AccountImmutable immutableFromItem() {
    return immutableSchema.mapToItem(immutableItem);
  }

  @Benchmark
  public AccountImmutable immutableRoundTrip() {
    return immutableSchema.mapToItem(immutableSchema.itemToMap(immutable, true));
  }

}
