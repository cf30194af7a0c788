"""Piece names in kana and in plain ASCII, from their Hepburn romaji, so that a reader finds a piece by
its reading however she types it.

The piece rows give each name in modified Hepburn (``kyōsha``, ``hon'ō``, ``temma``): a long o or u is
a macron, ``n'`` is ん before a vowel or y, ``m`` is ん before b, m or p, a doubled consonant is っ. The
names of the pieces are Sino-Japanese readings, in which a long ō is written おう and a long ū うう:

>>> hiragana("shishi"), hiragana("kyōsha"), hiragana("hon'ō"), hiragana("temma"), hiragana("hosshō")
('しし', 'きょうしゃ', 'ほんおう', 'てんま', 'ほっしょう')
>>> ascii_forms("kyōsha")
('kyosha', 'kyousha', 'kyoosha')
"""

from __future__ import annotations

from .errors import PieceError

_VOWELS = {"a": "あ", "i": "い", "u": "う", "e": "え", "o": "お"}
_ROWS = {
    "k": "かきくけこ", "g": "がぎぐげご", "s": "さしすせそ", "z": "ざじずぜぞ", "t": "たちつてと", "d": "だぢづでど",
    "n": "なにぬねの", "h": "はひふへほ", "b": "ばびぶべぼ", "p": "ぱぴぷぺぽ", "m": "まみむめも", "r": "らりるれろ",
}
_SYLLABLES: dict[str, str] = {**_VOWELS, "ya": "や", "yu": "ゆ", "yo": "よ", "wa": "わ", "shi": "し", "chi": "ち",
                              "tsu": "つ", "fu": "ふ", "ji": "じ"}
for _c, _row in _ROWS.items():
    for _v, _k in zip("aiueo", _row):
        _SYLLABLES.setdefault(_c + _v, _k)
_SMALL = {"a": "ゃ", "u": "ゅ", "o": "ょ"}
for _c, _i in (("ky", "き"), ("gy", "ぎ"), ("ny", "に"), ("hy", "ひ"), ("by", "び"), ("py", "ぴ"), ("my", "み"),
               ("ry", "り"), ("sh", "し"), ("ch", "ち"), ("j", "じ")):
    for _v, _s in _SMALL.items():
        _SYLLABLES[_c + _v] = _i + _s
_LONG = {"ā": "aa", "ī": "ii", "ū": "uu", "ē": "ee", "ō": "ou"}
"""Long vowels as the kana write them in Sino-Japanese readings (おう, うう)."""


def hiragana(romaji: str) -> str:
    """``romaji`` (modified Hepburn, lower case, words separated by spaces) in hiragana; a
    :class:`~shogi_rules.model.errors.PieceError` names a spelling that is not Hepburn."""
    text = "".join(_LONG.get(ch, ch) for ch in romaji.lower())
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if ch in " -":
            out.append(" ")
            i += 1
        elif ch == "'":
            i += 1
        elif ch == "n" and (nxt in ("", " ", "'") or nxt not in "aiueoy"):
            out.append("ん")
            i += 1
        elif ch == "m" and nxt in ("b", "m", "p"):
            out.append("ん")
            i += 1
        elif ch not in "aiueon" and ch == nxt or (ch == "t" and nxt == "c"):
            out.append("っ")
            i += 1
        else:
            for size in (3, 2, 1):
                kana = _SYLLABLES.get(text[i:i + size])
                if kana:
                    out.append(kana)
                    i += size
                    break
            else:
                raise PieceError(f"{romaji!r} is not Hepburn romaji (at {text[i:]!r})")
    return "".join(out)


def ascii_forms(romaji: str) -> tuple[str, ...]:
    """``romaji`` as it is typed without macrons: long vowels dropped (``kyosha``), written as the kana
    write them (``kyousha``) and doubled (``kyoosha``); one form where there is no long vowel and no
    apostrophe."""
    forms = []
    for long in ({"ō": "o", "ū": "u", "ā": "a", "ī": "i", "ē": "e"}, _LONG,
                 {"ō": "oo", "ū": "uu", "ā": "aa", "ī": "ii", "ē": "ee"}):
        form = "".join(long.get(ch, ch) for ch in romaji.lower()).replace("'", "")
        if form not in forms:
            forms.append(form)
    return tuple(forms)
