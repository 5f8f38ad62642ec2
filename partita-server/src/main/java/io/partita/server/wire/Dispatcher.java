package io.partita.server.wire;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.partita.embedded.HttpStatuses;
import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.answer.Answer;
import io.partita.engine.answer.ItemsAnswer;
import io.partita.server.observe.Observation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * DynamoDB's JSON 1.0 protocol over the engine, independent of the HTTP stack: the operation named
 * by the {@code X-Amz-Target} header, the body read into the SDK request type the engine names for
 * it, the response or error written back. One dispatch serves every operation the engine has, so an
 * operation added to the engine is served here without a change.
 *
 * <p>DynamoDB Streams speaks the same protocol under its own target prefix (docs/ttl-streams.md
 * section 5.1), so both APIs share one endpoint here: the prefix says which API's operation names
 * apply, and an operation of the other API under a prefix is as unknown as any made-up name.
 */
public final class Dispatcher {
  /** The target prefix of DynamoDB's API version 2012-08-10, the one every current client sends. */
  public static final String TARGET_PREFIX = "DynamoDB_20120810.";
  /** The target prefix of DynamoDB Streams' API version 2012-08-10. */
  public static final String STREAMS_TARGET_PREFIX = "DynamoDBStreams_20120810.";

  private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());
  /** The longest member name read from a request, in characters: far above an attribute name's 65,535 bytes. */
  static final int MAX_NAME_CHARS = 1024 * 1024;
  private static final JsonFactory JSON = JsonFactory.builder()
      // DynamoDB documents nest at most 32 levels; the request around them adds a few
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(128)
          // an attribute name may be 65,535 bytes (Jackson's default stops at 50,000 characters, a
          // SerializationException where the service serves the item); longer ones reach the engine,
          // which refuses them as the service does, up to this bound on what is read at all
          .maxNameLength(MAX_NAME_CHARS).build())
      // a character beyond the BMP as its four UTF-8 bytes, not as an escaped surrogate pair: as items
      // written from their stored UTF-8 (ItemJson) have it, so an answer is the same bytes either way
      .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
      .build();

  private final Partita partita;

  public Dispatcher(Partita partita) {
    this.partita = partita;
  }

  /** Where an answer is written; cleared when an answer fails half-way and an error replaces it. */
  public interface Output {
    OutputStream stream();

    void clear();

    /** An answer written into {@code out}, for callers in the same process (tests, benchmarks). */
    static Output to(java.io.ByteArrayOutputStream out) {
      return new Output() {
        @Override
        public OutputStream stream() {
          return out;
        }

        @Override
        public void clear() {
          out.reset();
        }
      };
    }
  }

  /**
   * Serves one request and writes its JSON answer to {@code out}.
   *
   * @return the HTTP status of the answer
   */
  public int dispatch(String target, InputStream body, Output out) {
    return dispatch(target, body, out, null);
  }

  /**
   * {@link #dispatch(String, InputStream, Output)}, telling {@code watch} (when not null) what the
   * engine counted as the request ran (its tables, items and the capacity consumed, whatever the
   * client asked to be told), and its error. The client's request and answer are the same either way.
   */
  public int dispatch(String target, InputStream body, Output out, Observation watch) {
    return dispatch(target, () -> JSON.createParser(new Utf8Checked(body)), out, watch);
  }

  /**
   * {@link #dispatch(String, InputStream, Output, Observation)} of a body held whole in memory
   * ({@code body[off, off + len)}): checked as UTF-8 in one pass, then read with no stream in between.
   */
  public int dispatch(String target, byte[] body, int off, int len, Output out, Observation watch) {
    return dispatch(target, () -> {
      Utf8Checked.check(body, off, len);
      return JSON.createParser(body, off, len);
    }, out, watch);
  }

  /** A request body, opened for reading once the operation is known. */
  private interface Body {
    JsonParser open() throws IOException;
  }

  private int dispatch(String target, Body body, Output out, Observation watch) {
    try {
      Answer answer = execute(target, body, watch);
      writeJson(out.stream(), g -> write(answer, g));
      return 200;
    } catch (PartitaException e) {
      if (watch != null) {
        watch.error(e.code().name());
      }
      out.clear();
      return writeError(e, out.stream());
    } catch (FrontEndRefusal e) {
      // a compressed body that inflates past the size limit, found as it is read
      if (watch != null) {
        watch.error(e.code().name());
      }
      out.clear();
      return writeError(e, out.stream());
    } catch (RuntimeException e) {
      // a bug, not an answer: log it with its stack, and answer as DynamoDB does for its own faults
      LOG.log(Level.SEVERE, "request to " + target + " failed", e);
      if (watch != null) {
        watch.error(ErrorCode.InternalServerError.name());
      }
      out.clear();
      return writeError(new PartitaException(ErrorCode.InternalServerError, "Internal server error"),
          out.stream());
    }
  }

  /** Writes {@code e} as DynamoDB's error body and answers its HTTP status. */
  public static int writeError(PartitaException e, OutputStream out) {
    writeJson(out, g -> WireErrors.write(e, g));
    return HttpStatuses.of(e.code());
  }

  /** Writes the front end's refusal {@code e} as DynamoDB's error body and answers its HTTP status. */
  public static int writeError(FrontEndRefusal e, OutputStream out) {
    writeJson(out, g -> WireErrors.write(e, g));
    return e.code().status();
  }

  private Answer execute(String target, Body body, Observation watch) {
    Class<? extends AwsRequest> type = requestType(target);
    AwsRequest request;
    try (JsonParser parser = body.open()) {
      request = SdkJsonReader.read(type, parser);
    } catch (IOException e) {
      throw SdkJsonReader.serialization("The request body could not be read: " + e.getMessage());
    }
    // while watched, the engine hands over what the request did as it counted it
    return watch == null ? partita.answer(request) : partita.answer(request, watch::served);
  }

  /**
   * Writes the answer as its JSON body: the items of an {@link ItemsAnswer} straight from their
   * stored encoding, in their member's place among the members of its response (the same bytes the
   * SDK's response of the same request gives).
   */
  private static void write(Answer answer, JsonGenerator g) throws IOException {
    if (answer instanceof ItemsAnswer items) {
      SdkJsonWriter.write((SdkPojo) items.rest(), items.member(), items.hasItems(), items::writeItems, g);
    } else {
      SdkJsonWriter.write((SdkPojo) answer.response(), g);
    }
  }

  /**
   * The operation name a target header gives, without its API's prefix, or {@code null} for a
   * target of neither API.
   */
  public static String operation(String target) {
    if (target == null) {
      return null;
    }
    if (target.startsWith(TARGET_PREFIX)) {
      return target.substring(TARGET_PREFIX.length());
    }
    if (target.startsWith(STREAMS_TARGET_PREFIX)) {
      return target.substring(STREAMS_TARGET_PREFIX.length());
    }
    return null;
  }

  private static Class<? extends AwsRequest> requestType(String target) {
    String operation = operation(target);
    if (operation == null) {
      throw unknownOperation();
    }
    if (target.startsWith(STREAMS_TARGET_PREFIX)) {
      // every operation of DynamoDB Streams is served, so any other name is unknown
      Class<? extends AwsRequest> type = Partita.streamsRequestType(operation);
      if (type == null) {
        throw unknownOperation();
      }
      return type;
    }
    Class<? extends DynamoDbRequest> type = Partita.requestType(operation);
    if (type != null) {
      return type;
    }
    if (isDynamoDbOperation(operation)) {
      throw new PartitaException(ErrorCode.UnknownOperationException,
          "Partita does not support the operation " + operation + " yet");
    }
    throw unknownOperation();
  }

  /** Whether DynamoDB has an operation of this name, judged by the SDK's model. */
  private static boolean isDynamoDbOperation(String operation) {
    return ModelOperations.NAMES.contains(operation);
  }

  /**
   * The names of DynamoDB's operations: those of the SDK client's methods that take one request.
   * Made once, when a name the engine does not serve first arrives. (Asking the class loader for
   * each name as it came loaded nothing, but the loader keeps a lock object for every name it is
   * asked for, so a client sending made-up names grew the heap for good.)
   */
  private static final class ModelOperations {
    static final Set<String> NAMES = names();

    private static Set<String> names() {
      Set<String> names = new HashSet<>();
      for (Method m : DynamoDbClient.class.getMethods()) {
        Class<?>[] parameters = m.getParameterTypes();
        if (parameters.length == 1 && DynamoDbRequest.class.isAssignableFrom(parameters[0])
            && !Modifier.isAbstract(parameters[0].getModifiers())) {
          String type = parameters[0].getSimpleName();
          names.add(type.substring(0, type.length() - "Request".length()));
        }
      }
      return Set.copyOf(names);
    }
  }

  private static PartitaException unknownOperation() {
    return new PartitaException(ErrorCode.UnknownOperationException, "An unknown operation was requested.");
  }

  private interface JsonBody {
    void writeTo(JsonGenerator g) throws IOException;
  }

  private static void writeJson(OutputStream out, JsonBody body) {
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      body.writeTo(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
