"""Repairing text that went through a broken GBK round trip, and stripping inline pinyin.

Inline pinyin
    Some scraped pages annotate characters with their reading: ``規(guī)則`` for ``規則``.  An
    annotation is a parenthesised, lower-case Latin pinyin syllable directly after a CJK
    character; :func:`strip_pinyin` removes it and leaves every other parenthesis alone
    (``（錦囊）``, ``(1)``, ``(X)``, ``(ok)`` are not pinyin syllables).

GBK-misaligned mojibake
    The page was GBK bytes.  Where a lead byte was lost (it shows as ``?``), the decoder paired
    every following trail byte with the next lead byte, so the run decodes into unrelated
    characters until it realigns: at a trail byte in the ASCII range (``\\``, ``M``, ``r`` …,
    decoded on its own), at the single byte ``0x80`` (``€``), or at a byte that could not be
    paired and shows as a second ``?`` (the lost trail byte of the run's last character).
    ``。快速技能（錦囊）`` = a1a3 bfec cbd9 bcbc c4dc a3a8 e55c … lost a1 and decoded as
    ``?？焖偌寄埽ㄥ\\``; the run ends at 0x5c, the ASCII trail byte of 錦.

    The page's pinyin annotator also ran over the misaligned text, so a ``?`` may be followed
    by ``yàn)``: the annotation of the misread character formed by the previous character's
    trail byte and the lost lead byte (因 d2f2 + 為 9e e9 → f2 9e = 驗, yàn), whose ``(`` the
    decoder swallowed with the lost byte.  A ``?`` that ends a run may be followed by the
    real annotation of the character whose trail byte it hides (``驍?shù)值`` → 數值).

    Repair (:func:`repair_line`): re-encode the run's characters to GBK, try every possible
    lost lead byte (and lost trail byte), keep the candidates that decode to valid GBK, and
    score the one or two unknown characters with the document's own statistics
    (:class:`CharStats`): how often the character and its pairs with its neighbours occur in
    the clean parts of the document, and whether the surrounding pinyin agrees with the
    readings the document itself gives (the misread character must carry the annotation the
    document gives it, and, as every annotated character of the document lies outside the
    GB2312 core, so must the misread one).  An unknown character is filled in only when the
    best candidate has been seen in the clean text and beats the runner-up by a clear margin
    (:data:`MARGIN`); otherwise it shows as ``〔?〕`` while the characters the bytes do fix are
    kept.  A run whose bytes cannot be rebuilt at all is wrapped as ``〔亂碼:…〕``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

# --- inline pinyin -------------------------------------------------------------------------
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü"
_PY_CHARS = f"a-z{_TONED}"
CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# ``規(guī)``: a parenthesised run of pinyin letters directly after a CJK character.
PINYIN_ANNOTATION_RE = re.compile(rf"(?<=[{CJK}])\((?P<py>[{_PY_CHARS}]+)\)")
# One toneless pinyin syllable: optional initial, then a final.
_SYLLABLE_RE = re.compile(
    r"^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ueng|ang|eng|ing|ong|ian|iao|uai|uan|van|ai|ei|ao|ou|an|en|er|in|un|vn"
    r"|ia|ie|iu|ua|uo|ui|ve|ue|a|o|e|i|u|v)$"
)


def _toneless(s: str) -> str:
    """Drop tone marks and write ü as v: ``lǜ`` → ``lv``."""
    s = s.replace("ü", "v").replace("ǖ", "v").replace("ǘ", "v").replace("ǚ", "v").replace("ǜ", "v")
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


def is_pinyin_syllable(s: str) -> bool:
    """True when ``s`` is one lower-case pinyin syllable (tone marks optional): ``guī``, ``de``."""
    return bool(s) and bool(_SYLLABLE_RE.match(_toneless(s)))


def strip_pinyin(text: str) -> str:
    """Remove ``(pinyin)`` annotations after CJK characters; keep every other parenthesis."""
    return PINYIN_ANNOTATION_RE.sub(lambda m: "" if is_pinyin_syllable(m["py"]) else m[0], text)


def pinyin_readings(text: str) -> dict[str, set[str]]:
    """The readings a text gives its characters: ``規(guī)`` → {'規': {'guī'}}."""
    out: dict[str, set[str]] = {}
    for m in PINYIN_ANNOTATION_RE.finditer(text):
        if is_pinyin_syllable(m["py"]):
            out.setdefault(text[m.start() - 1], set()).add(m["py"])
    return out


# --- GBK bytes -----------------------------------------------------------------------------
# Characters Python's gbk codec lacks but the page's decoder produced: CP936's single byte 0x80
# and GB18030-2000's private-use mappings of A8BC/A8BF.
_EXTRA_BYTES = {"€": b"\x80", "\ue7c7": b"\xa8\xbc", "\ue7c8": b"\xa8\xbf"}


def gbk_bytes(ch: str) -> bytes | None:
    """The GBK byte(s) of one character as the page's decoder read them, or None."""
    if ch in _EXTRA_BYTES:
        return _EXTRA_BYTES[ch]
    for codec in ("gbk", "gb18030"):
        try:
            b = ch.encode(codec)
        except UnicodeEncodeError:
            continue
        if len(b) <= 2:
            return b
    return None


