package io.partita.server.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.partita.engine.Partita;
import io.partita.engine.answer.ItemsAnswer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

/**
 * The server writes the items of GetItem, Query, Scan, BatchGetItem and TransactGetItems straight from their stored
 * encoding (issue 19, "answers written from storage"); what it writes is the answer the SDK's model
 * of the same request gives, written the old way: for whole items, projections of whole attributes,
 * projections into documents, filters, Select COUNT, pages cut by Limit, index reads and an LSI
 * read that fetches the table's item.
 */
class AnswersFromStorageTest {
  /** As the dispatcher's: characters beyond the BMP written as their UTF-8 bytes. */
  private static final JsonFactory JSON = JsonFactory.builder()
      .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();
  private static Partita partita;
  private static Dispatcher dispatcher;

  @BeforeAll
  static void load() {
    partita = Partita.inMemory();
    dispatcher = new Dispatcher(partita);
    call("CreateTable", """
        {"TableName":"tab","BillingMode":"PAY_PER_REQUEST",
         "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
           {"AttributeName":"G","AttributeType":"S"},{"AttributeName":"L","AttributeType":"N"}],
         "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
         "GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"G","KeyType":"HASH"}],
           "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["n"]}}],
         "LocalSecondaryIndexes":[{"IndexName":"byL","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},
           {"AttributeName":"L","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]}""");
    for (int i = 0; i < 12; i++) {
      call("PutItem", """
          {"TableName":"tab","Item":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#%02d"},"G":{"S":"g%d"},"L":{"N":"%d"},
           "n":{"N":"%d.50"},"s":{"S":"text \\" \\\\ \\u0001 \\ud83d\\ude00 é"},"b":{"B":"AAEC/w=="},"t":{"BOOL":true},
           "z":{"NULL":true},"ss":{"SS":["x","y"]},"ns":{"NS":["1","-2.5E+3"]},"bs":{"BS":["AA==","AQ=="]},
           "m":{"M":{"a":{"L":[{"S":"deep"},{"N":"7"},{"M":{"k":{"BOOL":false}}}]},"e":{"M":{}}}},"l":{"L":[]}}}"""
          .formatted(i, i % 3, 100 - i, i));
    }
  }

  @AfterAll
  static void close() {
    partita.close();
  }

