"""The Whoosh analyzer of every full-text field: folds the value, then yields the tokens of ``folding``."""

from __future__ import annotations

from typing import Any, Iterator

from judge.search.folding import fold, index_tokens
from judge.search.whoosh_api import Token, Tokenizer, W3Codec

# Bump whenever tokens or the index schema change: the index cache key includes it, so old
# indexes are rebuilt.  6: FAQ entries are indexed beside the rules (a ``kind`` field).
# 7: a ``heading`` field, the query data (glossary, question words, vocabulary) stored with the index.
# 8: stored folded texts for snippets (a ``folded`` field) and the glossary's folded spellings in the query data.
# 9: segments written as one compound file each (read through mmap).
ANALYSIS_VERSION = "9"


class FoldingTokenizer(Tokenizer):
    """Whoosh tokenizer: folds the value, then yields ``index_tokens``."""

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            t.original = t.text = fold(value).lower()
            t.boost = 1.0
            if positions:
                t.pos = start_pos
            if chars:
                t.startchar, t.endchar = start_char, start_char + len(value)
            yield t
            return
        for text, pos, start, end in index_tokens(fold(value)):
            t.text = text
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = text
            if positions:
                t.pos = start_pos + pos
            if chars:
                t.startchar, t.endchar = start_char + start, start_char + end
            yield t


def analyzer() -> FoldingTokenizer:
    """The analyzer of every full-text field."""
    return FoldingTokenizer()


class Codec(W3Codec):
    """Whoosh's default codec without per-block field-length statistics: gathering them reads the
    length of every posting's document back from disk (a fifth of the time of writing a segment).
    They only tighten the score bounds Whoosh uses to skip blocks; scores themselves read each
    document's length, so results do not change.  Lives here because segments name their codec
    and this module is loaded whenever an index is opened."""

    length_stats = False
