#!/usr/bin/env python3
"""Kropki, XV, sandwich, skyscraper and X-sum puzzles in f-puzzles JSON (one
object a line, as `sudoku generate --variant kropki|xv|sandwich|skyscraper|x-sum
--to json` writes them) to the
constraint text of sigh's Interactive Sudoku Solver, for `iss-run.mjs`.

    python3 benches/variants/marks-to-iss.py PUZZLES.jsonl OUT_PREFIX

writes OUT_PREFIX.tsv (title<TAB>ISS text), OUT_PREFIX.jsonl (the same
puzzles, titled by their line) and OUT_PREFIX-solutions.txt (each
puzzle's solution by our `sudoku solve`, $SUDOKU or target/release/sudoku),
the three files `timing` and `iss-run.mjs` read. Only what these puzzles
hold is converted: givens, 6x6 or 9x9 boxes, `difference` and `ratio`
dots of the usual values, `xv`, `negative` (ISS's StrictKropki and
StrictXV), and `sandwichsum` with clues left of a row or above a column
(ISS's Sandwich takes no others), `skyscraper` and `xsum` at any end
(ISS's Skyscraper and XSum, `~R2~3~` from the left, `~R2~~3` from the
right); anything else stops the script.
"""
import json
import os
import subprocess
import sys

SUDOKU = os.environ.get("SUDOKU", "target/release/sudoku")
KNOWN = {"size", "grid", "title", "ruleset", "difference", "ratio", "xv", "negative", "sandwichsum",
         "skyscraper", "xsum"}


def iss_text(f):
    extra = set(f) - KNOWN
    if extra or f["size"] not in (6, 9):
        sys.exit(f"not converted: size {f['size']}, keys {sorted(extra)}")
    parts = [".Shape~6x6"] if f["size"] == 6 else []
    for key, name, usual in (("difference", "WhiteDot", 1), ("ratio", "BlackDot", 2)):
        for mark in f.get(key, []):
            if int(mark.get("value") or usual) != usual:
                sys.exit(f"not converted: a {key} of {mark['value']}")
            parts.append(f".{name}~" + "~".join(c.upper() for c in mark["cells"]))
    for mark in f.get("xv", []):
        parts.append(f".{mark['value']}~" + "~".join(c.upper() for c in mark["cells"]))
    negative = f.get("negative", [])
    if "difference" in negative or "ratio" in negative:
        if sorted(negative)[:2] != ["difference", "ratio"]:
            sys.exit("not converted: one kropki negative without the other")
        parts.append(".StrictKropki")
    if "xv" in negative:
        parts.append(".StrictXV")
    for clue in f.get("sandwichsum", []):
        r, c = (int(x) for x in clue["cell"].upper()[1:].split("C"))
        if c == 0 and 1 <= r <= f["size"]:
            parts.append(f".Sandwich~{clue['value']}~R{r}")
        elif r == 0 and 1 <= c <= f["size"]:
            parts.append(f".Sandwich~{clue['value']}~C{c}")
        else:
            sys.exit(f"not converted: a sandwich clue at {clue['cell']}")
    n = f["size"]
    for key, name in (("skyscraper", "Skyscraper"), ("xsum", "XSum")):
        for clue in f.get(key, []):
            r, c = (int(x) for x in clue["cell"].upper()[1:].split("C"))
            if 1 <= r <= n and c in (0, n + 1):
                line, near = f"R{r}", c == 0
            elif 1 <= c <= n and r in (0, n + 1):
                line, near = f"C{c}", r == 0
            else:
                sys.exit(f"not converted: a {key} clue at {clue['cell']}")
            value = clue["value"]
            parts.append(f".{name}~{line}~{value}~" if near else f".{name}~{line}~~{value}")
    givens = "".join(
        f"~R{r + 1}C{c + 1}_{cell['value']}"
        for r, row in enumerate(f["grid"])
        for c, cell in enumerate(row)
        if cell.get("given")
    )
    return "".join(parts) + ("." + givens if givens else "")


def main():
    source, prefix = sys.argv[1], sys.argv[2]
    with open(source) as lines, open(prefix + ".tsv", "w") as tsv, open(
        prefix + ".jsonl", "w"
    ) as out, open(prefix + "-solutions.txt", "w") as solutions:
        for i, line in enumerate(l for l in lines if l.strip()):
            f = json.loads(line)
            f["title"] = f"{i + 1} {f.get('title', 'puzzle')}"[:60]
            tsv.write(f"{f['title']}\t{iss_text(f)}\n")
            out.write(json.dumps(f) + "\n")
            solved = subprocess.run(
                [SUDOKU, "solve", "--to", "line"], input=json.dumps(f), capture_output=True, text=True
            )
            solutions.write(solved.stdout.strip() + "\n")


if __name__ == "__main__":
    main()
