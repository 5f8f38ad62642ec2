package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.threads.Threads;
import io.partita.examples.threads.Threads.Comment;
import io.partita.examples.threads.Threads.Kind;
import io.partita.examples.threads.Threads.Post;
import io.partita.examples.threads.Threads.Reaction;
import io.partita.examples.threads.Threads.ThreadItem;

/** Seed 003's hierarchical pattern on both backends: post, comments and reactions in one partition. */
class ThreadsTest {

  @ParameterizedTest
  @EnumSource(Backend.class)
  void commentsAndTheirReactionsNestUnderThePost(Backend backend) {
    Threads t = new Threads(backend.client(), Backend.freshTable("Threads"));
    t.db.createTable();
    Post p = t.post("alice", "Single-table design");
    Post other = t.post("bob", "Another post");
    List<Comment> comments = new ArrayList<>();
    List<List<Reaction>> reactions = new ArrayList<>();
    for (int c = 0; c < 12; c++) {
      Comment comment = t.comment(p, "user" + c, "comment " + c);
      comments.add(comment);
      List<Reaction> mine = new ArrayList<>();
      for (int r = 0; r < c % 4; r++) {
        mine.add(t.react(comment, "fan" + r, Kind.values()[r % 3]));
      }
      reactions.add(mine);
    }
    Comment elsewhere = t.comment(other, "carol", "elsewhere");
    t.react(elsewhere, "dave", Kind.SAD);

    // the whole thread: each comment followed by its own reactions, in creation order, then the post
    List<ThreadItem> expected = new ArrayList<>();
    for (int c = 0; c < comments.size(); c++) {
      expected.add(comments.get(c));
      expected.addAll(reactions.get(c));
    }
    expected.add(p);
    assertEquals(expected, t.thread(p.postId()));

    // comments only: the reactions under the same prefix are read but not returned
    assertEquals(comments, t.comments(p.postId()));

    // one comment's reactions, and none of its neighbours'
    for (int c = 0; c < comments.size(); c++) {
      assertEquals(reactions.get(c), t.reactions(comments.get(c)), "reactions to comment " + c);
    }
    assertEquals(List.of(elsewhere), t.comments(other.postId()));
  }

  @Test
  void mainRuns() {
    Threads.main(new String[0]);
  }
}
