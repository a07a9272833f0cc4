"""Search text analysis: folding, unigram/bigram tokens with positions, phrase tokens, offset maps."""

from __future__ import annotations

from judge.locale import folding
from judge.locale.folding import fold, fold_with_map
from judge.search.analysis import index_tokens, phrase_tokens, units


def test_fold_traditional_to_simplified_and_fullwidth_to_ascii() -> None:
    assert fold("堆疊上的優先權") == "堆叠上的优先权"
    assert fold("ＡＢＣ１２３") == "ABC123"
    assert fold("响应链") == "响应链"  # Simplified stays as it is


def test_unigrams_and_bigrams_share_positions() -> None:
    toks = [(t, p) for t, p, _, _ in index_tokens(fold("響應鏈"))]
    assert toks == [("响", 0), ("响应", 0), ("应", 1), ("应链", 1), ("链", 2)]


def test_latin_words_lowercased_and_rule_numbers_whole() -> None:
    toks = [t for t, _, _, _ in index_tokens(fold("See Rule 820.1.c.3 and 717.2a. X点"))]
    assert toks == ["see", "rule", "820.1.c.3", "and", "717.2a", "x", "点"]


def test_punctuation_breaks_bigrams_and_takes_a_position() -> None:
    toks = [(t, p) for t, p, _, _ in index_tokens("响应，链")]
    assert ("应链", 1) not in toks
    assert ("链", 3) in toks  # 响 0, 应 1, the comma run 2, 链 3


def test_damaged_pinyin_is_skipped_so_bigrams_survive() -> None:
    toks = [t for t, _, _, _ in index_tokens(fold("規(guī)則"))]
    assert toks == ["规", "规则", "则"]


def test_phrase_tokens_one_per_position() -> None:
    assert phrase_tokens("响应链") == ["响应", "应链"]
    assert phrase_tokens("x点伤害") == ["x", "点伤", "伤害"]
    assert phrase_tokens("响应链 目标") == ["响应", "应链", "链", "目标"]
    assert phrase_tokens("链") == ["链"]


def test_units_positions_are_consecutive_across_scripts() -> None:
    assert [(u.text, u.pos, u.joined) for u in units("a 响应")] == [("a", 0, False), ("响", 1, False), ("应", 2, True)]


def test_fold_with_map_identity_when_lengths_match() -> None:
    folded, mapping = fold_with_map("時間印記")
    assert folded == "时间印记"
    assert mapping == [0, 1, 2, 3, 4]


def test_fold_with_map_stays_in_bounds_when_a_conversion_changes_length(monkeypatch) -> None:
    original = folding.fold

    def lengthening(text: str) -> str:  # pretend a phrase conversion adds a character
        return original(text).replace("记", "记记")

    monkeypatch.setattr(folding, "fold", lengthening)
    text = "時間印記，a"
    folded, mapping = fold_with_map(text)
    assert folded == "时间印记记,a"
    assert len(mapping) == len(folded) + 1
    assert mapping == sorted(mapping) and mapping[-1] == len(text)
    assert all(0 <= i <= len(text) for i in mapping)
    assert text[mapping[folded.index("a")]] == "a"
