"""The Vendetta FAQ's words and the rules document's words for one thing are linked by the glossary: searching either
finds the rule that uses the document's word and the FAQ entry that uses the FAQ's (issue 11)."""

from __future__ import annotations

import pytest

from judge import paths
from judge.search.glossary import load_glossary
from judge.search.index import Source
from judge.search.query import search

# (the rules document's word, the FAQ's word, a rule using the first, a FAQ entry using the second)
PAIRS = [
    ("回响", "重施", "820.1", "vendetta-34"),      # 820.1: [回响]是一种可选额外费用关键词 / 「重施關鍵詞」
    ("无效化", "反制", "206", "vendetta-05"),       # 206's example: 无效化一个法术 / 「抛棄」會嘗試反制但失敗
    ("结算链", "陣列", "820.1.d", "vendetta-25"),   # 820.1.d: 此结算链项目 / 加入陣列並等待確認
    ("结算链项目", "陣列項目", "820.1.d", "vendetta-01"),  # / 已確認陣列項目
    ("摧毁", "擊殺", "135.2.b.3", "vendetta-33"),   # 135.2.b.3's example: 摧毁一名单位 / 與擊殺行動相關
    ("指示物", "衍生物", "206", "vendetta-19"),     # 206's example: 「映像」指示物 / 非衍生物單位
]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> "object":
    """The bundled corpus, indexed once for this module in a private cache (never the user's)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUDGE_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        yield Source(paths.corpus_dir())


@pytest.mark.parametrize("rules_word,faq_word,rule,entry", PAIRS, ids=[p[1] for p in PAIRS])
def test_either_word_finds_both_the_rule_and_the_entry(rules_word: str, faq_word: str, rule: str, entry: str,
                                                       source: Source) -> None:
    glossary = load_glossary()
    assert glossary.lookup(rules_word) is glossary.lookup(faq_word) is not None  # one concept
    for query in (rules_word, faq_word):
        hits = {(h.kind, h.game, h.id) for h in search(query, source=source, game="riftbound", limit=50).hits}
        assert ("rule", "riftbound", rule) in hits, (query, rule)
        assert ("faq", "riftbound", entry) in hits, (query, entry)
