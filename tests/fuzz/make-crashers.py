#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the hand-made inputs of the fuzz corpus: the line-ups, the trimmed decks, and the
# crashers of issue 11, each made from a genuine save that make-corpus wrote. See README.
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(os.path.dirname(here))
corpus = os.path.join(here, 'corpus')


def write(target, name, data):
    os.makedirs(os.path.join(corpus, target), exist_ok=True)
    if isinstance(data, str):
        data = data.encode('utf-8', 'surrogatepass')
    with open(os.path.join(corpus, target, name), 'wb') as f:
        f.write(data)


def dumps(value):
    # ASCII escapes, so a lone surrogate is written as the six characters \ud800.
    return json.dumps(value, ensure_ascii=True, separators=(',', ':'))


def genuine(kind, name):
    with open(os.path.join(corpus, 'save-' + kind, name), encoding='utf-8') as f:
        return json.load(f)


def with_name(save, name):
    save = json.loads(json.dumps(save))
    save['players'][0]['name'] = name
    return save


saves = {
    'buxtehude': 'buxtehude-2p-seed1-100-challenge.json',
    'minden': 'minden-2p-seed1-100-choose.json',
    'aufachse': 'aufachse-2p-seed1-100-play-counter.json',
}
players = [
    {'name': 'Anna', 'age': 8, 'colour': '#c01c28', 'kind': 'human'},
    {'name': 'Ben', 'age': None, 'colour': '#1c71d8', 'kind': 'computer', 'level': 'easy'},
    {'name': 'Clara', 'age': 44, 'colour': '#26a269', 'kind': 'computer', 'level': 'hard'},
    {'name': 'Großmütterchen', 'age': 150, 'colour': '#e5a50a', 'kind': 'human'},
    {'name': 'Emine', 'age': 0, 'colour': '#813d9c', 'kind': 'computer', 'level': 'normal'},
    {'name': 'Fritz', 'age': 12, 'colour': '#63452c', 'kind': 'human'},
]

# Issue 11, case 1: a quote inside a comment fooled the depth check, and json-glib recursed
# until the stack overflowed. Full size where the issue met it (a save's peek, the line-up);
# deep enough to pass any depth limit elsewhere, and small.
deep = '/* " */' + '[' * 100000
shallow = '/* " */' + '[' * 2000
single_quoted = "['\"'," + '[' * 2000

for kind, name in saves.items():
    target = 'save-' + kind
    save = genuine(kind, name)
    write(target, 'issue11-comment-nesting', deep if kind == 'buxtehude' else shallow)
    write(target, 'issue11-single-quote-nesting', single_quoted)
    # Case 2: a lone surrogate, bytes that are not UTF-8, a name cut inside a character.
    write(target, 'issue11-lone-surrogate-name.json', dumps(with_name(save, 'An\ud800na')))
    text = dumps(with_name(save, 'AnXXna')).encode().replace(b'AnXXna', b'An\xffna')
    write(target, 'issue11-invalid-utf8-name.json', text)
    text = dumps(with_name(save, 'AnXX')).encode().replace(b'AnXX', b'An\xc3')
    write(target, 'issue11-cut-utf8-name.json', text)
    write(target, 'issue11-long-name.json', dumps(with_name(save, 'ä' * 41)))
    # Case 5: a date GLib parses but cannot hold in local time.
    old = json.loads(json.dumps(save))
    old['saved'] = '0001-01-01T00:00:00+14:00'
    write(target, 'issue11-saved-year-1.json', dumps(old))

# Case 5: a reserve card moved into a Buxtehude arm loaded, and the game's own autosave was
# refused 43 moves later. Into the longest arm of a game well under way.
save = genuine('buxtehude', 'buxtehude-6p-seed2-option-100-challenge.json')
state = save['state']
arm = max(state['arms'], key=lambda a: len(state['arms'][a]))
state['arms'][arm].append(state['reserve'].pop(0))
write('save-buxtehude', 'issue11-reserve-card-in-arm.json', dumps(save))

# Line-ups as the setup page writes them, and the same crashers.
write('lineup', 'two-players.json',
      dumps({'players': players[:2], 'options': {'buxtehude': True}}))
write('lineup', 'six-players.json',
      dumps({'players': players, 'options': {'buxtehude': False, 'minden': True}}))
write('lineup', 'no-options.json', dumps({'players': players[2:5]}))
write('lineup', 'issue11-comment-nesting', deep)
write('lineup', 'issue11-single-quote-nesting', single_quoted)
write('lineup', 'issue11-lone-surrogate-name.json',
      dumps({'players': [dict(players[0], name='An\ud800na'), players[1]]}))
write('lineup', 'issue11-invalid-utf8-name.json',
      dumps({'players': [dict(players[0], name='AnXXna'), players[1]]})
      .encode().replace(b'AnXXna', b'An\xffna'))
write('lineup', 'issue11-long-name.json',
      dumps({'players': [dict(players[0], name='ä' * 41), players[1]]}))

# The decks, trimmed so that one input takes milliseconds: every kind and colour, every
# optional member. The whole Buxtehude deck once (42 KB), as shipped.
with open(os.path.join(top, 'data', 'buxtehude-cards.json'), 'rb') as f:
    bux_full = f.read()
bux = json.loads(bux_full)
write('deck-buxtehude', 'buxtehude-cards.json', bux_full)
places = [c for c in bux['cards'] if c['kind'] == 'place']
landmarks = [c for c in bux['cards'] if c['kind'] == 'landmark']
small = dict(bux, cards=places[:12] + landmarks[:4])
write('deck-buxtehude', 'buxtehude-cards-16.json', json.dumps(small, ensure_ascii=False))
write('deck-buxtehude', 'issue11-comment-nesting', shallow)
bad = json.dumps(dict(bux, cards=places[:2])).replace('Aachen', 'Aa\\ud800chen')
write('deck-buxtehude', 'issue11-lone-surrogate-name.json', bad)

with open(os.path.join(top, 'data', 'minden-cards.json'), 'rb') as f:
    minden = json.loads(f.read())
cards = []
for colour in ('yellow', 'red', 'blue', 'purple'):
    cards += [c for c in minden['cards'] if c['colour'] == colour][:6]
write('deck-minden', 'minden-cards-24.json',
      json.dumps(dict(minden, cards=cards), ensure_ascii=False))
write('deck-minden', 'minden-cards-2.json',
      json.dumps(dict(minden, cards=cards[:1] + cards[6:7]), ensure_ascii=False))
write('deck-minden', 'issue11-comment-nesting', shallow)
bad = json.dumps(dict(minden, cards=cards[:3]), ensure_ascii=True)
write('deck-minden', 'issue11-invalid-utf8-name.json',
      bad.encode().replace(b'Berlin', b'Ber\xc3lin', 1))
