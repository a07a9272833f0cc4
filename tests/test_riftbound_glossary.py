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


# A concept the Riftbound documents have a word for is that game's concept too: an English question searched in
# Riftbound keeps the word (before, "damage", "replacement effect", "exhausted" … had no Riftbound term and were left
# out as words the corpus lacks). Each word is the FAQ's own (vendetta-11: 戰鬥傷害分配; vendetta-03: 是替換效果;
# vendetta-21: 將其休眠; vendetta-05: 放進棄牌堆).
@pytest.mark.parametrize("english,word", [("damage", "傷害"), ("replacement effect", "替換效果"), ("exhausted", "休眠"),
                                          ("trash", "棄牌堆"), ("triggered ability", "觸發效果")])
def test_an_english_word_of_a_riftbound_concept_searches_its_word(english: str, word: str, source: Source) -> None:
    from judge.locale.folding import fold

    result = search(f"Riftbound: {english}", source=source, limit=50)
    assert result.hits and not any(k == "absent" for k, _ in result.note_keys)
    assert {h.game for h in result.hits} == {"riftbound"}
    with_word = [h for h in result.hits if fold(word) in fold(f"{h.title}\n{h.snippet}")]
    assert with_word and result.hits[0] in with_word, [(h.id, h.snippet[:40]) for h in result.hits[:3]]
