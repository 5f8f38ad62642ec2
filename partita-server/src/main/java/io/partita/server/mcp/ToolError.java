package io.partita.server.mcp;

/**
 * A tool call refused, as DynamoDB would name it: its error type ({@code ValidationException},
 * {@code ResourceNotFoundException}, ...) and message. The MCP answer is a tool error
 * ({@code isError: true}) whose text is {@code TYPE: message}, so an agent reads the reason exactly
 * as an SDK would show it.
 */
final class ToolError extends RuntimeException {
  private final String type;

  ToolError(String type, String message) {
    super(message, null, false, false);
    this.type = type;
  }

  /** DynamoDB's {@code ValidationException}: the arguments are wrong, and the message says which. */
  static ToolError validation(String message) {
    return new ToolError("ValidationException", message);
  }

  String type() {
    return type;
  }

  /** {@code TYPE: message}, the one line a tool error's text carries. */
  String text() {
    return type + ": " + getMessage();
  }
}
