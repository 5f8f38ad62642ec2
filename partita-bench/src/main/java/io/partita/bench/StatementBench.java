package io.partita.bench;

import io.partita.engine.Partita;
import java.util.Map;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * What PartiQL costs over the API it means, in memory, through {@code Partita.execute}: a SELECT
 * of the ~1 KB fixture item by its key against the GetItem of it, and an UPDATE that adds 1 to a
 * number against the UpdateItem with the same expression. Every call is validated and planned
 * anew (the expression parses are cached on both sides, as in a real workload).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class StatementBench {
  static final String PK = "order#00000001";

  Partita partita;
  GetItemRequest get;
  ExecuteStatementRequest select;
  UpdateItemRequest update;
  ExecuteStatementRequest updateStatement;

  @Setup
  public void setup() {
    Map<String, AttributeValue> item = Fixtures.item(PK);
    partita = Partita.inMemory();
    partita.execute(Fixtures.createTable());
    partita.execute(PutItemRequest.builder().tableName(Fixtures.TABLE).item(item).build());
    AttributeValue key = AttributeValue.fromS(PK);
    get = GetItemRequest.builder().tableName(Fixtures.TABLE).key(Map.of("pk", key)).build();
    select = ExecuteStatementRequest.builder()
        .statement("SELECT * FROM \"" + Fixtures.TABLE + "\" WHERE pk = ?").parameters(key).build();
    update = UpdateItemRequest.builder().tableName(Fixtures.TABLE).key(Map.of("pk", key))
        .updateExpression("SET a = a + :one").expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
        .build();
    updateStatement = ExecuteStatementRequest.builder()
        .statement("UPDATE \"" + Fixtures.TABLE + "\" SET a = a + 1 WHERE pk = ?").parameters(key).build();
    ExecuteStatementResponse selected = partita.execute(select);
    if (!selected.items().equals(java.util.List.of(item)) || !item.equals(((software.amazon.awssdk.services.dynamodb.model.GetItemResponse) partita.execute(get)).item())) {
      throw new IllegalStateException("the SELECT and the GetItem must read the same item");
    }
  }

  @TearDown
  public void tearDown() {
    partita.close();
  }

  @Benchmark
  public Object getItem() {
    return partita.execute(get);
  }

  @Benchmark
  public Object selectByKey() {
    return partita.execute(select);
  }

  @Benchmark
  public Object updateItem() {
    return partita.execute(update);
  }

  @Benchmark
  public Object updateStatement() {
    return partita.execute(updateStatement);
  }
}
