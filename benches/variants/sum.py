#!/usr/bin/env python3
"""Joins each set's two sides row by row: ISS's (iss-run.mjs) and ours
(timing), as side.sh wrote them in OUT/results, round by round
(SET-iss.rK.tsv, SET-ours.rK.tsv: each puzzle's least time over the rounds)
or as one older SET-iss.tsv / SET-ours.tsv; checks them against
OUT/SET.jsonl and OUT/SET-solutions.txt, and prints, per set and subset,
the number of puzzles, how many ours is at most ISS's time on (first
solution / uniqueness; ISS's search alone, and ISS's build + search), the
sums of times, and the puzzles where ours is slower than ISS's search
alone. side.sh runs it after each run; run alone, it re-reads the last
results.

    [OUT=/tmp/variants-bench] python3 benches/variants/sum.py [killers] [others] [reflections] [others-reflections]
"""
import glob, json, os, sys

OUT = os.environ.get('OUT') or '/tmp/variants-bench'


def rows(path):
    out = {}
    for line in open(path):
        f = line.rstrip('\n').split('\t')
        if not f[0].isdigit():
            continue
        out[int(f[0])] = f
    return out


def side(name, who, times, problems):
    """One side's rows for a set: its rounds (SET-WHO.rK.tsv, from side.sh)
    merged, each puzzle with its least time in each column of `times` over
    the rounds, or else the single SET-WHO.tsv of an older run. The other
    columns (count, solution, guesses) must agree between rounds."""
    base = os.path.join(OUT, 'results', f'{name}-{who}')
    paths = sorted(glob.glob(base + '.r*.tsv'), key=lambda p: int(p[len(base) + 2:-4]))
    if not paths:
        return rows(base + '.tsv'), 1
    merged = rows(paths[0])
    for path in paths[1:]:
        for i, f in rows(path).items():
            m = merged.get(i)
            if m is None or len(m) != len(f):
                problems.append(f'{name} #{i}: {who} rows differ between rounds')
                continue
            for c in range(len(f)):
                if c in times:
                    a, b = fnum(m[c]), fnum(f[c])
                    if a is not None and b is not None and b < a:
                        m[c] = f[c]
                elif c != 0 and m[c] != f[c]:
                    problems.append(f'{name} #{i} {m[1]}: {who} column {c} differs between '
                                    f'rounds ({m[c]!r} / {f[c]!r})')
    return merged, len(paths)


def subsets(name):
    """(label, predicate on (idx, title, size)) per set."""
    if name in ('killers', 'reflections', 'killers-reflections'):
        return [('MATHEMAGIC killers', lambda t, s: t.startswith('MATHEMAGIC')),
                ('TAREK killers', lambda t, s: t.startswith('TAREK')),
                ('killers, all', lambda t, s: True)]
    return [('the other rules, 9x9', lambda t, s: s == 9),
            ('the other rules, 16x16', lambda t, s: s == 16),
            ('the other rules, 6x6', lambda t, s: s == 6),
            ('the other rules, all', lambda t, s: True)]


def ms(x):
    return f'{x:.0f}' if x >= 100 else f'{x:.2f}'


def fnum(x):
    try:
        return float(x)
    except ValueError:
        return None


