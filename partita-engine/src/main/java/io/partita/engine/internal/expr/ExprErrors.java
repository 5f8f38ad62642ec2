package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import java.util.Base64;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** DynamoDB's expression error messages, in one place. */
final class ExprErrors {
  private ExprErrors() {}

  static final String INCORRECT_DATA_TYPE = "An operand in the update expression has an incorrect data type";
  static final String INVALID_PATH_FOR_UPDATE = "The document path provided in the update expression is invalid for update";
  static final String MISSING_ATTRIBUTE = "The provided expression refers to an attribute that does not exist in the item";

  /** {@code Invalid <kind>: <detail>}. */
  static PartitaException invalid(String kind, String detail) {
    return PartitaException.validation("Invalid " + kind + ": " + detail);
  }

  static String syntax(Token token, String near) {
    return "Syntax error; token: \"" + token.display() + "\", near: \"" + near + "\"";
  }

  static String reserved(String word) {
    return "Attribute name is a reserved keyword; reserved keyword: " + word;
  }

  static String unknownFunction(String name) {
    return "Invalid function name; function: " + name;
  }

  /**
   * {@code if_not_exists} or {@code list_append} in a condition: the service's words, as
   * applications meeting it quote them and public suites recorded (2025-2026; issue 34).
   */
  static String notAllowedInCondition(String name) {
    return "The function is not allowed in a condition expression; function: " + name;
  }

  static String misusedFunction(String name) {
    return "The function is not allowed to be used this way in an expression; function: " + name;
  }

  static String operandCount(String name, int count) {
    return "Incorrect number of operands for operator or function; operator or function: " + name
        + ", number of operands: " + count;
  }

  static String requiresPath(String name) {
    return "Operator or function requires a document path; operator or function: " + name;
  }

  static String operandType(String name, String type) {
    return "Incorrect operand type for operator or function; operator or function: " + name + ", operand type: " + type;
  }

  /** The form DynamoDB uses for the ADD and DELETE actions. */
  static String actionOperandType(String action, String type) {
    return "Incorrect operand type for operator or function; operator: " + action + ", operand type: " + type;
  }

  static String undefinedName(String name) {
    return "An expression attribute name used in the document path is not defined; attribute name: " + name;
  }

  static String undefinedValue(String name) {
    return "An expression attribute value used in expression is not defined; attribute value: " + name;
  }

  static String nesting(int levels) {
    return "The document path has too many nesting levels; nesting levels: " + levels;
  }

  /** Partita's own: the service's answer to parentheses nested this deep is not recorded. */
  static String parenthesesNesting(int max) {
    return "The expression nests parentheses more than " + max + " levels deep;";
  }

  static String redundantParentheses() {
    return "The expression has redundant parentheses;";
  }

  static String sectionTwice(String section) {
    return "The \"" + section + "\" section can only be used once in an update expression;";
  }

  static String overlap(DocPath one, DocPath two) {
    return "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: "
        + one + ", path two: " + two;
  }

  static String conflict(DocPath one, DocPath two) {
    return "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: "
        + one + ", path two: " + two;
  }

  static String notDistinct(String operator, DocPath path) {
    return "The first operand must be distinct from the remaining operands for this operator or function; operator: "
        + operator + ", first operand: " + path;
  }

  static String attributeTypeName(String type) {
    return "Invalid attribute type name found; type: " + type + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}";
  }

  static String betweenTypes(AttributeValue low, AttributeValue high) {
    return "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: "
        + describe(low) + ", upper bound operand: " + describe(high);
  }

  static String betweenOrder(AttributeValue low, AttributeValue high) {
    return "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: "
        + describe(low) + ", upper bound operand: " + describe(high);
  }

  static String tooManyOperators(int count) {
    return "The expression contains too many operators; operator count: " + count;
  }

  static String tooManyInOperands(int count) {
    return "The IN operator accepts at most 100 operands; number of operands: " + count;
  }

  static String expressionSize(int size) {
    return "Expression size has exceeded the maximum allowed size; expression size: " + size;
  }

  static String empty() {
    return "The expression can not be empty;";
  }

  // ---- key conditions (Query) ----
  // Sources: Amazon DynamoDB as recorded by public conformance suites run against it (2026) and
  // docs/dynamodb-messages.md. Where the service's text could not be established, the message
  // is Partita's own; each message says which.

  /** OR, NOT, IN, {@code <>} and the functions other than begins_with. Amazon DynamoDB's wording. */
  static String keyOperator(String operator) {
    return "Invalid operator used in KeyConditionExpression: " + operator;
  }

  /** {@code size(...)} anywhere in a key condition. Partita's wording (the service's not established). */
  static final String KEY_NESTED_OPERATION = "KeyConditionExpressions cannot contain nested operations";

  /** {@code :v BETWEEN sk AND :w}, {@code begins_with(:v, sk)}. Partita's wording (the service's not established). */
  static String keyFirstOperand(String operator) {
    return "Invalid condition in KeyConditionExpression: " + operator + " operator must have the key attribute as its first operand";
  }

  /** {@code sk = pk}. Partita's wording (the service's not established). */
  static final String KEY_TWO_NAMES = "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition";

  /** {@code :a = :b}. Partita's wording (the service's not established). */
  static final String KEY_NO_NAME = "Invalid condition in KeyConditionExpression: No key attribute specified";

  /**
   * {@code a.b = :v}, {@code sk[0] > :v}. Amazon DynamoDB's wording, for key and non-key attributes
   * alike.
   */
  static final String KEY_NESTED_PATH =
      "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on nested attributes";

  /** Two conditions on one attribute. Amazon DynamoDB's wording. */
  static final String KEY_DUPLICATE =
      "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition per key";

  /**
   * More conditions than key attributes. Amazon DynamoDB's wording.
   */
  static String keyConditionCount(int conditions, int keyAttributes) {
    return "The number of query conditions (" + conditions + ") exceeds the number of key attributes defined in the schema ("
        + keyAttributes + ")";
  }

  /** A key attribute without a condition. Amazon DynamoDB's wording, naming it (case query-missed-key-element). */
  static String keyMissed(String attribute) {
    return "Query condition missed key schema element: " + attribute;
  }

  /** A partition key condition other than {@code =}. Amazon DynamoDB's wording (case query-begins-with-on-hash). */
  static final String KEY_NOT_SUPPORTED = "Query key condition not supported";

  /** A value whose type is not the key attribute's. Amazon DynamoDB's wording. */
  static final String KEY_TYPE_MISMATCH =
      "One or more parameter values were invalid: Condition parameter type does not match schema type";

  /**
   * A multi-attribute sort key used with a gap, or with a range condition before the last attribute
   * named. Amazon DynamoDB's wording; the separator
   * between several attribute names is not recorded anywhere and is a guess.
   */
  static String keyRangePrefix(List<String> attributes, String last) {
    return "RANGE key attributes " + String.join(", ", attributes)
        + " must have equality conditions specified in the query because a condition is present on key attribute " + last;
  }

  /** {@code AttributeValue: {N:5}}, as DynamoDB prints a scalar operand. */
  static String describe(AttributeValue v) {
    String type = Values.typeName(v);
    String body = switch (v.type()) {
      case S -> v.s();
      case N -> v.n();
      case B -> Base64.getEncoder().encodeToString(v.b().asByteArray());
      case BOOL -> String.valueOf(v.bool());
      case NUL -> "true";
      default -> String.valueOf(v);
    };
    return "AttributeValue: {" + type + ":" + body + "}";
  }

}
