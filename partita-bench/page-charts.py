#!/usr/bin/env python3
"""BENCHMARKS.md's charts, drawn from the page's own tables, so a chart cannot disagree with the
figures beside it: change a table, run this, commit both.

    python3 partita-bench/page-charts.py

A line `<!-- chart: FILE; TITLE; COLUMN, COLUMN[; NAME=VALUE] -->` above a table (other chart lines
may sit between) draws FILE into partita-bench/results/page/ as grouped horizontal bars: one group
per row, labelled by the row's first cell, one bar per COLUMN (a header of that table; the first
number in the cell, commas dropped; a cell without a number draws "not run"). NAME=VALUE keeps only
the rows whose cell under the header NAME is VALUE. Plain SVG, no dependencies: GitHub shows it
inline.
"""
import html
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = ROOT / "BENCHMARKS.md"
OUT = ROOT / "partita-bench" / "results" / "page"
COLOURS = ["#3b6ea5", "#d08c2c", "#5b9a52", "#9a4f8c"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def number(cell):
    m = re.search(r"\d[\d,]*(?:\.\d+)?", cell.replace("**", ""))
    return float(m.group(0).replace(",", "")) if m else None


def charts(lines):
    """Each chart line with the table that follows it: (spec, header, rows)."""
    pending = []
    i = 0
    while i < len(lines):
        m = re.match(r"<!-- chart: (.*) -->\s*$", lines[i])
        if m:
            pending.append([p.strip() for p in m.group(1).split(";")])
        elif lines[i].startswith("|") and pending:
            header = cells(lines[i])
            rows = []
            i += 2  # the header and its |---| line
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(cells(lines[i]))
                i += 1
            for spec in pending:
                yield spec, header, rows
            pending = []
            continue
        elif lines[i].strip() and pending:
            sys.exit(f"page-charts: a chart line is not followed by a table: {pending[0][0]}")
        i += 1


def draw(title, columns, labels, values):
    bar, gap, left, right, top = 12, 10, 150, 70, 50
    width = 760
    plot = width - left - right
    top_value = max(v for row in values for v in row if v is not None) or 1
    height = top + len(labels) * (bar * len(columns) + gap) + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="10" y="20" font-size="14" font-weight="bold">{html.escape(title)}</text>']
    for k, name in enumerate(columns):  # legend
        x = left + k * 160
        out.append(f'<rect x="{x}" y="{top - 14}" width="10" height="10" fill="{COLOURS[k % 4]}"/>')
        out.append(f'<text x="{x + 14}" y="{top - 5}">{html.escape(name)}</text>')
    y = top
    for label, row in zip(labels, values):
        group = bar * len(columns)
        out.append(f'<text x="{left - 6}" y="{y + group / 2 + 4}" text-anchor="end">{html.escape(label)}</text>')
        for k, v in enumerate(row):
            if v is not None:
                w = max(1, round(plot * v / top_value))
                out.append(f'<rect x="{left}" y="{y + k * bar}" width="{w}" height="{bar - 2}" fill="{COLOURS[k % 4]}"/>')
                out.append(f'<text x="{left + w + 4}" y="{y + k * bar + bar - 3}" font-size="10">{v:,.6g}</text>')
            else:
                out.append(f'<text x="{left + 4}" y="{y + k * bar + bar - 3}" font-size="10" fill="#777">'
                           f'{html.escape(columns[k])}: not run</text>')
        y += group + gap
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{y - gap}" stroke="#444"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for spec, header, rows in charts(PAGE.read_text(encoding="utf-8").splitlines()):
        file, title, columns = spec[0], spec[1], [c.strip() for c in spec[2].split(",")]
        for want in spec[3:]:
            name, value = want.split("=", 1)
            rows = [r for r in rows if r[header.index(name.strip())] == value.strip()]
        missing = [c for c in columns if c not in header]
        if missing:
            sys.exit(f"page-charts: {file}: no column {missing} in {header}")
        labels = [r[0].replace("`", "") for r in rows]
        values = [[number(r[header.index(c)]) for c in columns] for r in rows]
        (OUT / file).write_text(draw(title, columns, labels, values), encoding="utf-8")
        print(f"page-charts: {OUT.relative_to(ROOT) / file} ({len(rows)} rows)")


if __name__ == "__main__":
    main()
