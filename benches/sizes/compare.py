#!/usr/bin/env python3
"""Sets TSVs of ours_anchor.py, sat_anchor.py and cpsat_anchor.py for the
same puzzle file side by side: for each mode (first, unique), each
solver's sum of seconds and slowest puzzle, and for each anchor the ratio
anchor / ours per puzzle (least, median), as a Markdown table.

A puzzle counts only where every solver settled it (solved for first;
unique, multiple or none for unique); the others are listed apart.

Example:
    python3 compare.py ours=ours.tsv cadical=sat.tsv cp-sat=cpsat.tsv
"""

import statistics
import sys

SETTLED = {"first": {"solved"}, "unique": {"unique", "multiple", "none"}}


def read(path):
    """{(index, mode): (seconds, status)} of one TSV."""
    rows = {}
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        at = {name: i for i, name in enumerate(header)}
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < len(header):
                continue
            rows[(int(cols[at["index"]]), cols[at["mode"]])] = (
                float(cols[at["seconds"]]), cols[at["status"]])
    return rows


def main():
    runs = [arg.split("=", 1) for arg in sys.argv[1:]]
    if len(runs) < 2 or any(len(r) != 2 for r in runs):
        sys.exit("usage: compare.py ours=OURS.tsv ANCHOR=ANCHOR.tsv ...")
    tables = [(label, read(path)) for label, path in runs]
    (ours_label, ours), anchors = tables[0], tables[1:]
    print(f"| mode | puzzles | {' | '.join(f'{label}: sum / slowest (s)' for label, _ in tables)} | "
          f"{' | '.join(f'{label} / {ours_label}: least / median' for label, _ in anchors)} |")
    print("|---" * (2 + len(tables) + len(anchors)) + "|")
    for mode in ("first", "unique"):
        keys = sorted(k for k in ours if k[1] == mode)
        settled = [k for k in keys
                   if all(t.get(k, (0, ""))[1] in SETTLED[mode] for _, t in tables)]
        unsettled = [k[0] for k in keys if k not in settled]
        sums = []
        for _, t in tables:
            times = [t[k][0] for k in settled]
            sums.append(f"{sum(times):.3f} / {max(times, default=0):.3f}")
        ratios = []
        for _, t in anchors:
            r = [t[k][0] / ours[k][0] for k in settled if ours[k][0] > 0]
            ratios.append(f"{min(r):.1f} / {statistics.median(r):.1f}" if r else "-")
        print(f"| {mode} | {len(settled)} | {' | '.join(sums)} | {' | '.join(ratios)} |")
        if unsettled:
            print(f"\n{mode}: not settled by every solver: {unsettled}\n", file=sys.stderr)


if __name__ == "__main__":
    main()
