#!/usr/bin/env bash
# Resolves Partita as an application outside this build does (docs/dependencies.md, "Versions"):
# deploys the user-facing modules and partita-bom from this checkout to a throwaway file repository,
# then builds and runs a small project that depends on partita-model and partita-embedded, with an
# empty local repository of its own (so nothing of this build's local repository helps), twice:
#   bom    the BOM imported, no versions on the dependencies
#   plain  nothing imported, the versions written on the dependencies
# Each must resolve, hold one version of each Netty module and no logging binding, and run.
# Needs Maven, Java 17 and the network to Maven Central (the consumer's local repository starts
# empty). Everything goes into one temporary folder (KEEP=1 keeps it); the user's ~/.m2 gets no
# Partita artifact (install is skipped; deploy writes to the file repository only).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
work="$(mktemp -d)"
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT
version="$(sed -n 's:^  <version>\(.*\)</version>:\1:p' "$root/pom.xml" | head -1)"
published="$work/published"

echo "consumer-check: deploying Partita $version to $published" >&2
mvn -B -ntp -q -f "$root/pom.xml" deploy -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true \
  -Dmaven.install.skip=true -DaltDeploymentRepository="throwaway::file://$published" \
  -pl partita-bom,partita-engine,partita-embedded,partita-server,partita-model,partita-model-processor -am \
  >"$work/deploy.log" 2>&1 || { tail -n 40 "$work/deploy.log" >&2; exit 1; }

# what an application's build reads: no parent, no partita-parent anywhere
if grep -l "<parent>" "$published"/io/partita/partita-{engine,embedded,model,server,bom}/"$version"/*.pom >&2; then
  echo "consumer-check: a published pom names a parent (above)" >&2
  exit 1
fi

consumer() { # $1: bom or plain
  local dir="$work/$1" management="" v="<version>$version</version>"
  if [ "$1" = bom ]; then
    management="<dependencyManagement><dependencies><dependency><groupId>io.partita</groupId>
      <artifactId>partita-bom</artifactId><version>$version</version><type>pom</type><scope>import</scope>
      </dependency></dependencies></dependencyManagement>"
    v=""
  fi
  mkdir -p "$dir/src/main/java/app"
  cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>app</groupId><artifactId>consumer-$1</artifactId><version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <build><plugins><plugin>
    <!-- Maven 3.8's default compiler plugin does not know maven.compiler.release -->
    <groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version>
  </plugin></plugins></build>
  <repositories>
    <repository><id>throwaway</id><url>file://$published</url><snapshots><enabled>true</enabled></snapshots></repository>
  </repositories>
  $management
  <dependencies>
    <dependency><groupId>io.partita</groupId><artifactId>partita-model</artifactId>$v</dependency>
    <dependency><groupId>io.partita</groupId><artifactId>partita-embedded</artifactId>$v</dependency>
  </dependencies>
</project>
EOF
  cat >"$dir/src/main/java/app/Main.java" <<'EOF'
package app;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

public class Main {
  record Customer(String id, String name) {}

  public static void main(String[] args) {
    Entity<Customer> customer = Entity.of(Customer.class).key("CUSTOMER#{id}", "PROFILE");
    Model model = Model.builder(TableSchema.named("Crm")).entities(customer).build();
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      ModelClient db = ModelClient.create(model, dynamo);
      db.createTable();
      db.entity(customer).create(new Customer("c1", "Ada"));
      System.out.println("read back: " + db.entity(customer).get(Key.of("id", "c1")).orElseThrow());
    }
  }
}
EOF
  local repo="$work/$1-m2"
  echo "consumer-check: $1: resolving into an empty local repository ($repo)" >&2
  (cd "$dir" && mvn -B -ntp -Dmaven.repo.local="$repo" dependency:tree -Dscope=runtime >tree.txt 2>&1 \
     && mvn -B -ntp -q -Dmaven.repo.local="$repo" compile dependency:build-classpath -Dmdep.outputFile=cp.txt \
       >build.log 2>&1) || { tail -n 40 "$dir/tree.txt" "$dir/build.log" >&2; exit 1; }
  local netty
  netty="$(grep -oE 'io\.netty:[a-z0-9-]+:jar:([a-z0-9_-]+:)?[0-9.]+Final' "$dir/tree.txt" | awk -F: '{print $NF}' \
    | sort -u || true)"
  if [ "$(printf '%s\n' "$netty" | grep -c .)" -gt 1 ]; then
    echo "consumer-check: $1: more than one Netty version:" $netty >&2
    exit 1
  fi
  if grep -E 'logback-classic|slf4j-(simple|nop|jdk14|reload4j|log4j12)|log4j-slf4j' "$dir/tree.txt" >&2; then
    echo "consumer-check: $1: a logging binding reached the application (above)" >&2
    exit 1
  fi
  local out
  out="$(cd "$dir" && java -cp "target/classes:$(cat cp.txt)" app.Main 2>&1)" \
    || { echo "$out" >&2; exit 1; }
  echo "consumer-check: $1: resolved (Netty ${netty:-none}), ran: $(printf '%s' "$out" | grep 'read back')" >&2
}

consumer bom
consumer plain
echo "consumer-check: passed" >&2
