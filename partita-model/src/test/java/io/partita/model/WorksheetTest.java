package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WorksheetTest {
  @Test
  void theBlogWorksheet() {
    String expected = String.join("\n",
        "| # | Access Pattern | Entry Entity | Filters / Range | Sort Direction | Frequency | Latency Budget"
            + " | Served By | Call |",
        "|---|---|---|---|---|---|---|---|---|",
        "| 1 | Get user profile | User | | | very high | < 10 ms | table"
            + " | GetItem: pk = \"USER#{username}\", sk = \"USER#{username}\" |",
        "| 2 | Get all posts by user | Post | | newest first | high | < 30 ms | table"
            + " | Query table: pk = \"USER#{username}\" AND begins_with(sk, \"POST#\") |",
        "| 3 | Get all comments on a post | Comment | | oldest first | high | < 30 ms | table"
            + " | Query table: pk = \"POST#{postId}\" AND begins_with(sk, \"COMMENT#\") |",
        "| 4 | Get all published posts | Post | published = true | newest first | medium | < 50 ms | gsi1"
            + " | Query gsi1: gsi1pk = \"POST\" AND begins_with(gsi1sk, \"STATUS#{published}#\") |",
        "| 5 | Get all comments by a user | User | | | low | < 100 ms | gsi1"
            + " | Query gsi1: gsi1pk = \"USER#{username}\" AND begins_with(gsi1sk, \"COMMENT#\") |",
        "| 6 | Get all posts with a tag | Tag | | | medium | < 50 ms | gsi1"
            + " | Query gsi1: gsi1pk = \"TAG#{tag}\" AND begins_with(gsi1sk, \"POST#\") |",
        "| 7 | User page: profile and posts | User | | | high | < 30 ms | table"
            + " | Query table: pk = \"USER#{username}\" |",
        "");
    assertEquals(expected, new Blog("Blog").model.worksheet());
  }
}
