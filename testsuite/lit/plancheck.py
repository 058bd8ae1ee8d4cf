#!/usr/bin/env python3
"""Flatten a kdlg-opt JSON plan into lines FileCheck can match.

    plancheck.py [PLAN.json]      (default: read the plan on stdin)

Output, one line each, in the plan's order:
  input <path>
  language <cuda|cl>
  model source=<s> provisional=<true|false>
  struct <name> bytes=<n> fields=<count> epsilon=<e>
  field <name> bytes=<n> offset=<n>
  edge <a> <b> <delta>
  cluster <f1,f2,...> bytes=<n> layout=<l> tile=<t|null>[ align=<a>]
                                (align only where the plan has the key)
  uniform <true|false>          (only where the plan has the key)
  note <text>                   (only where the plan has the key)
  loop kernel=<k> function=<f> line=<n> trip=<n> rule=<r>
  kernels <k1,k2,...>
  end struct <name>
A missing file or a plan that is not valid JSON makes the script fail (exit 1).
"""
import json
import sys


def val(v):
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    return str(v)


def main():
    if len(sys.argv) > 1:
        try:
            with open(sys.argv[1], encoding='utf-8') as f:
                text = f.read()
        except OSError as e:
            sys.stderr.write('plancheck: %s\n' % e)
            return 1
    else:
        text = sys.stdin.read()
    try:
        plan = json.loads(text)
    except ValueError as e:
        sys.stderr.write('plancheck: invalid JSON: %s\n' % e)
        return 1
    out = []
    out.append('input %s' % val(plan.get('input')))
    out.append('language %s' % val(plan.get('language')))
    model = plan.get('model') or {}
    out.append('model source=%s provisional=%s'
               % (val(model.get('source')), val(model.get('provisional'))))
    for s in plan.get('structs', []):
        fields = s.get('fields', [])
        out.append('struct %s bytes=%s fields=%d epsilon=%s'
                   % (s.get('name'), val(s.get('bytes')), len(fields),
                      val(s.get('epsilon'))))
        for f in fields:
            out.append('field %s bytes=%s offset=%s'
                       % (f.get('name'), val(f.get('bytes')), val(f.get('offset'))))
        for e in s.get('edges', []):
            out.append('edge %s %s %s' % (e.get('a'), e.get('b'), val(e.get('delta'))))
        for c in s.get('clusters', []):
            out.append('cluster %s bytes=%s layout=%s tile=%s%s'
                       % (','.join(c.get('fields', [])), val(c.get('bytes')),
                          val(c.get('layout')), val(c.get('tile')),
                          ' align=%s' % val(c['align']) if 'align' in c else ''))
        if 'uniform' in s:
            out.append('uniform %s' % val(s.get('uniform')))
        if 'note' in s:
            out.append('note %s' % s.get('note'))
        for l in s.get('loops', []):
            out.append('loop kernel=%s function=%s line=%s trip=%s rule=%s'
                       % (l.get('kernel'), l.get('function'), val(l.get('line')),
                          val(l.get('trip')), val(l.get('rule'))))
        out.append('kernels %s' % ','.join(s.get('kernels', [])))
        out.append('end struct %s' % s.get('name'))
    sys.stdout.write('\n'.join(out) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
