# Prints each cluster of a kdlg-opt plan (--emit-plan) on one line:
# "Struct {field,...} BYTES B: LAYOUT TILE" (SoA's tile as 0).
import json
import sys

plan = json.load(open(sys.argv[1]))
for st in plan['structs']:
    for c in st['clusters']:
        print('%s {%s} %d B: %s %d' % (st['name'], ','.join(c['fields']), c['bytes'], c['layout'], c['tile'] or 0))