  static Stream<Arguments> reads() {
    return Stream.of(
        Arguments.of("GetItem", """
            {"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#03"}},"ReturnConsumedCapacity":"TOTAL"}"""),
        Arguments.of("GetItem", """
            {"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#03"}},"ProjectionExpression":"s, #n, nothing",
             "ExpressionAttributeNames":{"#n":"n"}}"""),
        Arguments.of("GetItem", """
            {"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#03"}},"ProjectionExpression":"m.a[2], l, s"}"""),
        Arguments.of("GetItem", """
            {"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#03"}},"AttributesToGet":["nothing"]}"""),
        Arguments.of("GetItem", """
            {"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"none"}},"ReturnConsumedCapacity":"INDEXES"}"""),
        Arguments.of("Query", """
            {"TableName":"tab","KeyConditionExpression":"PK = :p","ExpressionAttributeValues":{":p":{"S":"USER#ä"}},
             "ReturnConsumedCapacity":"INDEXES"}"""),
        Arguments.of("Query", """
            {"TableName":"tab","KeyConditionExpression":"PK = :p AND begins_with(SK, :o)","Limit":4,
             "ScanIndexForward":false,"ExpressionAttributeValues":{":p":{"S":"USER#ä"},":o":{"S":"ORDER#"}},
             "ProjectionExpression":"SK, ns"}"""),
        Arguments.of("Query", """
            {"TableName":"tab","KeyConditionExpression":"PK = :p","FilterExpression":"n > :n","Limit":9,
             "ExpressionAttributeValues":{":p":{"S":"USER#ä"},":n":{"N":"4"}},"ProjectionExpression":"m.a[0], SK"}"""),
        Arguments.of("Query", """
            {"TableName":"tab","KeyConditionExpression":"PK = :p","Select":"COUNT",
             "ExpressionAttributeValues":{":p":{"S":"USER#ä"}}}"""),
        Arguments.of("Query", """
            {"TableName":"tab","IndexName":"byG","KeyConditionExpression":"G = :g","ExpressionAttributeValues":{":g":{"S":"g1"}}}"""),
        Arguments.of("Query", """
            {"TableName":"tab","IndexName":"byL","KeyConditionExpression":"PK = :p AND L < :l","Limit":2,
             "ExpressionAttributeValues":{":p":{"S":"USER#ä"},":l":{"N":"95"}},"Select":"ALL_ATTRIBUTES"}"""),
        Arguments.of("Scan", """
            {"TableName":"tab","Limit":5,"ReturnConsumedCapacity":"TOTAL"}"""),
        Arguments.of("Scan", """
            {"TableName":"tab","Segment":1,"TotalSegments":3,"FilterExpression":"attribute_exists(z)"}"""),
        Arguments.of("Scan", """
            {"TableName":"tab","IndexName":"byG","ProjectionExpression":"G, n"}"""),
        Arguments.of("BatchGetItem", """
            {"RequestItems":{"tab":{"Keys":[{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#01"}},{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#11"}},
              {"PK":{"S":"USER#ä"},"SK":{"S":"none"}}],"ProjectionExpression":"SK, bs, m.e"}},
             "ReturnConsumedCapacity":"TOTAL"}"""),
        Arguments.of("BatchGetItem", """
            {"RequestItems":{"tab":{"Keys":[{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#05"}}],"ConsistentRead":true}}}"""),
        Arguments.of("TransactGetItems", """
            {"TransactItems":[{"Get":{"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#02"}}}},
              {"Get":{"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"none"}}}},
              {"Get":{"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#07"}},"ProjectionExpression":"ns, m.a[1]"}},
              {"Get":{"TableName":"tab","Key":{"PK":{"S":"USER#ä"},"SK":{"S":"ORDER#08"}},"ProjectionExpression":"#s, nothing",
               "ExpressionAttributeNames":{"#s":"s"}}}],"ReturnConsumedCapacity":"INDEXES"}"""));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("reads")
  void theJsonWrittenFromStorageIsTheSdkAnswersJson(String operation, String body) throws IOException {
    AwsRequest request = parse(Partita.requestType(operation), body);
    assertInstanceOf(ItemsAnswer.class, partita.answer(request), "answered from storage");
    Class<? extends SdkPojo> responseType = switch (operation) {
      case "GetItem" -> GetItemResponse.class;
      case "Query" -> QueryResponse.class;
      case "Scan" -> ScanResponse.class;
      case "TransactGetItems" -> TransactGetItemsResponse.class;
      default -> BatchGetItemResponse.class;
    };
    // the old way: the SDK's response, written by the generic writer
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.createGenerator(expected, JsonEncoding.UTF8)) {
      SdkJsonWriter.write((SdkPojo) partita.execute(request), g);
    }
    String served = call(operation, body);
    // the same answer (an item's attributes come in their stored order, the client's, where the SDK's
    // response has the decoded map's; JSON objects have no order)
    assertEquals(parse(responseType, expected.toString(StandardCharsets.UTF_8)), parse(responseType, served), served);
  }

  private static <T> T parse(Class<T> type, String json) throws IOException {
    try (JsonParser p = JSON.createParser(json)) {
      return SdkJsonReader.read(type, p);
    }
  }

  private static String call(String operation, String body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = dispatcher.dispatch(Dispatcher.TARGET_PREFIX + operation,
        new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), Dispatcher.Output.to(out));
    String answer = out.toString(StandardCharsets.UTF_8);
    assertEquals(200, status, answer);
    return answer;
  }
}