def gbk_char(pair: bytes) -> str | None:
    """The character a two-byte GBK sequence stands for, or None if it is not one."""
    try:
        s = pair.decode("gbk")
    except UnicodeDecodeError:
        return None
    return s if len(s) == 1 and not s.isascii() else None


def in_gb2312(ch: str) -> bool:
    """True for a character of the GB2312 core of GBK (both bytes 0xA1 or above)."""
    b = gbk_bytes(ch)
    return b is not None and len(b) == 2 and b[0] >= 0xA1 and b[1] >= 0xA1


_LEADS = range(0x81, 0xFF)
_TRAILS = [b for b in range(0x40, 0xFF) if b != 0x7F]


# --- statistics of the clean text ----------------------------------------------------------
@dataclass
class CharStats:
    """Character and character-pair counts of a document's clean text, and its pinyin readings."""

    unigrams: Counter[str] = field(default_factory=Counter)
    bigrams: Counter[str] = field(default_factory=Counter)
    readings: dict[str, set[str]] = field(default_factory=dict)

    @property
    def annotates_only_extension_chars(self) -> bool:
        """True when every annotated character lies outside GB2312 (the annotator's habit)."""
        return bool(self.readings) and not any(in_gb2312(c) for c in self.readings)

    @classmethod
    def from_lines(cls, lines: list[str]) -> "CharStats":
        """Count the clean parts of ``lines``: damaged runs are cut out before counting."""
        stats = cls()
        for line in lines:
            for part in RUN_RE.split(_RUN_PLACEHOLDER.sub("", line)):
                if part is None:
                    continue
                for k, v in pinyin_readings(part).items():
                    stats.readings.setdefault(k, set()).update(v)
                clean = strip_pinyin(part)
                stats.unigrams.update(clean)
                stats.bigrams.update(clean[i : i + 2] for i in range(len(clean) - 1))
        return stats

    def score(self, ch: str, prev: str, nxt: str) -> float:
        """How well ``ch`` fits between ``prev`` and ``nxt`` (log counts, higher is better)."""
        return (
            math.log1p(self.unigrams[ch])
            + math.log1p(self.bigrams[prev + ch])
            + math.log1p(self.bigrams[ch + nxt])
        )

    def chars_read(self, py: str) -> set[str]:
        """The characters this document annotates with reading ``py``."""
        return {c for c, r in self.readings.items() if py in r}


# --- damaged runs --------------------------------------------------------------------------
# A run: the lost lead byte ``?``, the misread character's annotation (its ``(`` swallowed),
# the misaligned characters, and where it realigns: an ASCII trail byte / 0x80, or a lost
# trail byte ``?`` possibly followed by the real annotation of the run's last character.
RUN_RE = re.compile(
    rf"\?(?:(?P<spurious>[{_PY_CHARS}]+)\))?"
    r"(?P<body>[^\x00-\x7f?€]*)"
    rf"(?:(?P<ascii>[\x40-\x7e€])|(?P<lost_trail>\?)(?:(?P<real>[{_PY_CHARS}]+)\))?)?"
)
_RUN_PLACEHOLDER = re.compile(r"〔[^〕]*〕")
LOST_CHAR = "〔?〕"
# Bonus for a candidate whose pinyin is exactly the reading the document gives that character:
# a chance match is rare enough that this outweighs any frequency difference.
_PINYIN_BONUS = 10.0
# A repair is taken only when the best candidate beats the runner-up by this much (log scale).
MARGIN = 1.0


@dataclass
class Repair:
    """One damaged run of a line: where it was, what it said, what replaced it."""

    start: int
    end: int
    original: str
    replacement: str
    repaired: bool
    candidates: list[tuple[str, float]] = field(default_factory=list)


def _prev_char(line: str, start: int) -> str:
    """The clean character before position ``start`` (after its pinyin is removed)."""
    before = strip_pinyin(line[:start])
    return before[-1:] if before else ""


def _next_char(line: str, end: int) -> str:
    """The clean character after position ``end`` (annotations removed)."""
    return strip_pinyin(line[end:])[:1]