def main(sets):
    problems, slower, table, rounds, everything = [], [], [], set(), []
    for name in sets:
        # ISS: build, first, count ms; ours: first, count ms.
        iss, n_iss = side(name, 'iss', {2, 3, 4}, problems)
        ours, n_ours = side(name, 'ours', {2, 3}, problems)
        rounds.update((n_iss, n_ours))
        sols = open(os.path.join(OUT, f'{name}-solutions.txt')).read().split('\n')
        sizes = [json.loads(l)['size'] for l in open(os.path.join(OUT, f'{name}.jsonl'))]
        joined = []
        for i, size in enumerate(sizes):
            a, b = iss.get(i), ours.get(i)
            if a is None or b is None or len(a) < 9 or len(b) < 8:
                problems.append(f'{name} #{i}: ISS {a and a[2:]} / ours {b and b[2:]}')
                continue
            title = a[1]
            if b[1] != title:
                problems.append(f'{name} #{i}: titles differ: {title!r} / {b[1]!r}')
            # A puzzle kept with no solution (make-others.mjs, NONE=1):
            # count 0 on both sides, solution `none`.
            want = sols[i].strip()
            count, verdict = ('0', 'none') if want == 'none' else ('1', 'matches')
            if a[5] != count or a[6] != want:
                problems.append(f'{name} #{i} {title}: ISS count {a[5]}, solution '
                                f'{"same" if a[6] == want else "DIFFERS"}')
            if b[4] != count or b[5] != verdict:
                problems.append(f'{name} #{i} {title}: ours count {b[4]}, solution {b[5]}')
            r = dict(title=title, size=size, ib=fnum(a[2]), if_=fnum(a[3]), ic=fnum(a[4]),
                     igf=a[7], igc=a[8], of=fnum(b[2]), oc=fnum(b[3]), ogf=b[6], ogc=b[7])
            joined.append(r)
            if r['of'] > r['if_'] or r['oc'] > r['ic']:
                slower.append(r)
        everything.extend(joined)
        groups = [(label, [r for r in joined if pred(r['title'], r['size'])])
                  for label, pred in subsets(name)]
        if name == sets[-1] and len(sets) > 1:
            groups.append((f'all {len(everything)} ({", ".join(sets)})', everything))
        for label, sub in groups:
            if not sub:
                continue
            n = len(sub)
            le_f = sum(r['of'] <= r['if_'] for r in sub)
            le_c = sum(r['oc'] <= r['ic'] for r in sub)
            leb_f = sum(r['of'] <= r['ib'] + r['if_'] for r in sub)
            leb_c = sum(r['oc'] <= r['ib'] + r['ic'] for r in sub)
            of, oc = sum(r['of'] for r in sub), sum(r['oc'] for r in sub)
            if_, ic = sum(r['if_'] for r in sub), sum(r['ic'] for r in sub)
            ib = sum(r['ib'] for r in sub)
            table.append((label, n, f'{le_f} / {le_c}', f'{leb_f} / {leb_c}',
                          f'ours {ms(of)} / {ms(oc)} ms, ISS {ms(if_)} / {ms(ic)} ms (ISS build {ms(ib)} ms)',
                          f'{if_ / of:.2f} / {ic / oc:.2f}'))
    if rounds != {1}:
        print(f'Each time the least of {" / ".join(str(n) for n in sorted(rounds))} rounds.')
        print()
    print('| | puzzles | ours <= ISS, first / unique | ours <= ISS\'s build + search, first / unique '
          '| sum of times, first / unique | ISS / ours, first / unique |')
    print('|---|---|---|---|---|---|')
    for t in table:
        print('| ' + ' | '.join(str(x) for x in t) + ' |')
    print()
    print(f'Ours slower than ISS\'s search alone (first or unique), {len(slower)}:')
    print('  title: ours first / unique ms (guesses to unique) against ISS first / unique ms '
          '(guesses to unique; build ms)')
    for r in slower:
        marks = ('F' if r['of'] > r['if_'] else '-') + ('U' if r['oc'] > r['ic'] else '-')
        print(f"  [{marks}] {r['title']}: ours {r['of']:.3f} / {r['oc']:.3f} ({r['ogc']}) against "
              f"ISS {r['if_']:.3f} / {r['ic']:.3f} ({r['igc']}; build {r['ib']:.3f})")
    print()
    if problems:
        print(f'PROBLEMS ({len(problems)}):')
        for p in problems:
            print('  ' + p)
    else:
        print('Every puzzle: the same count on both sides (1, or 0 where the solutions file says none), '
              'ours "matches" (or "none"), ISS\'s solution equals the solutions file.')


if __name__ == '__main__':
    main(sys.argv[1:] or ['killers', 'others'])
