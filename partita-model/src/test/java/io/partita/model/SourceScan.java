package io.partita.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Just enough reading of Java source for {@link ArchitectureTest}, so the rules need no parser dependency: comments
 * and literals are blanked (keeping line breaks), then braces are matched to find class bodies, the methods declared
 * in them, and the member declarations with their modifiers. It reads this project's code, which is formatted the
 * usual way; it is not a Java parser.
 */
final class SourceScan {
  private static final Pattern ANNOTATIONS = Pattern.compile("^\\s*(@[\\w.]+(\\s*\\([^)]*\\))?\\s*)*");
  private static final Pattern TYPE_DECLARATION = Pattern.compile("\\b(class|interface|enum|record)\\s+\\w+");
  private static final Pattern CONTROL = Pattern.compile(
      "^(if|for|while|switch|catch|synchronized|try|else|do|finally|return|throw|case|default)\\b");
  private static final Pattern METHOD_NAME = Pattern.compile("(\\w+)\\s*\\($");

  /** A source file of the tree: its path relative to the root, its text and its text with comments blanked. */
  record Source(String path, String text, String code) {
    int lines() {
      return (int) text.lines().count();
    }
  }

  /** A method or constructor: its declaring file, name, first line (after annotations) and length in lines. */
  record Method(String file, String name, int line, int length) {
    String id() {
      return file + "#" + name + ":" + line;
    }
  }

  /** A declaration directly in a type body: its header (modifiers to '{' or ';'), and whether in an interface. */
  record Member(String file, String header, boolean inInterface, int line) {}

  private SourceScan() {}

  static List<Source> sources(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      List<Source> out = new ArrayList<>();
      for (Path p : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String text = Files.readString(p);
        out.add(new Source(root.relativize(p).toString().replace('\\', '/'), text, blank(text)));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text with comments and string, text block and char literals replaced by spaces (line breaks kept). */
  static String blank(String s) {
    StringBuilder out = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      String end = null;
      if (s.startsWith("//", i)) {
        end = "\n";
      } else if (s.startsWith("/*", i)) {
        end = "*/";
      } else if (s.startsWith("\"\"\"", i)) {
        end = "\"\"\"";
      } else if (c == '"' || c == '\'') {
        end = String.valueOf(c);
      }
      if (end == null) {
        out.append(c);
        i++;
        continue;
      }
      int from = i;
      int j = i + (end.equals("\"\"\"") ? 3 : end.equals("\n") || end.equals("*/") ? 2 : 1);
      while (j < s.length() && !s.startsWith(end, j)) {
        j += s.charAt(j) == '\\' && !end.equals("\n") && !end.equals("*/") ? 2 : 1;
      }
      j = Math.min(s.length(), end.equals("\n") ? j : j + end.length());
      boolean literal = !end.equals("\n") && !end.equals("*/");
      for (int k = from; k < j; k++) {
        char ch = s.charAt(k);
        out.append(ch == '\n' ? '\n' : literal && (k == from || k == j - 1) ? ch : ' ');
      }
      i = j;
    }
    return out.toString();
  }

  /** What a '{' opens. */
  private enum Block { TYPE, INTERFACE, METHOD, CODE }

  /** The methods and the type-body member declarations of one file. */
  static void scan(Source src, List<Method> methods, List<Member> members) {
    String code = src.code();
    Deque<Block> stack = new ArrayDeque<>();
    Deque<int[]> openMethods = new ArrayDeque<>(); // {start line, depth}
    Deque<String> names = new ArrayDeque<>();
    int headerStart = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c != '{' && c != '}' && c != ';') {
        continue;
      }
      boolean inType = !stack.isEmpty() && (stack.peek() == Block.TYPE || stack.peek() == Block.INTERFACE);
      String raw = code.substring(headerStart, i);
      Matcher ann = ANNOTATIONS.matcher(raw);
      int skip = ann.lookingAt() ? ann.end() : 0;
      String header = raw.substring(skip).strip().replaceAll("\\s+", " ");
      int line = lineOf(code, headerStart + skip + (raw.length() - skip - raw.substring(skip).stripLeading().length()));
      if (c == '{') {
        Block kind = kindOf(header, inType);
        if (inType && !header.isEmpty() && !header.equals("static")) {
          members.add(new Member(src.path(), header, stack.peek() == Block.INTERFACE, line));
        }
        if (kind == Block.METHOD) {
          openMethods.push(new int[] {line, stack.size()});
          names.push(methodName(header));
        }
        stack.push(kind);
      } else if (c == '}') {
        stack.pop();
        if (!openMethods.isEmpty() && openMethods.peek()[1] == stack.size()) {
          int[] m = openMethods.pop();
          methods.add(new Method(src.path(), names.pop(), m[0], lineOf(code, i) - m[0] + 1));
        }
      } else if (inType && !header.isEmpty()) {
        members.add(new Member(src.path(), header, stack.peek() == Block.INTERFACE, line));
      }
      headerStart = i + 1;
    }
  }

  private static Block kindOf(String header, boolean inType) {
    Matcher t = TYPE_DECLARATION.matcher(header);
    int paren = header.indexOf('(');
    if (t.find() && (paren < 0 || t.start() < paren)) {
      return header.contains("interface ") ? Block.INTERFACE : Block.TYPE;
    }
    if (!inType || header.equals("static")) {
      return Block.CODE;
    }
    if (paren >= 0 && !header.contains("=") && !header.contains("->") && !CONTROL.matcher(header).find()
        && !header.startsWith("new ")) {
      return Block.METHOD;
    }
    // a record's compact constructor
    return header.matches("(public |private |protected )?\\w+") ? Block.METHOD : Block.CODE;
  }

  private static String methodName(String header) {
    int paren = header.indexOf('(');
    Matcher m = METHOD_NAME.matcher(header.substring(0, paren + 1));
    if (m.find()) {
      return m.group(1);
    }
    String[] words = header.split(" ");
    return words[words.length - 1];
  }

  private static int lineOf(String s, int index) {
    int line = 1;
    for (int i = 0; i < index && i < s.length(); i++) {
      if (s.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** The project types a file names by import or by qualified name, as the files they are declared in. */
  static Set<String> dependencies(Source src, String rootPackage, Set<String> files) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = Pattern.compile("\\b" + Pattern.quote(rootPackage) + "((?:\\.\\w+)+)").matcher(src.code());
    while (m.find()) {
      String[] parts = m.group(1).substring(1).split("\\.");
      // the longest prefix that is a file: a.b.C.Nested is in a/b/C.java
      for (int n = parts.length; n > 0; n--) {
        String file = String.join("/", java.util.Arrays.copyOf(parts, n)) + ".java";
        if (files.contains(file)) {
          if (!file.equals(src.path())) {
            out.add(file);
          }
          break;
        }
      }
    }
    return out;
  }
}
