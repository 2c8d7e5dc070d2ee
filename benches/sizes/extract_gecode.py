#!/usr/bin/env python3
"""Extract Gecode's sudoku example instances (examples/sudoku-instances.hh)
into one-line-per-puzzle files, for 16x16 and 25x25.

Gecode encoding (sudokuField): row-major string; digit -> its value (0 = blank),
letter (case-insensitive) -> 10 + (c-'A') if <= N else blank; any other char blank.
Output: '1'-'9','A'=10..., '.' blank; '# gecode <index> <comment>' line before each.
"""
import sys, math

def parse(src):
    body = src[src.index("examples[] = {") + len("examples[] = {"):]
    body = body[:body.index("};")]
    entries, cur, comments, pending = [], [], [], []
    i = 0
    while i < len(body):
        c = body[i]
        if body.startswith("//", i):
            j = body.find("\n", i); j = len(body) if j < 0 else j
            pending.append(body[i + 2:j].strip()); i = j
        elif body.startswith("/*", i):
            j = body.index("*/", i); i = j + 2
        elif c == '"':
            j = body.index('"', i + 1)
            if not cur: comments, pending = pending, []
            cur.append(body[i + 1:j]); i = j + 1
        elif c == ',':
            entries.append(("".join(cur), comments)); cur, comments = [], []; i += 1
        else:
            i += 1
    if cur: entries.append(("".join(cur), comments))
    return entries

def convert(s):
    l = len(s); n = round(math.sqrt(l)); assert n * n == l
    out = []
    for c in s:
        v = 0
        if c.isdigit(): v = int(c)
        elif c.isalpha():
            v = ord(c.upper()) - ord('A') + 10
            if v > n: v = 0
        out.append('.' if v == 0 else (str(v) if v < 10 else chr(ord('A') + v - 10)))
    return n, "".join(out)

def main():
    src = open(sys.argv[1]).read(); outdir = sys.argv[2]
    entries = parse(src)
    files = {16: [], 25: []}; counts = {}
    for idx, (s, comments) in enumerate(entries):
        n, p = convert(s)
        counts[n] = counts.get(n, 0) + 1
        # comments holding the index, e.g. "34"; sanity check it matches position
        nums = [c.split()[0] for c in comments if c and c.split()[0].isdigit()]
        assert not nums or int(nums[-1]) == idx, (idx, comments)
        info = " | ".join(c for c in comments if c and not c.isdigit() and not c.startswith('"'))
        if any(c.startswith('"') for c in comments):
            info = (info + " | " if info else "") + "= gecode 19 with more givens in row 1; original row commented out in source"
        if n in files:
            files[n].append(f"# gecode {idx}" + (f" ({info})" if info else ""))
            files[n].append(p)
    for n, lines in files.items():
        with open(f"{outdir}/gecode-{n}.txt", "w") as f:
            f.write("\n".join(lines) + "\n")
    print("entries:", len(entries), "by size:", counts, file=sys.stderr)

main()
