package io.partita.examples.threads;

import java.time.Instant;
import java.util.List;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.KeyTemplates;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The hierarchical pattern of the single-table design notes (seed 003, "Pattern 2: Hierarchical Data"): a post, the
 * comments on it, and the reactions to each comment, all in the post's partition, with the reaction's sort key
 * extending its comment's:
 *
 * <pre>
 * Post       pk POST#{postId}   sk POST#{postId}
 * Comment    pk POST#{postId}   sk COMMENT#{commentId}
 * Reaction   pk POST#{postId}   sk COMMENT#{commentId}#REACTION#{reactionId}
 * </pre>
 *
 * <ul>
 *   <li>the whole thread in one Query, in sort-key order: the comments (oldest first, ids are ULIDs), each followed by
 *   its reactions, then the post ({@code P} sorts after {@code C});
 *   <li>the comments of a post: {@code begins_with(sk, COMMENT#)} — the reactions match the prefix too and are read,
 *   but the pattern returns Comments only (items are decoded by their type attribute);
 *   <li>the reactions to one comment: {@code begins_with(sk, COMMENT#<id>#REACTION#)}.
 * </ul>
 *
 * <p>A ULID has a fixed length and never contains {@code #}, so one comment's prefix never matches another comment's
 * keys. Keys are declared with {@link KeyTemplates}, checked when this file compiles.
 */
public final class Threads {

  public sealed interface ThreadItem permits Post, Comment, Reaction {}

  @KeyTemplates(name = "POST", partition = "POST#{postId}", sort = "POST#{postId}")
  public record Post(String postId, String author, String title, Instant createdAt) implements ThreadItem {}

  @KeyTemplates(name = "COMMENT", partition = "POST#{postId}", sort = "COMMENT#{commentId}")
  public record Comment(String postId, String commentId, String author, String text, Instant createdAt)
      implements ThreadItem {}

  public enum Kind { LIKE, LAUGH, SAD }

  @KeyTemplates(name = "REACTION", partition = "POST#{postId}", sort = "COMMENT#{commentId}#REACTION#{reactionId}")
  public record Reaction(String postId, String commentId, String reactionId, String author, Kind kind)
      implements ThreadItem {}

  public final Entity<Post> post = Threads_Post_.entity().generatedId("postId", Ids.ULID)
      .timestamps("createdAt", null);
  public final Entity<Comment> comment = Threads_Comment_.entity().generatedId("commentId", Ids.ULID)
      .timestamps("createdAt", null);
  public final Entity<Reaction> reaction = Threads_Reaction_.entity().generatedId("reactionId", Ids.ULID);

  public final AccessPattern<ThreadItem> thread =
      AccessPattern.collection("A post with its comments and their reactions", ThreadItem.class, post, comment,
          reaction).partition(Threads_Post_.PARTITION).frequency("high").latency("< 30 ms").build();
  public final AccessPattern<Comment> comments = AccessPattern.of("Comments on a post", comment)
      .partition(Threads_Comment_.PARTITION).sortBeginsWith("COMMENT#").order("oldest first").frequency("medium")
      .latency("< 30 ms").build();
  public final AccessPattern<Reaction> reactions = AccessPattern.of("Reactions to a comment", reaction)
      .partition(Threads_Reaction_.PARTITION).sortBeginsWith("COMMENT#{commentId}#REACTION#").frequency("medium")
      .latency("< 30 ms").build();

  public final Model model;
  public final ModelClient db;

  public Threads(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table)).entities(post, comment, reaction)
        .patterns(thread, comments, reactions).build();
    db = ModelClient.create(model, dynamo);
  }

  public Post post(String author, String title) {
    return db.entity(post).create(new Post(null, author, title, null));
  }

  public Comment comment(Post p, String author, String text) {
    return db.entity(comment).create(new Comment(p.postId(), null, author, text, null));
  }

  public Reaction react(Comment c, String author, Kind kind) {
    return db.entity(reaction).create(new Reaction(c.postId(), c.commentId(), null, author, kind));
  }

  /** The thread in one Query. */
  public List<ThreadItem> thread(String postId) {
    return db.query(thread).partition(Key.of(Threads_Post_.postId, postId)).all();
  }

  public List<Comment> comments(String postId) {
    return db.query(comments).partition(Key.of(Threads_Comment_.postId, postId)).all();
  }

  public List<Reaction> reactions(Comment c) {
    return db.query(reactions).partition(Key.of(Threads_Reaction_.postId, c.postId()))
        .sort(Key.of(Threads_Reaction_.commentId, c.commentId())).all();
  }

  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Threads t = new Threads(dynamo, "Threads");
      System.out.println(t.model.worksheet());
      t.db.createTable();
      Post p = t.post("alice", "Single-table design");
      Comment first = t.comment(p, "bob", "Great read");
      Comment second = t.comment(p, "carol", "What about GSIs?");
      t.react(first, "alice", Kind.LIKE);
      t.react(first, "carol", Kind.LAUGH);
      t.react(second, "bob", Kind.LIKE);
      for (ThreadItem item : t.thread(p.postId())) {
        System.out.println("  " + item);
      }
      System.out.println("comments: " + t.comments(p.postId()).stream().map(Comment::text).toList());
      System.out.println("reactions to \"" + first.text() + "\": "
          + t.reactions(first).stream().map(Reaction::kind).toList());
    }
  }
}
