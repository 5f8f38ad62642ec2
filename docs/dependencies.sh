#!/usr/bin/env bash
# Regenerates the trees in docs/dependencies.md: what each user-facing module puts on an application's
# class path (mvn dependency:tree at compile and runtime scope), each jar's size and a total per module.
# The text around the trees is written by hand; only the part between the BEGIN and END markers is
# replaced. Run it after changing a dependency or a version:
#   docs/dependencies.sh            (MVN_ARGS=-o to stay offline; MAVEN_REPO if the local repository
#                                    is not ~/.m2/repository)
# Sizes are of the jars in the local repository; one that a build of the project never needed (a
# runtime dependency of a dependency) is fetched with dependency:get, or shown as "?" offline.
# Partita's own jars are sized from their modules' target/ folders when built (mvn package), else
# shown as "not built".
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
repo="${MAVEN_REPO:-$HOME/.m2/repository}"
modules=(partita-engine partita-embedded partita-server partita-model partita-model-processor)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# -Dscope=runtime keeps compile and runtime scope: what an application's own runtime class path gets.
# Run in the reactor, so the modules' versions are this checkout's; the parent's dependencyManagement
# applies here as it does not for a user, which is why the published poms are flattened (every version
# written out as resolved here): a user resolves the same tree (docs/dependencies.md says how that was checked).
(IFS=,; mvn -B -ntp -q ${MVN_ARGS:-} -f "$root/pom.xml" dependency:tree -Dscope=runtime \
  -DoutputFile="$tmp/tree.txt" -DappendOutput=true -pl "${modules[*]}") >"$tmp/mvn.log" 2>&1 \
  || { cat "$tmp/mvn.log" >&2; exit 1; }

python3 - "$tmp/tree.txt" "$repo" "$root" <<'PY'
import os, re, subprocess, sys
tree_file, repo, root = sys.argv[1:4]
doc = os.path.join(root, "docs", "dependencies.md")

def jar_size(group, artifact, kind, classifier, version):
    """Bytes of the artifact's file, or None; Partita's own from its module's target/ folder."""
    name = f"{artifact}-{version}" + (f"-{classifier}" if classifier else "") + f".{kind}"
    if group == "io.partita":
        path = os.path.join(root, artifact, "target", name)
    else:
        path = os.path.join(repo, *group.split("."), artifact, version, name)
    return os.path.getsize(path) if os.path.isfile(path) else None

def fetch(group, artifact, kind, classifier, version):
    """A jar the build never needed (a runtime dependency of a dependency) is fetched into the local
    repository to be sized, unless Maven runs offline (MVN_ARGS=-o)."""
    if "-o" in os.environ.get("MVN_ARGS", "").split() or group == "io.partita":
        return
    coords = ":".join([group, artifact, version, kind] + ([classifier] if classifier else []))
    subprocess.run(["mvn", "-B", "-ntp", "-q", "dependency:get", f"-Dartifact={coords}", "-Dtransitive=false"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

def human(n):
    return f"{n / 1024:,.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MB"

sections, current = [], None
for raw in open(tree_file, encoding="utf-8"):
    line = raw.rstrip("\n")
    if not line.strip():
        continue
    m = re.match(r"^([| ]*[+\\]- )?(.*)$", line)
    prefix, coords = m.group(1) or "", m.group(2)
    optional = coords.endswith(" (optional)")
    coords = coords.replace(" (optional)", "")
    parts = coords.split(":")
    if not prefix:  # a module's own line: g:a:type:version
        current = {"module": parts[1], "lines": [], "third": 0, "own": 0, "jars": 0, "missing": 0}
        sections.append(current)
        current["lines"].append((line, ""))
        continue
    if len(parts) == 6:
        g, a, kind, classifier, v, scope = parts
    else:
        g, a, kind, v, scope = parts
        classifier = ""
    size = jar_size(g, a, kind, classifier, v)
    if size is None:
        fetch(g, a, kind, classifier, v)
        size = jar_size(g, a, kind, classifier, v)
    depth = len(prefix) // 3
    under_optional = optional or any(d < depth and o for d, o in current.setdefault("opt_stack", []))
    current["opt_stack"] = [(d, o) for d, o in current["opt_stack"] if d < depth] + [(depth, optional)]
    if under_optional:
        note = "optional: not brought to an application"
    elif size is None:
        note = "not built" if g == "io.partita" else "?"
        current["missing"] += 1
    else:
        note = human(size)
        current["jars"] += 1
        current["own" if g == "io.partita" else "third"] += size
    current["lines"].append((line, note))

out = []
for s in sections:
    width = max(len(l) for l, _ in s["lines"]) + 2
    out.append(f"### {s['module']}\n")
    out.append("```")
    for l, note in s["lines"]:
        out.append(l.ljust(width) + note if note else l)
    out.append("```\n")
    total = f"**Total: {s['jars']} jars, {human(s['third'] + s['own'])}**"
    if s["own"]:
        total += f" ({human(s['own'])} of them Partita's own modules)"
    if s["missing"]:
        total += f"; {s['missing']} not sized (not built or not in the local repository)"
    out.append(total + ".\n")

text = open(doc, encoding="utf-8").read()
begin, end = "<!-- BEGIN generated by docs/dependencies.sh -->", "<!-- END generated by docs/dependencies.sh -->"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(doc, "w", encoding="utf-8").write(head + begin + "\n\n" + "\n".join(out) + "\n" + end + tail)
print(f"docs/dependencies.md: {len(sections)} modules written")
PY