def _rank(scored: dict[str, float], stats: CharStats) -> tuple[str | None, list[tuple[str, float]]]:
    """The winning character if it is seen in the clean text and clearly ahead, and the top list."""
    top = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    if not top or stats.unigrams[top[0][0]] == 0:
        return None, top
    if len(top) > 1 and top[0][1] - top[1][1] < MARGIN:
        return None, top
    return top[0][0], top


def _pinyin_fit(ch: str, py: str | None, stats: CharStats) -> float | None:
    """Bonus when the document reads ``ch`` as ``py``; None (reject) when it reads it otherwise."""
    if py is None or ch not in stats.readings:
        return 0.0
    return _PINYIN_BONUS if py in stats.readings[ch] else None


def _misread_fit(prev: str, lead: int, spurious: str | None, stats: CharStats) -> float | None:
    """Check a lost lead byte against the annotation of the misread (prev trail, lead) character."""
    prev_b = gbk_bytes(prev) if prev else None
    if not spurious or not prev_b or len(prev_b) != 2:
        return 0.0
    misread = gbk_char(bytes([prev_b[1], lead]))
    if misread is None:
        return None
    if stats.annotates_only_extension_chars and in_gb2312(misread):
        return None  # the annotator never annotates a GB2312 character
    return _pinyin_fit(misread, spurious, stats)


def _candidates(
    lead: int | None, trail: int | None, prev: str, nxt: str, m: re.Match[str], stats: CharStats
) -> dict[str, float]:
    """Score every character a lost lead and/or trail byte can complete (None = the lost byte)."""
    read_as = stats.chars_read(m["real"]) if (trail is None and m["real"]) else set()
    out: dict[str, float] = {}
    for lb in _LEADS if lead is None else [lead]:
        fit = _misread_fit(prev, lb, m["spurious"], stats) if lead is None else 0.0
        if fit is None:
            continue
        for tb in _TRAILS if trail is None else [trail]:
            ch = gbk_char(bytes([lb, tb]))
            if ch is None or (read_as and ch not in read_as):
                continue
            bonus = _PINYIN_BONUS if ch in read_as else 0.0
            out[ch] = max(out.get(ch, -math.inf), stats.score(ch, prev, nxt) + fit + bonus)
    return out


def _repair_run(m: re.Match[str], line: str, stats: CharStats) -> Repair:
    """Repair one matched run, or mark it when the bytes do not decide."""
    original = m[0]
    marked = Repair(m.start(), m.end(), original, f"〔亂碼:{original}〕", False)
    body = m["body"] + (m["ascii"] or "")
    if not m["ascii"] and not m["lost_trail"]:
        # No realignment point: nothing to rebuild the bytes from.
        if not body:
            marked.replacement = LOST_CHAR
        return marked
    byte_list = [gbk_bytes(c) for c in body]
    if any(b is None for b in byte_list):
        return marked
    raw = b"".join(b for b in byte_list if b is not None)
    prev, nxt = _prev_char(line, m.start()), _next_char(line, m.end())
    if not raw:  # ``?P)?P)``: both bytes of one character lost
        best, top = _rank(_candidates(None, None, prev, nxt, m, stats), stats)
        marked.candidates = top
        return Repair(m.start(), m.end(), original, best or LOST_CHAR, best is not None, top)

    # Lead lost: bytes are L + raw (+ T); the first character is (L, raw[0]).
    lost_trail = bool(m["lost_trail"])
    if len(raw) % 2 != (0 if lost_trail else 1):
        return marked
    middle_bytes = raw[1:-1] if lost_trail else raw[1:]
    try:
        middle = middle_bytes.decode("gbk")
    except UnicodeDecodeError:
        return marked
    if len(middle) * 2 != len(middle_bytes) or any(c.isascii() for c in middle):
        return marked

    first_next = middle[:1] if (middle or lost_trail) else nxt
    first, top = _rank(_candidates(None, raw[0], prev, first_next, m, stats), stats)
    text = (first or LOST_CHAR) + middle
    last: str | None = ""
    if lost_trail:  # the last character: its lead byte is known, its trail byte is lost
        before_last = middle[-1:] or (first or "")
        last, top2 = _rank(_candidates(raw[-1], None, before_last, nxt, m, stats), stats)
        top += top2
        text += last or LOST_CHAR
    # Known characters are kept; an undecided lost character shows as 〔?〕.
    return Repair(m.start(), m.end(), original, text, first is not None and last is not None, top)


def repair_line(line: str, stats: CharStats) -> tuple[str, list[Repair]]:
    """Repair every damaged run of one line; unrepairable runs are marked in place."""
    repairs = [_repair_run(m, line, stats) for m in RUN_RE.finditer(line)]
    out, pos = [], 0
    for r in repairs:
        out.append(line[pos : r.start])
        out.append(r.replacement)
        pos = r.end
    out.append(line[pos:])
    return "".join(out), repairs
